import { IllegalState, NotFound } from '@buyloop/kit';
import type { StockEvent } from '../events';
import { insufficient, STOCK_ERRORS } from '../rules';
import { reservedAt, type StockState } from '../state';

/**
 * A reservation becomes a sale: its pieces leave the stock. Selling it again
 * changes nothing. A reservation past its expiry (not yet released by the
 * job) is still sold when its pieces are still free, i.e. nobody else has
 * reserved them meanwhile; otherwise it is refused as expired. A released
 * one is refused.
 */
export interface SellReservation {
  readonly type: 'SellReservation';
  readonly code: string;
  readonly location: string;
  readonly reservationId: string;
  readonly at: string;
}

export function decideSell(command: SellReservation, state: StockState): StockEvent[] {
  const { code, location, reservationId, at } = command;
  const closed = state.closed[reservationId];
  if (closed === 'sold') return [];
  if (closed !== undefined)
    throw new IllegalState(STOCK_ERRORS.reservationClosed, `Reservation ${reservationId} has ended (${closed})`, {
      reservation_id: reservationId,
      how: closed,
    });
  const held = state.held[reservationId];
  if (!held)
    throw new NotFound(STOCK_ERRORS.reservationNotFound, `No reservation ${reservationId} here`, {
      reservation_id: reservationId,
    });
  if (new Date(held.expiresAt).getTime() <= new Date(at).getTime()) {
    const free = state.onHand - reservedAt(state, at, reservationId);
    if (free < held.quantity) {
      const error = insufficient(state, free, held.quantity);
      throw new IllegalState(STOCK_ERRORS.reservationExpired, `Reservation ${reservationId} expired and its pieces are taken`, {
        ...error.params,
        reservation_id: reservationId,
      });
    }
  }
  return [{ type: 'StockSold', data: { code, location, reservationId, quantity: held.quantity, at } }];
}
