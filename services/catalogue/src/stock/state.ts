import { assertNever } from '@buyloop/kit';
import type { ReleaseReason, StockEvent } from './events';

export interface HeldReservation {
  readonly quantity: number;
  readonly expiresAt: string;
}

/** One product's stock at one location, folded. */
export interface StockState {
  readonly code: string | null;
  readonly location: string | null;
  readonly onHand: number;
  /** Reservations still held (neither released, expired by the job nor sold), by id. */
  readonly held: Readonly<Record<string, HeldReservation>>;
  /** Reservations that ended, by id, and how. */
  readonly closed: Readonly<Record<string, ReleaseReason | 'sold'>>;
  readonly receipts: readonly string[];
  readonly transfersOut: readonly string[];
  readonly transfersIn: readonly string[];
}

export const initialStockState = (): StockState => ({
  code: null,
  location: null,
  onHand: 0,
  held: {},
  closed: {},
  receipts: [],
  transfersOut: [],
  transfersIn: [],
});

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const copy = { ...record };
  delete copy[key];
  return copy;
};

export function evolveStock(state: StockState, event: StockEvent): StockState {
  const base = { ...state, code: event.data.code, location: event.data.location };
  switch (event.type) {
    case 'StockReceived':
      return {
        ...base,
        onHand: state.onHand + event.data.quantity,
        receipts: event.data.receiptId === null ? state.receipts : [...state.receipts, event.data.receiptId],
      };
    case 'StockCounted':
      return { ...base, onHand: event.data.onHand };
    case 'StockTransferredOut':
      return {
        ...base,
        onHand: state.onHand - event.data.quantity,
        transfersOut: [...state.transfersOut, event.data.transferId],
      };
    case 'StockTransferredIn':
      return { ...base, onHand: state.onHand + event.data.quantity, transfersIn: [...state.transfersIn, event.data.transferId] };
    case 'StockReserved':
      return {
        ...base,
        held: { ...state.held, [event.data.reservationId]: { quantity: event.data.quantity, expiresAt: event.data.expiresAt } },
      };
    case 'StockReservationReleased':
      return {
        ...base,
        held: without(state.held, event.data.reservationId),
        closed: { ...state.closed, [event.data.reservationId]: event.data.reason },
      };
    case 'StockSold':
      return {
        ...base,
        onHand: state.onHand - event.data.quantity,
        held: without(state.held, event.data.reservationId),
        closed: { ...state.closed, [event.data.reservationId]: 'sold' },
      };
    default:
      return assertNever(event, 'stock event');
  }
}

const ms = (iso: string): number => new Date(iso).getTime();

/**
 * Pieces reserved at `at`: held reservations not past their expiry. An
 * expired reservation frees its pieces at its expiry by the clock, whether or
 * not the stock job has appended its release yet.
 */
export function reservedAt(state: StockState, at: string, except?: string): number {
  let reserved = 0;
  for (const [id, reservation] of Object.entries(state.held))
    if (id !== except && ms(reservation.expiresAt) > ms(at)) reserved += reservation.quantity;
  return reserved;
}

export const availableAt = (state: StockState, at: string): number => state.onHand - reservedAt(state, at);

export interface StockLevel {
  readonly on_hand: number;
  readonly reserved: number;
  readonly available: number;
}

export const levelAt = (state: StockState, at: string): StockLevel => {
  const reserved = reservedAt(state, at);
  return { on_hand: state.onHand, reserved, available: state.onHand - reserved };
};
