import {
  DISCOUNT_CODE_EVENT_TYPES,
  DISCOUNT_EVENT_TYPES,
  discountCodeOfStream,
  discountIdOfStream,
  warningsOf,
  type DiscountCodeEvent,
  type DiscountEvent,
} from '@buyloop/cart';
import type { DiscountFields } from '@buyloop/contracts/cart/discounts';
import type { Projection } from '@buyloop/projector';
import { assertNever } from '@buyloop/kit';

/** One document per discount definition: every field, its archive and version, for the grid, the form and the cart. */
export interface DiscountDocument extends DiscountFields, Record<string, unknown> {
  readonly id: string;
  readonly archived: boolean;
  readonly archived_at: string | null;
  readonly generated_codes: number;
  /** The shared codes as one string (`|CODE|…|`), so a code is found with a `contains` filter. */
  readonly codes_text: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly stream_version: number;
  readonly warnings: readonly string[];
}

export const DISCOUNTS_PROJECTION = 'cart_discounts';

const codesText = (codes: readonly string[]): string => (codes.length > 0 ? `|${codes.join('|')}|` : '');

export const discountsProjection: Projection<DiscountDocument> = {
  name: DISCOUNTS_PROJECTION,
  version: 1,
  handles: DISCOUNT_EVENT_TYPES,
  collection: {
    fields: {
      title: { path: 'title', type: 'string' },
      marketing_name: { path: 'marketing_name', type: 'string' },
      discount_type: { path: 'discount_type', type: 'string' },
      discount_value: { path: 'discount_value', type: 'number' },
      is_active: { path: 'is_active', type: 'boolean' },
      is_public: { path: 'is_public', type: 'boolean' },
      is_combinable: { path: 'is_combinable', type: 'boolean' },
      is_automatic_assignment: { path: 'is_automatic_assignment', type: 'boolean' },
      is_isic: { path: 'is_isic', type: 'boolean' },
      archived: { path: 'archived', type: 'boolean' },
      valid_from: { path: 'valid_from', type: 'date' },
      valid_to: { path: 'valid_to', type: 'date' },
      codes_text: { path: 'codes_text', type: 'string' },
      generated_codes: { path: 'generated_codes', type: 'number' },
      created_at: { path: 'created_at', type: 'date' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
    indexes: ['archived', 'updated_at'],
    textFields: ['title', 'marketing_name', 'codes_text'],
  },
  key: (event) => discountIdOfStream(event.stream),
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as DiscountEvent;
    const at = recorded.recordedAt.toISOString();
    const version = Number(recorded.streamVersion);
    switch (event.type) {
      case 'DiscountCreated':
      case 'DiscountChanged': {
        const { fields } = event.data;
        return {
          ...fields,
          id: event.data.id,
          archived: document?.archived ?? false,
          archived_at: document?.archived_at ?? null,
          generated_codes: document?.generated_codes ?? 0,
          codes_text: codesText(fields.codes),
          created_at: document?.created_at ?? at,
          updated_at: at,
          stream_version: version,
          warnings: warningsOf(fields),
        };
      }
      case 'DiscountArchived':
        return document ? { ...document, archived: true, archived_at: at, updated_at: at, stream_version: version } : null;
      case 'DiscountCodesGenerated':
        return document
          ? {
              ...document,
              generated_codes: document.generated_codes + event.data.codes.length,
              updated_at: at,
              stream_version: version,
            }
          : null;
      default:
        return assertNever(event, 'discount event');
    }
  },
};

/** One document per single-use code: its definition and the order holding it, for the cart and the checkout. */
export interface DiscountCodeDocument extends Record<string, unknown> {
  readonly code: string;
  readonly discount_id: string;
  readonly claimed_by: string | null;
  readonly issued_at: string;
}

export const DISCOUNT_CODES_PROJECTION = 'cart_discount_codes';

export const discountCodesProjection: Projection<DiscountCodeDocument> = {
  name: DISCOUNT_CODES_PROJECTION,
  version: 1,
  handles: DISCOUNT_CODE_EVENT_TYPES,
  collection: {
    fields: {
      discount_id: { path: 'discount_id', type: 'string' },
      claimed_by: { path: 'claimed_by', type: 'string' },
    },
    indexes: ['discount_id'],
  },
  key: (event) => discountCodeOfStream(event.stream),
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as DiscountCodeEvent;
    switch (event.type) {
      case 'DiscountCodeIssued':
        return {
          code: event.data.code,
          discount_id: event.data.discount_id,
          claimed_by: null,
          issued_at: recorded.recordedAt.toISOString(),
        };
      case 'DiscountCodeClaimed':
        return document ? { ...document, claimed_by: event.data.order_number } : null;
      case 'DiscountCodeReleased':
        return document ? { ...document, claimed_by: null } : null;
      default:
        return assertNever(event, 'discount code event');
    }
  },
};
