import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { pricesProjection } from './projection';
import { priceView } from './routes';

const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString();
const stream = 'price-IP15-128-cz';
const set = (price: number, validFrom: string, at = validFrom) =>
  recorded('PriceSet', { code: 'IP15-128', market: 'cz', currency: 'CZK', price, validFrom, at }, stream);
const offer = (offerId: string, price: number, validFrom: string, validTo: string, at = validFrom) =>
  recorded('OfferScheduled', { code: 'IP15-128', market: 'cz', currency: 'CZK', offerId, price, validFrom, validTo, at }, stream);

describe('the price read model', () => {
  it('keeps the schedule, the changes newest first and when the job is due next', () => {
    const documents = project(pricesProjection, [
      set(1000, day(0)),
      offer('spring', 800, day(40), day(45), day(1)),
      recorded('OfferStarted', { code: 'IP15-128', offerId: 'spring', validFrom: day(40), at: day(40) }, stream),
    ]);
    const document = documents.get('IP15-128|cz')!;
    expect(document).toMatchObject({ code: 'IP15-128', market: 'cz', currency: 'CZK', next_marker_at: day(45) });
    expect(document.changes.map((change) => change.type)).toEqual(['OfferStarted', 'OfferScheduled', 'PriceSet']);
    expect(document.changes[1]).toEqual({
      type: 'OfferScheduled',
      at: day(1),
      price: 800,
      valid_from: day(40),
      valid_to: day(45),
      offer_id: 'spring',
      by: 'u',
    });
  });

  it('one document per product and market', () => {
    const documents = project(pricesProjection, [
      set(1000, day(0)),
      recorded(
        'PriceSet',
        { code: 'IP15-128', market: 'ro', currency: 'RON', price: 400, validFrom: day(0), at: day(0) },
        'price-IP15-128-ro',
      ),
    ]);
    expect([...documents.keys()].sort()).toEqual(['IP15-128|cz', 'IP15-128|ro']);
    expect(documents.get('IP15-128|ro')?.currency).toBe('RON');
  });

  it('answers the price at the asked instant from the schedule: reduced with the Omnibus price during the offer, regular after it', () => {
    const document = project(pricesProjection, [
      set(1000, day(0)),
      set(950, day(20)),
      offer('spring', 800, day(40), day(45), day(1)),
    ]).get('IP15-128|cz')!;
    const during = priceView('IP15-128', 'cz', document.state, document.changes, day(41));
    expect(during).toMatchObject({
      price: 800,
      regular_price: 950,
      reduced: true,
      lowest_price_30d: 950,
      reduced_since: day(40),
    });
    expect(during.offer).toMatchObject({ offer_id: 'spring', valid_to: day(45) });
    const after = priceView('IP15-128', 'cz', document.state, document.changes, day(45));
    expect(after).toMatchObject({ price: 950, reduced: false, lowest_price_30d: null, offer: null, next_change_at: null });
    expect(after.history.map((s) => [s.price, s.kind])).toEqual([
      [1000, 'regular'],
      [950, 'regular'],
      [800, 'offer'],
      [950, 'regular'],
    ]);
  });
});
