import { FAVOURITES_LIMIT } from '@buyloop/contracts/catalogue/favourites';
import type { DocumentStore } from '@buyloop/document-store';
import { ConcurrencyConflict } from '@buyloop/kit';
import { randomUUID } from 'node:crypto';

/**
 * A signed-in person's favourites: one document per account holding product
 * codes, newest first. Not an event stream: a wish list is the customer's
 * own bookmark, nothing else in the shop decides anything from it, and the
 * storefront only ever reads it whole.
 */
export interface FavouritesDocument extends Record<string, unknown> {
  readonly codes: readonly string[];
  readonly updated_at: string;
}

export const FAVOURITES_COLLECTION = 'catalogue_favourites';

/** The code put first (a second add moves it to the front); the oldest beyond the limit dropped. */
export function withFavourite(codes: readonly string[], code: string, limit = FAVOURITES_LIMIT): string[] {
  return [code, ...codes.filter((kept) => kept !== code)].slice(0, limit);
}

export const withoutFavourite = (codes: readonly string[], code: string): string[] => codes.filter((kept) => kept !== code);

/**
 * The device's list merged into the account's: the device's codes first (they are what the
 * person just chose, signed out), in their order, then the account's; no duplicates, codes the
 * shop does not sell left out (a device keeps what was on sale when it was chosen), at most the limit.
 */
export function mergedFavourites(
  account: readonly string[],
  device: readonly string[],
  onSale: (code: string) => boolean,
  limit = FAVOURITES_LIMIT,
): string[] {
  const merged: string[] = [];
  for (const code of [...device.filter(onSale), ...account])
    if (!merged.includes(code) && merged.length < limit) merged.push(code);
  return merged;
}

/** Two changes at once (two tabs, the merge racing a heart) must not lose one: each write expects the stamp it read. */
const ATTEMPTS = 5;

export class FavouritesStore {
  constructor(
    private readonly documents: DocumentStore,
    private readonly now: () => Date,
  ) {}

  async open(): Promise<void> {
    await this.documents.ensureCollection({ name: FAVOURITES_COLLECTION, fields: {} });
  }

  async codes(userId: string): Promise<readonly string[]> {
    return (await this.documents.get<FavouritesDocument>(FAVOURITES_COLLECTION, userId))?.codes ?? [];
  }

  /** Applies `change` to the stored codes, again on a concurrent write, and answers the codes written. */
  async change(userId: string, change: (codes: readonly string[]) => readonly string[]): Promise<readonly string[]> {
    for (let attempt = 1; ; attempt++) {
      const stamped = (await this.documents.getStamped<FavouritesDocument>(FAVOURITES_COLLECTION, [userId])).get(userId);
      const codes = change(stamped?.document.codes ?? []);
      try {
        await this.documents.write(
          [
            {
              type: 'upsert',
              collection: FAVOURITES_COLLECTION,
              id: userId,
              document: { codes, updated_at: this.now().toISOString() },
              stamp: randomUUID(),
            },
          ],
          { expectStamp: { collection: FAVOURITES_COLLECTION, id: userId, stamp: stamped?.stamp ?? null } },
        );
        return codes;
      } catch (error) {
        if (!(error instanceof ConcurrencyConflict) || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
