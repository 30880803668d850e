import { IllegalState } from '@buyloop/kit';
import type { StockEvent } from '../events';
import { STOCK_ERRORS } from '../rules';
import type { StockState } from '../state';

/**
 * Gives a reservation's pieces back: asked for (`released`), or because
 * another item of an all-or-nothing reservation was refused (`rolled_back`).
 *
 * A rollback of what is not held here (never reserved, already ended)
 * changes nothing, so it may safely name every item and be run again. Asked
 * for, releasing a reservation released already is the same request again
 * (nothing new); one that ended otherwise (sold, expired, rolled back) has
 * nothing to give back, and saying it was released would be untrue: that is
 * refused, with how it ended.
 */
export interface ReleaseReservation {
  readonly type: 'ReleaseReservation';
  readonly code: string;
  readonly location: string;
  readonly reservationId: string;
  readonly reason: 'released' | 'rolled_back';
  readonly at: string;
}

export function decideRelease(command: ReleaseReservation, state: StockState): StockEvent[] {
  const held = state.held[command.reservationId];
  const closed = state.closed[command.reservationId];
  if (command.reason === 'released' && closed !== undefined && closed !== 'released')
    throw new IllegalState(STOCK_ERRORS.reservationClosed, `Reservation ${command.reservationId} has ended (${closed})`, {
      reservation_id: command.reservationId,
      how: closed,
    });
  if (!held) return [];
  const { code, location, reservationId, reason, at } = command;
  return [{ type: 'StockReservationReleased', data: { code, location, reservationId, quantity: held.quantity, reason, at } }];
}
