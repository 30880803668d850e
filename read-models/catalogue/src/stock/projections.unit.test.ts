import { describe, expect, it } from 'vitest';
import { demoLocations } from '@buyloop/catalogue';
import { project, recorded } from '@buyloop/projector/spec';
import { productStockProjection, reservationsProjection, transfersProjection } from './projections';
import { productStockView } from './routes';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 1, 10) + n * 60_000).toISOString();
const at = (location: string) => `stock-IP15-128-${location}`;
const base = { code: 'IP15-128' };
const receivedAt = (location: string, quantity: number) =>
  recorded('StockReceived', { ...base, location, receiptId: null, quantity, reference: null, at: minute(0) }, at(location));
const reservedAt = (location: string, reservationId: string, quantity: number, expiresAt = minute(30)) =>
  recorded('StockReserved', { ...base, location, reservationId, quantity, expiresAt, at: minute(1) }, at(location));

describe('the stock read models', () => {
  const history = [
    recorded('CatalogueProductCreated', { code: 'IP15-128', preOrder: false, externalStock: true }, 'product-IP15-128'),
    receivedAt('cz-central', 5),
    receivedAt('cz-praha', 2),
    reservedAt('cz-central', 'cart-1', 2),
    reservedAt('cz-praha', 'cart-1', 1),
    reservedAt('cz-central', 'cart-2', 1, minute(5)),
    recorded(
      'StockTransferredOut',
      { ...base, location: 'cz-central', transferId: 't-1', to: 'cz-brno', quantity: 1, at: minute(2) },
      at('cz-central'),
    ),
    recorded('StockSold', { ...base, location: 'cz-praha', reservationId: 'cart-1', quantity: 1, at: minute(3) }, at('cz-praha')),
    recorded(
      'StockReservationReleased',
      { ...base, location: 'cz-central', reservationId: 'cart-1', quantity: 2, reason: 'released', at: minute(4) },
      at('cz-central'),
    ),
  ];

  it('per product: on hand and held reservations per location, totals and the product’s flags', () => {
    const document = project(productStockProjection, history).get('IP15-128')!;
    expect(document).toMatchObject({
      code: 'IP15-128',
      external_stock: true,
      pre_order: false,
      discontinued: false,
      on_hand_total: 5,
      locations: {
        'cz-central': { on_hand: 4, held: { 'cart-2': { quantity: 1, expires_at: minute(5) } } },
        'cz-praha': { on_hand: 1, held: {} },
      },
    });
  });

  it('reserved and available are judged with the clock; the storefront state follows', () => {
    const document = project(productStockProjection, history).get('IP15-128')!;
    const before = productStockView(document, demoLocations('cz'), minute(4));
    expect(before.totals).toEqual({ on_hand: 5, reserved: 1, available: 4 });
    expect(before.locations.find((l) => l.location === 'cz-central')).toMatchObject({
      on_hand: 4,
      reserved: 1,
      available: 3,
      state: 'last_pieces',
    });
    expect(before.locations.find((l) => l.location === 'cz-ostrava')).toMatchObject({
      on_hand: 0,
      available: 0,
      state: 'unavailable',
    });
    expect(before).toMatchObject({ state: 'last_pieces', stores: ['cz-praha'] });
    // cart-2 expired at minute 5: its piece counts as available from then, before the job releases it.
    expect(productStockView(document, demoLocations('cz'), minute(6))).toMatchObject({
      state: 'in_stock',
      totals: { reserved: 0, available: 5 },
    });
  });

  it('discontinued shows, and a product with no stock and external stock is on order', () => {
    const created = recorded('CatalogueProductCreated', { code: 'X1', preOrder: false, externalStock: true }, 'product-X1');
    const document = project(productStockProjection, [created]).get('X1')!;
    expect(productStockView(document, demoLocations('cz'), minute(0)).state).toBe('on_order');
    const gone = project(productStockProjection, [
      created,
      recorded('CatalogueProductDiscontinued', { code: 'X1' }, 'product-X1'),
    ]).get('X1')!;
    expect(gone.discontinued).toBe(true);
    expect(productStockView(gone, demoLocations('cz'), minute(0)).state).toBe('unavailable');
  });

  it('reservations: where each holds pieces and whether any still does', () => {
    const documents = project(reservationsProjection, history);
    expect(documents.get('cart-1')).toMatchObject({
      held: false,
      items: [
        { code: 'IP15-128', location: 'cz-central', quantity: 2, status: 'released' },
        { code: 'IP15-128', location: 'cz-praha', quantity: 1, status: 'sold' },
      ],
    });
    expect(documents.get('cart-2')).toMatchObject({ held: true, expires_at: minute(5) });
  });

  it('transfers: in transit until the arrival', () => {
    expect(project(transfersProjection, history).get('t-1')).toMatchObject({
      in_transit: true,
      from: 'cz-central',
      to: 'cz-brno',
      in_at: null,
    });
    const arrived = recorded(
      'StockTransferredIn',
      { ...base, location: 'cz-brno', transferId: 't-1', from: 'cz-central', quantity: 1, at: minute(3) },
      at('cz-brno'),
    );
    expect(project(transfersProjection, [...history, arrived]).get('t-1')).toMatchObject({
      in_transit: false,
      in_at: minute(3),
      out_at: minute(2),
    });
  });
});
