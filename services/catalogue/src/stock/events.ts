import type { DomainEvent } from '@buyloop/kit';

/**
 * Stock of one catalogue product at one location, as events of the stream
 * `stock-<code>-<locationId>`. That stream is the consistency boundary: every
 * change is decided on the version read and appended with it, so two buyers
 * can never both take the last piece.
 *
 * Available = on hand − reserved (reservations not released, sold or past
 * their expiry); no event ever makes it negative.
 */
export type StockEvent =
  | DomainEvent<
      'StockReceived',
      { code: string; location: string; receiptId: string | null; quantity: number; reference: string | null; at: string }
    >
  | DomainEvent<'StockCounted', { code: string; location: string; onHand: number; previous: number; reason: string; at: string }>
  | DomainEvent<
      'StockTransferredOut',
      { code: string; location: string; transferId: string; to: string; quantity: number; at: string }
    >
  | DomainEvent<
      'StockTransferredIn',
      { code: string; location: string; transferId: string; from: string; quantity: number; at: string }
    >
  | DomainEvent<
      'StockReserved',
      { code: string; location: string; reservationId: string; quantity: number; expiresAt: string; at: string }
    >
  | DomainEvent<
      'StockReservationReleased',
      {
        code: string;
        location: string;
        reservationId: string;
        quantity: number;
        /** released: by request; rolled_back: another item of an all-or-nothing reservation was refused; expired: by the stock job. */
        reason: ReleaseReason;
        at: string;
      }
    >
  | DomainEvent<'StockSold', { code: string; location: string; reservationId: string; quantity: number; at: string }>;

export type StockEventType = StockEvent['type'];
export type ReleaseReason = 'released' | 'rolled_back' | 'expired';

export const STOCK_EVENT_TYPES: readonly StockEventType[] = [
  'StockReceived',
  'StockCounted',
  'StockTransferredOut',
  'StockTransferredIn',
  'StockReserved',
  'StockReservationReleased',
  'StockSold',
];

export const STOCK_STREAM_CATEGORY = 'stock';

export const stockStream = (code: string, location: string): string => `${STOCK_STREAM_CATEGORY}-${code}-${location}`;
