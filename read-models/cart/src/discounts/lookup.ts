import type { DiscountLookup, PricingDefinition, SingleUseCode } from '@buyloop/cart';
import type { DocumentStore, Query } from '@buyloop/document-store';
import { NotFound } from '@buyloop/kit';
import { DISCOUNT_CODES_PROJECTION, DISCOUNTS_PROJECTION, type DiscountCodeDocument, type DiscountDocument } from './projections';

export interface DiscountLookupDeps {
  readonly documents: Pick<DocumentStore, 'get' | 'find'>;
  readonly collection: (projection: string) => Promise<string>;
}

/** Definitions are few (dozens, not thousands): the automatic ones are read in one page. */
const PAGE = 1000;

export const definitionOf = (document: DiscountDocument): PricingDefinition => ({
  id: document.id,
  archived: document.archived,
  title: document.title,
  marketing_name: document.marketing_name,
  is_active: document.is_active,
  is_public: document.is_public,
  is_combinable: document.is_combinable,
  is_automatic_assignment: document.is_automatic_assignment,
  is_isic: document.is_isic,
  discount_type: document.discount_type,
  discount_value: document.discount_value,
  valid_from: document.valid_from,
  valid_to: document.valid_to,
  codes: document.codes,
  minimal_order_total: document.minimal_order_total,
  minimal_pieces: document.minimal_pieces,
  product_codes: document.product_codes,
  product_kinds: document.product_kinds,
  categories: document.categories ?? [],
  is_discount_per_piece: document.is_discount_per_piece,
  is_cumulative_bonus: document.is_cumulative_bonus,
  discount_detail_url: document.discount_detail_url,
  internal_note: document.internal_note,
});

/**
 * The demo data's codes are checked while the product starts, before the
 * projector's first run on a fresh store: a read model that has not started
 * yet shows nothing, which is what it would show.
 */
async function beforeFirstRun<T>(read: Promise<T>, nothing: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound && error.code === 'projection.not_started') return nothing;
    throw error;
  }
}

/** The cart's DiscountLookup port over the discounts part's read models. */
export function discountLookup(deps: DiscountLookupDeps): DiscountLookup {
  const definitions = () => deps.collection(DISCOUNTS_PROJECTION);
  const live = async (query: Query) =>
    (await deps.documents.find<DiscountDocument>(await definitions(), { limit: PAGE, ...query })).items.map(
      (item) => item.document,
    );
  return {
    async definition(id) {
      const document = await deps.documents.get<DiscountDocument>(await definitions(), id);
      return document ? definitionOf(document) : null;
    },
    async sharedCode(code) {
      const candidates = await beforeFirstRun(
        live({
          filters: [
            { field: 'archived', op: 'equals', value: false },
            { field: 'codes_text', op: 'contains', value: `|${code}|` },
          ],
          sort: [{ field: 'updated_at', direction: 'desc' }],
        }),
        [],
      );
      const found = candidates.find((document) => document.codes.includes(code.toUpperCase()));
      return found ? definitionOf(found) : null;
    },
    async singleUseCode(code): Promise<SingleUseCode | null> {
      const document = await beforeFirstRun(
        (async () => deps.documents.get<DiscountCodeDocument>(await deps.collection(DISCOUNT_CODES_PROJECTION), code))(),
        null,
      );
      // The store's ids are compared as written; a code typed in another case is another code.
      return document && document.code === code
        ? { code: document.code, discount_id: document.discount_id, claimed_by: document.claimed_by }
        : null;
    },
    async isic() {
      const found = await live({
        filters: [
          { field: 'archived', op: 'equals', value: false },
          { field: 'is_isic', op: 'equals', value: true },
          { field: 'is_active', op: 'equals', value: true },
        ],
        sort: [{ field: 'updated_at', direction: 'desc' }],
      });
      return found[0] ? definitionOf(found[0]) : null;
    },
    async automatic() {
      const found = await live({
        filters: [
          { field: 'archived', op: 'equals', value: false },
          { field: 'is_automatic_assignment', op: 'equals', value: true },
        ],
      });
      return found.map(definitionOf);
    },
  };
}
