import type { StockEvent } from './events';

/** Test helpers of the stock area: moments in minutes from 1 March 2026 10:00 UTC, and events at one place. */
const START = Date.UTC(2026, 2, 1, 10);
export const minute = (n: number): string => new Date(START + n * 60_000).toISOString();

export const CODE = 'IP15-128';
export const HERE = 'cz-central';

export const received = (quantity: number, at = minute(0), receiptId: string | null = null): StockEvent => ({
  type: 'StockReceived',
  data: { code: CODE, location: HERE, receiptId, quantity, reference: null, at },
});

export const reserved = (reservationId: string, quantity: number, expiresAt = minute(30), at = minute(1)): StockEvent => ({
  type: 'StockReserved',
  data: { code: CODE, location: HERE, reservationId, quantity, expiresAt, at },
});

export const released = (
  reservationId: string,
  quantity: number,
  reason: 'released' | 'rolled_back' | 'expired' = 'released',
  at = minute(2),
): StockEvent => ({
  type: 'StockReservationReleased',
  data: { code: CODE, location: HERE, reservationId, quantity, reason, at },
});

export const sold = (reservationId: string, quantity: number, at = minute(3)): StockEvent => ({
  type: 'StockSold',
  data: { code: CODE, location: HERE, reservationId, quantity, at },
});
