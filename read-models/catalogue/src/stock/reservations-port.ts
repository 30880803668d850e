import { newestCheckpoint, type StockService, type StockItem } from '@buyloop/catalogue';
import type {
  StockReservationItem,
  StockReservationOutcome,
  StockReservationPlace,
  StockReservations,
} from '@buyloop/contracts/catalogue/stock-port';
import type { DocumentStore } from '@buyloop/document-store';
import { DomainError, IllegalState, NotFound, systemActor, ValidationError } from '@buyloop/kit';
import { RESERVATIONS_PROJECTION, type ReservationDocument } from './projections';

export interface StockReservationsDeps {
  readonly service: StockService;
  readonly documents: Pick<DocumentStore, 'get'>;
  readonly collection: (projection: string) => Promise<string>;
  readonly settle: (checkpoint: string | null) => Promise<void>;
}

/** Lost races on the last pieces: the allocation is worked out again on the newer stock this many times. */
const ALLOCATION_ATTEMPTS = 3;

/**
 * STOCK_RESERVATIONS_PORT over the stock service. The checkout names
 * products and pieces, not places: each product's pieces are taken from the
 * market's locations that have them, the warehouse first (stores keep their
 * shelves for walk-in buyers), a quantity split across locations when no
 * single one holds enough. The reservation is the stock service's
 * all-or-nothing one; a refusal because another buyer got in between the
 * allocation and the reservation is allocated again on the newer stock.
 *
 * The reservation answers as soon as its stock events are written: it does
 * not wait for any read model (the buyer's finish waited on the catalogue's
 * projections here, most of its time under load). Release and sale are told
 * the places the reservation answered (the order keeps them); only a caller
 * without them has the reservations read model looked up, which a
 * reservation made a moment ago may not be in yet. Release and sale, which
 * staff and refusals wait for, still settle the read models before they
 * answer, as does a refused reservation's roll-back.
 */
export function stockReservations(deps: StockReservationsDeps): StockReservations {
  const ctx = { actor: systemActor };
  const reservationOf = async (id: string): Promise<ReservationDocument | null> =>
    deps.documents.get<ReservationDocument>(await deps.collection(RESERVATIONS_PROJECTION), id);

  /** Pieces per location, warehouse first; null for a product the market cannot cover. */
  async function allocate(items: readonly StockReservationItem[]): Promise<{ places: StockItem[]; unavailable: string[] }> {
    const locations = await deps.service.locations();
    const wanted = new Map<string, number>();
    const places: StockItem[] = [];
    for (const item of items) {
      if (item.location !== undefined) places.push({ code: item.code, location: item.location, quantity: item.quantity });
      else wanted.set(item.code, (wanted.get(item.code) ?? 0) + item.quantity);
    }
    const unavailable: string[] = [];
    for (const [code, quantity] of wanted) {
      let left = quantity;
      for (const location of locations) {
        if (left === 0) break;
        const { available } = await deps.service.level(code, location.id);
        const take = Math.min(left, Math.max(0, available));
        if (take > 0) places.push({ code, location: location.id, quantity: take });
        left -= take;
      }
      if (left > 0) unavailable.push(code);
    }
    return { places, unavailable };
  }

  /** The places given (the stock service takes each once); or where the read model says pieces are still held. */
  const heldPlaces = async (id: string, places?: readonly StockReservationPlace[]): Promise<StockReservationPlace[]> => {
    if (places) return places.map(({ code, location }) => ({ code, location }));
    const document = await reservationOf(id);
    return (document?.items ?? []).filter((item) => item.status === 'held').map(({ code, location }) => ({ code, location }));
  };

  const outcomeOf = (document: ReservationDocument): StockReservationOutcome => ({
    ok: true,
    reservation_id: document.reservation_id,
    expires_at: document.expires_at,
    items: document.items.map(({ code, location, quantity }) => ({ code, location, quantity })),
  });

  return {
    async reserve({ reservation_id, items, expires_at }) {
      const earlier = await reservationOf(reservation_id);
      if (earlier && earlier.items.some((item) => item.status === 'held' || item.status === 'sold')) return outcomeOf(earlier);
      for (let attempt = 1; ; attempt++) {
        const { places, unavailable } = await allocate(items);
        if (unavailable.length > 0) return { ok: false, unavailable };
        try {
          const reserved = await deps.service.reserve(
            { reservationId: reservation_id, items: places, expiresAt: expires_at },
            ctx,
            deps.settle,
          );
          return {
            ok: true,
            reservation_id,
            expires_at: reserved.expiresAt,
            items: reserved.items.map(({ code, location, quantity }) => ({ code, location, quantity })),
          };
        } catch (error) {
          const refused = refusedCode(error, places);
          if (refused === null) throw error;
          if (attempt >= ALLOCATION_ATTEMPTS) return { ok: false, unavailable: [refused] };
        }
      }
    },

    async release(reservationId, _reason, places) {
      const held = await heldPlaces(reservationId, places);
      if (held.length === 0) return;
      try {
        const results = await deps.service.release(reservationId, held, ctx);
        await deps.settle(newestCheckpoint(results));
      } catch (error) {
        // Released, expired or sold already (or never held there): nothing is held any more.
        if (!(error instanceof IllegalState || error instanceof NotFound)) throw error;
      }
    },

    async sell(reservationId, places) {
      const held = await heldPlaces(reservationId, places);
      if (held.length === 0) return;
      const results = await deps.service.sell(reservationId, held, ctx);
      await deps.settle(newestCheckpoint(results));
    },
  };
}

/** The product a refused reservation names (not enough pieces, an unknown product), or null when the error is no refusal. */
function refusedCode(error: unknown, places: readonly StockItem[]): string | null {
  if (!(error instanceof DomainError) || error instanceof ValidationError) return null;
  const index = typeof error.params?.item === 'number' ? error.params.item : null;
  const code = typeof error.params?.code === 'string' ? error.params.code : null;
  return code ?? (index !== null ? (places[index]?.code ?? null) : (places[0]?.code ?? null));
}
