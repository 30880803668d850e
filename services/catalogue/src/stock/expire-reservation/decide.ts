import type { StockEvent } from '../events';
import type { StockState } from '../state';

/**
 * The stock job's step: a reservation past its expiry is released with the
 * reason `expired`. Its pieces were free from the expiry on anyway (every
 * decision counts only unexpired reservations); the event makes the read
 * models and whatever follows them show it. Not yet expired, or not held:
 * nothing.
 */
export interface ExpireReservation {
  readonly type: 'ExpireReservation';
  readonly code: string;
  readonly location: string;
  readonly reservationId: string;
  readonly at: string;
}

export function decideExpire(command: ExpireReservation, state: StockState): StockEvent[] {
  const held = state.held[command.reservationId];
  if (!held || new Date(held.expiresAt).getTime() > new Date(command.at).getTime()) return [];
  const { code, location, reservationId, at } = command;
  return [
    { type: 'StockReservationReleased', data: { code, location, reservationId, quantity: held.quantity, reason: 'expired', at } },
  ];
}
