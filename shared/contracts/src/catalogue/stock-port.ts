/**
 * The catalogue's stock reservations as the checkout calls them: the one
 * cross-context call the buyer waits for, answered in the catalogue's own
 * stock streams (the consistency boundary of a product at a location).
 * Provided by the catalogue module under STOCK_RESERVATIONS_PORT.
 */
export interface StockReservationItem {
  readonly code: string;
  readonly quantity: number;
  /** A location code; omitted: the catalogue picks the market's locations that hold the pieces (warehouse first). */
  readonly location?: string;
}

export type StockReservationOutcome =
  | {
      readonly ok: true;
      readonly reservation_id: string;
      readonly expires_at: string;
      /** Where each piece is held, so an order can be split into packages by location. */
      readonly items: readonly { readonly code: string; readonly location: string; readonly quantity: number }[];
    }
  | {
      readonly ok: false;
      /** The codes that could not be reserved (spec 8: 'product not available or not possible to buy'). */
      readonly unavailable: readonly string[];
    };

/** Where a reservation holds pieces: what `reserve` answered (an order keeps it with its reservation). */
export interface StockReservationPlace {
  readonly code: string;
  readonly location: string;
}

export interface StockReservations {
  /** All or nothing; idempotent per reservation id (a retry answers what the first call did). */
  reserve(input: {
    readonly reservation_id: string;
    readonly items: readonly StockReservationItem[];
    readonly expires_at: string;
  }): Promise<StockReservationOutcome>;
  /**
   * Gives every piece back (an order cancelled or never paid); idempotent. `places`, the reservation's as
   * `reserve` answered them, spare the lookup in the catalogue's reservations read model (which may not have
   * folded a reservation made a moment ago); without them the read model says where the pieces are.
   */
  release(reservation_id: string, reason: string, places?: readonly StockReservationPlace[]): Promise<void>;
  /** The pieces left the shop (an order shipped); idempotent. `places` as for `release`. */
  sell(reservation_id: string, places?: readonly StockReservationPlace[]): Promise<void>;
}

export const STOCK_RESERVATIONS_PORT: { readonly name: 'catalogue.stock-reservations'; readonly __port?: StockReservations } = {
  name: 'catalogue.stock-reservations',
};
