import type { DiscountFields } from '@buyloop/contracts/cart/discounts';
import type { DomainEvent } from '@buyloop/kit';

/** A definition's stream (`discount-<id>`): spec 3's fields as staff set them, its archive, its generated codes. */
export type DiscountEvent =
  | DomainEvent<'DiscountCreated', { readonly id: string; readonly fields: DiscountFields; readonly at: string }>
  /** Every field after the change (a PATCH is merged by the decider), so one event folds into the whole definition. */
  | DomainEvent<'DiscountChanged', { readonly id: string; readonly fields: DiscountFields; readonly at: string }>
  | DomainEvent<'DiscountArchived', { readonly id: string; readonly at: string }>
  /** Single-use codes issued (each one's own stream holds `DiscountCodeIssued` too): the count and the batch for staff. */
  | DomainEvent<'DiscountCodesGenerated', { readonly id: string; readonly codes: readonly string[]; readonly at: string }>;

export type DiscountEventType = DiscountEvent['type'];
export const DISCOUNT_EVENT_TYPES = [
  'DiscountCreated',
  'DiscountChanged',
  'DiscountArchived',
  'DiscountCodesGenerated',
] as const satisfies readonly DiscountEventType[];

/**
 * A single-use code's stream (`discount_code-<code>`): the consistency
 * boundary that lets exactly one order use it (DESIGN 3). Issued once (the
 * store refuses a second stream of the same name, so codes never repeat),
 * claimed by one order at its checkout, released when that order is
 * cancelled before payment.
 */
export type DiscountCodeEvent =
  | DomainEvent<'DiscountCodeIssued', { readonly code: string; readonly discount_id: string; readonly at: string }>
  | DomainEvent<'DiscountCodeClaimed', { readonly code: string; readonly order_number: string; readonly at: string }>
  | DomainEvent<'DiscountCodeReleased', { readonly code: string; readonly order_number: string; readonly at: string }>;

export type DiscountCodeEventType = DiscountCodeEvent['type'];
export const DISCOUNT_CODE_EVENT_TYPES = [
  'DiscountCodeIssued',
  'DiscountCodeClaimed',
  'DiscountCodeReleased',
] as const satisfies readonly DiscountCodeEventType[];

export const DISCOUNT_STREAM_CATEGORY = 'discount';
export const DISCOUNT_CODE_STREAM_CATEGORY = 'discount_code';
export const discountStream = (id: string): string => `${DISCOUNT_STREAM_CATEGORY}-${id}`;
export const discountCodeStream = (code: string): string => `${DISCOUNT_CODE_STREAM_CATEGORY}-${code}`;
export const discountIdOfStream = (stream: string): string | null =>
  stream.startsWith(`${DISCOUNT_STREAM_CATEGORY}-`) ? stream.slice(DISCOUNT_STREAM_CATEGORY.length + 1) : null;
export const discountCodeOfStream = (stream: string): string | null =>
  stream.startsWith(`${DISCOUNT_CODE_STREAM_CATEGORY}-`) ? stream.slice(DISCOUNT_CODE_STREAM_CATEGORY.length + 1) : null;
