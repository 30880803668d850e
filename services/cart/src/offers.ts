import type { Currency } from '@buyloop/kit';

/**
 * A catalogue product as the cart needs it when an item is added or its
 * quantity raised: what it is, what it costs now on the market and whether
 * it can be bought. The cart never reads the catalogue's streams; the module
 * answers this port from the catalogue's published read model.
 */
export interface ProductOffer {
  readonly code: string;
  readonly name: string;
  readonly kind: string;
  /** Whole CZK or lei with VAT applied now; null when the product has no price on this market. */
  readonly price: number | null;
  readonly vat_rate: number;
  readonly currency: Currency;
  /** Active (not discontinued). */
  readonly for_sale: boolean;
  /** Pieces that can be sold now; null when the product is sold without stock (pre-order, external stock). */
  readonly available: number | null;
  /** A warranty extension's months. */
  readonly extension_months: number | null;
  /** Codes of the insurance products offered with this device. */
  readonly insurance: readonly string[];
  /** Codes of the warranty extensions offered with this device. */
  readonly warranty_extensions: readonly string[];
  /**
   * Ids of the catalogue categories the product is in, those above them
   * included (a discount limited to `phones` reaches the phones filed under
   * `phones/apple`). Absent where the catalogue tells none.
   */
  readonly categories?: readonly string[];
}

export interface ProductOffers {
  /** The product by its code, or null when the catalogue has no such product. */
  offer(code: string): Promise<ProductOffer | null>;
}
