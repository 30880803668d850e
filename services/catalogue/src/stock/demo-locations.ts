import type { Market } from '@buyloop/kit';
import type { Location, OpeningHours } from './locations';

const hours = (weekdays: [string, string], saturday: [string, string] | null, sunday: [string, string] | null): OpeningHours => {
  const day = ([opens, closes]: [string, string]) => ({ opens, closes });
  return {
    mon: day(weekdays),
    tue: day(weekdays),
    wed: day(weekdays),
    thu: day(weekdays),
    fri: day(weekdays),
    sat: saturday ? day(saturday) : null,
    sun: sunday ? day(sunday) : null,
  };
};

const warehouseHours = hours(['07:00', '18:00'], null, null);
const storeHours = hours(['09:00', '20:00'], ['09:00', '18:00'], ['10:00', '16:00']);

/** The demo shop's locations: one central warehouse and three stores per market (ids stable, used by the demo stock). */
export const DEMO_LOCATIONS: Readonly<Record<Market, readonly Location[]>> = {
  cz: [
    {
      id: 'cz-central',
      name: 'Centrální sklad Modletice',
      kind: 'warehouse',
      address: { street: 'Modletice 120', city: 'Dobřejovice', postcode: '251 70', country: 'CZ' },
      openingHours: warehouseHours,
      coordinates: { lat: 49.9716, lng: 14.5912 },
    },
    {
      id: 'cz-praha',
      name: 'Buyloop Praha – Na Příkopě',
      kind: 'store',
      address: { street: 'Na Příkopě 22', city: 'Praha 1', postcode: '110 00', country: 'CZ' },
      openingHours: storeHours,
      coordinates: { lat: 50.0853, lng: 14.4262 },
    },
    {
      id: 'cz-brno',
      name: 'Buyloop Brno – Masarykova',
      kind: 'store',
      address: { street: 'Masarykova 31', city: 'Brno', postcode: '602 00', country: 'CZ' },
      openingHours: storeHours,
      coordinates: { lat: 49.1927, lng: 16.6106 },
    },
    {
      id: 'cz-ostrava',
      name: 'Buyloop Ostrava – Nádražní',
      kind: 'store',
      address: { street: 'Nádražní 112', city: 'Ostrava', postcode: '702 00', country: 'CZ' },
      openingHours: storeHours,
      coordinates: { lat: 49.8389, lng: 18.2843 },
    },
  ],
  ro: [
    {
      id: 'ro-central',
      name: 'Depozit central Chiajna',
      kind: 'warehouse',
      address: { street: 'Strada Industriilor 21', city: 'Chiajna', postcode: '077040', country: 'RO' },
      openingHours: warehouseHours,
      coordinates: { lat: 44.4522, lng: 25.9955 },
    },
    {
      id: 'ro-bucuresti',
      name: 'Buyloop București – Magheru',
      kind: 'store',
      address: { street: 'Bulevardul General Gheorghe Magheru 28', city: 'București', postcode: '010336', country: 'RO' },
      openingHours: storeHours,
      coordinates: { lat: 44.4431, lng: 26.0974 },
    },
    {
      id: 'ro-cluj',
      name: 'Buyloop Cluj-Napoca – Eroilor',
      kind: 'store',
      address: { street: 'Bulevardul Eroilor 15', city: 'Cluj-Napoca', postcode: '400129', country: 'RO' },
      openingHours: storeHours,
      coordinates: { lat: 46.7697, lng: 23.5917 },
    },
    {
      id: 'ro-iasi',
      name: 'Buyloop Iași – Ștefan cel Mare',
      kind: 'store',
      address: { street: 'Bulevardul Ștefan cel Mare și Sfânt 8', city: 'Iași', postcode: '700063', country: 'RO' },
      openingHours: storeHours,
      coordinates: { lat: 47.1661, lng: 27.5805 },
    },
  ],
};

export const demoLocations = (market: Market): readonly Location[] => DEMO_LOCATIONS[market];
