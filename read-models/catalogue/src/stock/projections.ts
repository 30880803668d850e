import { CATALOGUE_PRODUCT_EVENT_TYPES, STOCK_EVENT_TYPES, STOCK_STREAM_CATEGORY, type StockEvent } from '@buyloop/catalogue';
import { assertNever, type RecordedEvent } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';

/** A reservation held at a location, as the read model keeps it (expiry judged with the clock when read). */
export interface HeldPieces {
  readonly quantity: number;
  readonly expires_at: string;
}

export interface LocationStock {
  readonly on_hand: number;
  readonly held: Readonly<Record<string, HeldPieces>>;
}

/**
 * A product's stock everywhere: per location what is on hand and which
 * reservations hold pieces, the totals, and the product's flags from the
 * products area's events (pre-order, external stock, discontinued) that the
 * storefront's stock state needs. Reserved and available are computed when
 * read, with the clock: a reservation stops counting at its expiry, whether
 * or not the stock job has released it yet.
 */
export interface ProductStockDocument extends Record<string, unknown> {
  readonly code: string;
  readonly locations: Readonly<Record<string, LocationStock>>;
  readonly on_hand_total: number;
  readonly pre_order: boolean;
  readonly external_stock: boolean;
  readonly discontinued: boolean;
  readonly updated_at: string;
}

export const PRODUCT_STOCK_PROJECTION = 'catalogue_stock';

const emptyProduct = (code: string): ProductStockDocument => ({
  code,
  locations: {},
  on_hand_total: 0,
  pre_order: false,
  external_stock: false,
  discontinued: false,
  updated_at: new Date(0).toISOString(),
});

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const copy = { ...record };
  delete copy[key];
  return copy;
};

function evolveLocation(stock: LocationStock, event: StockEvent): LocationStock {
  switch (event.type) {
    case 'StockReceived':
      return { ...stock, on_hand: stock.on_hand + event.data.quantity };
    case 'StockCounted':
      return { ...stock, on_hand: event.data.onHand };
    case 'StockTransferredOut':
      return { ...stock, on_hand: stock.on_hand - event.data.quantity };
    case 'StockTransferredIn':
      return { ...stock, on_hand: stock.on_hand + event.data.quantity };
    case 'StockReserved':
      return {
        ...stock,
        held: { ...stock.held, [event.data.reservationId]: { quantity: event.data.quantity, expires_at: event.data.expiresAt } },
      };
    case 'StockReservationReleased':
      return { ...stock, held: without(stock.held, event.data.reservationId) };
    case 'StockSold':
      return { on_hand: stock.on_hand - event.data.quantity, held: without(stock.held, event.data.reservationId) };
    default:
      return assertNever(event, 'stock event');
  }
}

const productCodeOf = (event: RecordedEvent): string | null => {
  if (event.stream.startsWith('product-')) return event.stream.slice('product-'.length);
  if (event.stream.startsWith(`${STOCK_STREAM_CATEGORY}-`)) {
    const code = (event.data as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  }
  return null;
};

const flag = (data: unknown, name: string): boolean | undefined => {
  const value = (data as Record<string, unknown> | null)?.[name];
  return typeof value === 'boolean' ? value : undefined;
};

export const productStockProjection: Projection<ProductStockDocument> = {
  name: PRODUCT_STOCK_PROJECTION,
  version: 1,
  handles: [...STOCK_EVENT_TYPES, ...CATALOGUE_PRODUCT_EVENT_TYPES],
  collection: {
    fields: {
      code: { path: 'code', type: 'string' },
      on_hand_total: { path: 'on_hand_total', type: 'number' },
      discontinued: { path: 'discontinued', type: 'boolean' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
  },
  key: productCodeOf,
  evolve(document, recorded) {
    const code = productCodeOf(recorded)!;
    const current = document ?? emptyProduct(code);
    const updated_at = recorded.recordedAt.toISOString();
    switch (recorded.type) {
      case 'CatalogueProductCreated':
      case 'CatalogueProductUpdated':
        return {
          ...current,
          pre_order: flag(recorded.data, 'preOrder') ?? current.pre_order,
          external_stock: flag(recorded.data, 'externalStock') ?? current.external_stock,
          updated_at,
        };
      case 'CatalogueProductDiscontinued':
        return { ...current, discontinued: true, updated_at };
      default: {
        const event = { type: recorded.type, data: recorded.data } as StockEvent;
        const location = event.data.location;
        const locations = {
          ...current.locations,
          [location]: evolveLocation(current.locations[location] ?? { on_hand: 0, held: {} }, event),
        };
        const on_hand_total = Object.values(locations).reduce((sum, stock) => sum + stock.on_hand, 0);
        return { ...current, locations, on_hand_total, updated_at };
      }
    }
  },
};

export type ReservationStatus = 'held' | 'released' | 'rolled_back' | 'expired' | 'sold';

export interface ReservationItem {
  readonly code: string;
  readonly location: string;
  readonly quantity: number;
  readonly status: ReservationStatus;
}

/**
 * A reservation across its products and locations: which places hold it
 * (release and sale find them here) and when it expires (the stock job finds
 * due ones here). `held` is true while any place still holds pieces.
 */
export interface ReservationDocument extends Record<string, unknown> {
  readonly reservation_id: string;
  readonly items: readonly ReservationItem[];
  readonly expires_at: string;
  readonly held: boolean;
  readonly updated_at: string;
}

export const RESERVATIONS_PROJECTION = 'catalogue_stock_reservations';

export const reservationsProjection: Projection<ReservationDocument> = {
  name: RESERVATIONS_PROJECTION,
  version: 1,
  handles: ['StockReserved', 'StockReservationReleased', 'StockSold'],
  collection: {
    fields: {
      held: { path: 'held', type: 'boolean' },
      expires_at: { path: 'expires_at', type: 'date' },
    },
    indexes: [['held', 'expires_at']],
  },
  key: (event) => {
    const id = (event.data as { reservationId?: unknown }).reservationId;
    return typeof id === 'string' ? id : null;
  },
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    const updated_at = recorded.recordedAt.toISOString();
    const setStatus = (code: string, location: string, status: ReservationStatus, items: readonly ReservationItem[]) =>
      items.map((item) => (item.code === code && item.location === location ? { ...item, status } : item));
    let items = document?.items ?? [];
    let expiresAt = document?.expires_at ?? updated_at;
    switch (event.type) {
      case 'StockReserved': {
        const { code, location, quantity, expiresAt: expiry, reservationId } = event.data;
        items = [
          ...items.filter((item) => !(item.code === code && item.location === location)),
          { code, location, quantity, status: 'held' },
        ];
        expiresAt = expiry;
        return {
          reservation_id: reservationId,
          items,
          expires_at: expiresAt,
          held: items.some((i) => i.status === 'held'),
          updated_at,
        };
      }
      case 'StockReservationReleased':
        items = setStatus(event.data.code, event.data.location, event.data.reason, items);
        break;
      case 'StockSold':
        items = setStatus(event.data.code, event.data.location, 'sold', items);
        break;
      case 'StockReceived':
      case 'StockCounted':
      case 'StockTransferredOut':
      case 'StockTransferredIn':
        return document;
      default:
        return assertNever(event, 'stock event');
    }
    return {
      reservation_id: event.data.reservationId,
      items,
      expires_at: expiresAt,
      held: items.some((item) => item.status === 'held'),
      updated_at,
    };
  },
};

/** A transfer between two locations; `in_transit` until its arrival is written (the stock job completes one left so). */
export interface TransferDocument extends Record<string, unknown> {
  readonly transfer_id: string;
  readonly code: string;
  readonly from: string;
  readonly to: string;
  readonly quantity: number;
  readonly out_at: string | null;
  readonly in_at: string | null;
  readonly in_transit: boolean;
}

export const TRANSFERS_PROJECTION = 'catalogue_stock_transfers';

export const transfersProjection: Projection<TransferDocument> = {
  name: TRANSFERS_PROJECTION,
  version: 1,
  handles: ['StockTransferredOut', 'StockTransferredIn'],
  collection: {
    fields: {
      in_transit: { path: 'in_transit', type: 'boolean' },
      out_at: { path: 'out_at', type: 'date' },
      code: { path: 'code', type: 'string' },
    },
    indexes: [['in_transit', 'out_at']],
  },
  key: (event) => {
    const id = (event.data as { transferId?: unknown }).transferId;
    return typeof id === 'string' ? id : null;
  },
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    switch (event.type) {
      case 'StockTransferredOut': {
        const { transferId, code, location, to, quantity, at } = event.data;
        const in_at = document?.in_at ?? null;
        return { transfer_id: transferId, code, from: location, to, quantity, out_at: at, in_at, in_transit: in_at === null };
      }
      case 'StockTransferredIn': {
        const { transferId, code, location, from, quantity, at } = event.data;
        return {
          transfer_id: transferId,
          code,
          from,
          to: location,
          quantity,
          out_at: document?.out_at ?? null,
          in_at: at,
          in_transit: false,
        };
      }
      case 'StockReceived':
      case 'StockCounted':
      case 'StockReserved':
      case 'StockReservationReleased':
      case 'StockSold':
        return document;
      default:
        return assertNever(event, 'stock event');
    }
  },
};
