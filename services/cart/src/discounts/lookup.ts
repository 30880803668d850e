import type { PricingDefinition } from './pricing';

/** A generated (single-use) code as the read side knows it. */
export interface SingleUseCode {
  readonly code: string;
  readonly discount_id: string;
  /** The order holding it, when one does. */
  readonly claimed_by: string | null;
}

/**
 * What the discount commands and the cart need to know about definitions and
 * codes, answered by the cart context's read models (read-models/cart, the
 * discounts part). A port, so the write side stays free of document queries
 * and the deciders stay pure: the service looks up, the decider decides.
 */
export interface DiscountLookup {
  definition(id: string): Promise<PricingDefinition | null>;
  /** The definition (not archived) holding this shared code, any case. */
  sharedCode(code: string): Promise<PricingDefinition | null>;
  /** A generated code, exactly as it was generated (both letter cases count). */
  singleUseCode(code: string): Promise<SingleUseCode | null>;
  /** The definition an ISIC card gets (active, not archived, the newest when staff made several). */
  isic(): Promise<PricingDefinition | null>;
  /** Definitions with automatic assignment, not archived. */
  automatic(): Promise<readonly PricingDefinition[]>;
}
