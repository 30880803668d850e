import { IllegalState } from '@buyloop/kit';
import type { StockEvent } from '../events';
import { insufficient, MAX_QUANTITY, MAX_RESERVATION_DAYS, quantityProblems, STOCK_ERRORS, throwIfInvalid } from '../rules';
import { availableAt, type StockState } from '../state';

/**
 * Holds pieces for a buyer until `expiresAt`. Refused when fewer are
 * available than asked for (typed, with how many are): on the stream's
 * version, so of many buyers racing for the last pieces exactly as many win
 * as there are pieces. The same reservation again (a retry) changes nothing;
 * a reservation id that was released, expired or sold cannot be held again.
 */
export interface ReserveStock {
  readonly type: 'ReserveStock';
  readonly code: string;
  readonly location: string;
  readonly reservationId: string;
  readonly quantity: number;
  readonly expiresAt: string;
  readonly at: string;
}

const DAY_MS = 86_400_000;

export function expiryProblems(expiresAt: string, at: string): string[] {
  const expiry = new Date(expiresAt).getTime();
  const now = new Date(at).getTime();
  if (Number.isNaN(expiry)) return [STOCK_ERRORS.dateInvalid];
  if (expiry <= now) return [STOCK_ERRORS.expiryPast];
  if (expiry - now > MAX_RESERVATION_DAYS * DAY_MS) return [STOCK_ERRORS.expiryTooFar];
  return [];
}

export function decideReserve(command: ReserveStock, state: StockState): StockEvent[] {
  throwIfInvalid(
    {
      quantity: quantityProblems(command.quantity, { zero: false, max: MAX_QUANTITY }),
      expires_at: expiryProblems(command.expiresAt, command.at),
    },
    'The reservation is not valid',
  );
  const { code, location, reservationId, quantity, at } = command;
  const held = state.held[reservationId];
  if (held) {
    if (held.quantity === quantity) return [];
    throw new IllegalState(STOCK_ERRORS.reservationExists, `Reservation ${reservationId} holds ${held.quantity} pieces here`, {
      reservation_id: reservationId,
      quantity: held.quantity,
    });
  }
  if (state.closed[reservationId] !== undefined)
    throw new IllegalState(STOCK_ERRORS.reservationClosed, `Reservation ${reservationId} has ended`, {
      reservation_id: reservationId,
      how: state.closed[reservationId],
    });
  const available = availableAt(state, at);
  if (available < quantity) throw insufficient(state, available, quantity);
  const expiresAt = new Date(command.expiresAt).toISOString();
  return [{ type: 'StockReserved', data: { code, location, reservationId, quantity, expiresAt, at } }];
}
