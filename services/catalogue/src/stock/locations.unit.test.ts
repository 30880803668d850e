import { describe, expect, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { demoLocations } from './demo-locations';
import { locationsDecider, type Location } from './locations';

const { given } = deciderSpec(locationsDecider);
const at = '2026-03-01T10:00:00.000Z';
const [warehouse, praha] = demoLocations('cz') as [Location, Location];
const define = (location: Location) => ({ type: 'DefineLocation', market: 'cz', location, at }) as const;

describe('locations', () => {
  it('defines a location, redefines a changed one, ignores the same definition', () => {
    given()
      .when(define(praha))
      .then({ type: 'LocationDefined', data: { market: 'cz', location: praha, at } });
    const moved = { ...praha, address: { ...praha.address, street: 'Na Příkopě 24' } };
    given({ type: 'LocationDefined', data: { market: 'cz', location: praha, at } })
      .when(define(moved))
      .then({ type: 'LocationUpdated', data: { market: 'cz', location: moved, at } });
    given({ type: 'LocationDefined', data: { market: 'cz', location: praha, at } })
      .when(define(praha))
      .then();
  });

  it('ignores the same definition read back with its keys in another order (as JSONB returns it)', () => {
    const shuffled = Object.fromEntries(Object.entries(praha).reverse()) as unknown as Location;
    given({ type: 'LocationDefined', data: { market: 'cz', location: shuffled, at } })
      .when(define(praha))
      .then();
  });

  it('a warehouse does not become a store', () => {
    given({ type: 'LocationDefined', data: { market: 'cz', location: warehouse, at } })
      .when(define({ ...warehouse, kind: 'store' }))
      .thenThrows(IllegalState, 'catalogue.stock.location_kind_fixed');
  });

  it('refuses a bad id, name, hours or coordinates', () => {
    given()
      .when(define({ ...praha, id: 'Praha 1' }))
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when(define({ ...praha, name: ' ' }))
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when(define({ ...praha, openingHours: { ...praha.openingHours, mon: { opens: '20:00', closes: '09:00' } } }))
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when(define({ ...praha, coordinates: { lat: 91, lng: 14 } }))
      .thenThrows(ValidationError, 'validation.failed');
  });

  it('the demo shop has a warehouse and three stores on each market, all valid', () => {
    for (const market of ['cz', 'ro'] as const) {
      const list = demoLocations(market);
      expect(list.map((l) => l.kind)).toEqual(['warehouse', 'store', 'store', 'store']);
      for (const location of list)
        expect(locationsDecider.decide({ type: 'DefineLocation', market, location, at }, { locations: {} })).toHaveLength(1);
    }
    expect(demoLocations('ro').map((l) => l.address.city)).toEqual(['Chiajna', 'București', 'Cluj-Napoca', 'Iași']);
  });
});
