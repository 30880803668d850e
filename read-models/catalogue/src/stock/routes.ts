import {
  availabilityOf,
  locationAvailability,
  newestCheckpoint,
  normaliseCatalogueCode,
  STOCK_ERRORS,
  type Location,
  type StockResult,
  type StockService,
} from '@buyloop/catalogue';
import {
  countRequestSchema,
  locationsResultSchema,
  productStockSchema,
  receiptRequestSchema,
  receiptResultSchema,
  reservationRequestSchema,
  reservationResultSchema,
  stockLevelSchema,
  transferRequestSchema,
  transferResultSchema,
  type LocationView,
  type ProductStockView,
} from '@buyloop/contracts/catalogue/stock';
import { actorOf, json, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput, type Clock } from '@buyloop/kit';
import { z } from 'zod';
import type { LocationStock, ProductStockDocument, ReservationDocument } from './projections';

export interface StockRouteDeps {
  readonly service: StockService;
  readonly clock: Clock;
  readonly settle: (checkpoint: string | null) => Promise<void>;
  readonly product: (code: string) => Promise<ProductStockDocument | null>;
  readonly reservation: (id: string) => Promise<ReservationDocument | null>;
}

const codeParams = z.strictObject({ code: z.string().meta({ description: 'The catalogue product’s code' }) });
const reservationParams = z.strictObject({ id: z.string().meta({ description: 'The reservation id' }) });
const notFound = problem('No such catalogue product (an unknown location is a 400 under its field)');

const contracts = {
  locations: {
    summary: 'The market’s stock locations: the central warehouse and the stores',
    responses: { 200: json('The locations, warehouse first', locationsResultSchema) },
  },
  product: {
    summary: 'A product’s stock per location, its totals and the storefront’s stock state',
    params: codeParams,
    responses: { 200: json('The stock', productStockSchema), 404: problem('No such catalogue product') },
  },
  receipt: {
    summary: 'Goods received at a location',
    body: receiptRequestSchema,
    responses: { 200: json('The stock there now', receiptResultSchema), 404: notFound },
  },
  count: {
    summary: 'A stock count: sets what is on hand at a location, with the reason',
    body: countRequestSchema,
    responses: {
      200: json('The stock there now', stockLevelSchema),
      404: notFound,
      409: problem('The count is below what customers have reserved'),
    },
  },
  transfer: {
    summary: 'Move pieces from one location to another',
    body: transferRequestSchema,
    responses: {
      200: json('The stock at both ends', transferResultSchema),
      404: notFound,
      409: problem('Fewer pieces available at the source'),
    },
  },
  reserve: {
    summary: 'Reserve pieces of one or more products until expires_at: all or nothing',
    description:
      'Refused with 409 (catalogue.stock.insufficient, params.item naming the item) when any item has fewer pieces available; nothing stays reserved then. The same reservation_id again is the same request.',
    body: reservationRequestSchema,
    responses: {
      201: json('Reserved', reservationResultSchema),
      404: notFound,
      409: problem('Not enough pieces available, or the reservation id was used and ended'),
    },
  },
  release: {
    summary: 'Release a reservation',
    description:
      'Gives the reservation’s pieces back. Releasing one released already answers the same again; one that was sold, expired or rolled back has nothing to give back and is refused with `catalogue.stock.reservation_closed` (`params.how`).',
    params: reservationParams,
    responses: {
      200: json('Released', reservationResultSchema),
      404: problem('No such reservation'),
      409: problem('The reservation was sold, expired or rolled back (params.how)'),
    },
  },
  sell: {
    summary: 'Turn a reservation into a sale: its pieces leave the stock',
    params: reservationParams,
    responses: {
      200: json('Sold', reservationResultSchema),
      404: problem('No such reservation'),
      409: problem('The reservation was released, or expired and its pieces are taken'),
    },
  },
} satisfies Readonly<Record<string, RouteContract>>;

export const locationView = (location: Location): LocationView => ({
  id: location.id,
  name: location.name,
  kind: location.kind,
  address: { ...location.address },
  opening_hours: { ...location.openingHours },
  coordinates: { ...location.coordinates },
});

/** Pieces reserved at a location at `at`: reservations past their expiry no longer count. */
const reservedAt = (stock: LocationStock, at: number): number =>
  Object.values(stock.held).reduce((sum, held) => (new Date(held.expires_at).getTime() > at ? sum + held.quantity : sum), 0);

/** A product's stock as the back office and (later) the storefront read it, at an instant. */
export function productStockView(document: ProductStockDocument, locations: readonly Location[], at: string): ProductStockView {
  const time = new Date(at).getTime();
  const rows = locations.map((location) => {
    const stock = document.locations[location.id] ?? { on_hand: 0, held: {} };
    const reserved = reservedAt(stock, time);
    const available = stock.on_hand - reserved;
    return {
      location: location.id,
      name: location.name,
      kind: location.kind,
      on_hand: stock.on_hand,
      reserved,
      available,
      state: locationAvailability(location.kind, available),
      reservations: Object.entries(stock.held)
        .filter(([, held]) => new Date(held.expires_at).getTime() > time)
        .map(([reservation_id, held]) => ({ reservation_id, quantity: held.quantity, expires_at: held.expires_at })),
    };
  });
  const { state, stores } = availabilityOf(
    rows.map((row) => ({ location: row.location, kind: row.kind, available: row.available })),
    { preOrder: document.pre_order, externalStock: document.external_stock, discontinued: document.discontinued },
  );
  const totals = rows.reduce(
    (sum, row) => ({
      on_hand: sum.on_hand + row.on_hand,
      reserved: sum.reserved + row.reserved,
      available: sum.available + row.available,
    }),
    { on_hand: 0, reserved: 0, available: 0 },
  );
  return {
    code: document.code,
    state,
    stores: [...stores],
    pre_order: document.pre_order,
    external_stock: document.external_stock,
    discontinued: document.discontinued,
    totals,
    locations: rows,
  };
}

const placed = (result: StockResult) => ({ code: result.code, location: result.location, ...result.level });

/**
 * The back office's stock: locations, a product's stock, receipts, counts,
 * transfers, and reservations (reserve, release, sell). Command answers come
 * from the streams the commands were decided on; each waits until the read
 * models show the change (settle), so the next page does too.
 */
export function stockRoutes(r: SecuredRouter, deps: StockRouteDeps): void {
  r.get('/api/admin/stock/locations', 'stock.read', contracts.locations, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ locations: (await deps.service.locations()).map(locationView) });
  });

  r.post('/api/admin/stock/receipts', 'stock.manage', contracts.receipt, async (req, res) => {
    const input = parseInput(receiptRequestSchema, req.body ?? {});
    const result = await deps.service.receive(
      {
        code: input.code,
        location: input.location,
        quantity: input.quantity,
        reference: input.reference ?? null,
        ...(input.receipt_id ? { receiptId: input.receipt_id } : {}),
      },
      { actor: actorOf(req, res) },
    );
    await deps.settle(result.checkpoint);
    res.set('Cache-Control', 'no-store').json(placed(result));
  });

  r.post('/api/admin/stock/counts', 'stock.manage', contracts.count, async (req, res) => {
    const input = parseInput(countRequestSchema, req.body ?? {});
    const result = await deps.service.count(
      { code: input.code, location: input.location, onHand: input.on_hand, reason: input.reason },
      { actor: actorOf(req, res) },
    );
    await deps.settle(result.checkpoint);
    const { on_hand, reserved, available } = result.level;
    res.set('Cache-Control', 'no-store').json({ on_hand, reserved, available });
  });

  r.post('/api/admin/stock/transfers', 'stock.manage', contracts.transfer, async (req, res) => {
    const input = parseInput(transferRequestSchema, req.body ?? {});
    const result = await deps.service.transfer(
      {
        code: input.code,
        from: input.from,
        to: input.to,
        quantity: input.quantity,
        ...(input.transfer_id ? { transferId: input.transfer_id } : {}),
      },
      { actor: actorOf(req, res) },
    );
    await deps.settle(newestCheckpoint([result.from, result.to]));
    res.set('Cache-Control', 'no-store').json({
      transfer_id: result.transferId,
      code: input.code,
      quantity: input.quantity,
      from: placed(result.from),
      to: placed(result.to),
    });
  });

  r.post('/api/admin/stock/reservations', 'stock.manage', contracts.reserve, async (req, res) => {
    const input = parseInput(reservationRequestSchema, req.body ?? {});
    const result = await deps.service.reserve(
      { reservationId: input.reservation_id, items: input.items, expiresAt: input.expires_at },
      { actor: actorOf(req, res) },
      // A refusal after some items were taken: answered once the read models show them given back.
      (checkpoint) => deps.settle(checkpoint),
    );
    await deps.settle(result.checkpoint);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        reservation_id: result.reservationId,
        status: 'held',
        expires_at: result.expiresAt,
        items: result.items.map((item) => ({ code: item.code, location: item.location, quantity: item.quantity, ...item.level })),
      });
  });

  const reservationOf = async (id: string): Promise<ReservationDocument> => {
    const document = await deps.reservation(id);
    if (!document) throw new NotFound(STOCK_ERRORS.reservationNotFound, `There is no reservation ${id}`, { reservation_id: id });
    return document;
  };
  const answer = (document: ReservationDocument, status: 'released' | 'sold', results: readonly StockResult[]) => ({
    reservation_id: document.reservation_id,
    status,
    expires_at: document.expires_at,
    items: document.items.map((item) => {
      const result = results.find((r) => r.code === item.code && r.location === item.location);
      return {
        code: item.code,
        location: item.location,
        quantity: item.quantity,
        ...(result?.level ?? { on_hand: 0, reserved: 0, available: 0 }),
      };
    }),
  });

  r.delete('/api/admin/stock/reservations/:id', 'stock.manage', contracts.release, async (req, res) => {
    const document = await reservationOf(String(req.params.id));
    const results = await deps.service.release(document.reservation_id, document.items, { actor: actorOf(req, res) });
    await deps.settle(newestCheckpoint(results));
    res.set('Cache-Control', 'no-store').json(answer(document, 'released', results));
  });

  r.post('/api/admin/stock/reservations/:id/sale', 'stock.manage', contracts.sell, async (req, res) => {
    const document = await reservationOf(String(req.params.id));
    const results = await deps.service.sell(document.reservation_id, document.items, { actor: actorOf(req, res) });
    await deps.settle(newestCheckpoint(results));
    res.set('Cache-Control', 'no-store').json(answer(document, 'sold', results));
  });

  // After /locations, so that path is not taken for a product code.
  r.get('/api/admin/stock/:code', 'stock.read', contracts.product, async (req, res) => {
    const code = normaliseCatalogueCode(String(req.params.code));
    const document = await deps.product(code);
    if (!document) throw new NotFound(STOCK_ERRORS.productNotFound, `There is no catalogue product ${code}`, { code });
    const view = productStockView(document, await deps.service.locations(), deps.clock().toISOString());
    res.set('Cache-Control', 'no-store').json(view);
  });
}
