/**
 * The public catalogue API's answers as the shop pages read them (the shapes pinned in issue 14;
 * the API may send more). Money is whole CZK or Lei with VAT.
 */
export type StockState = 'in_stock' | 'in_store_only' | 'on_order' | 'sold_out';

export interface CategoryNode {
  readonly id: string;
  readonly name: string;
  readonly seo_name: string;
  readonly parent: string | null;
  readonly product_count?: number;
  readonly seo_title?: string | null;
  readonly seo_description?: string | null;
  readonly children: readonly CategoryNode[];
}

export interface CategoriesResponse {
  readonly categories: readonly CategoryNode[];
}

export interface ProductItem {
  readonly code: string;
  readonly seo_name: string;
  readonly long_name: string;
  readonly short_name: string;
  readonly price: number;
  readonly currency: string;
  readonly lowest_price_30d: number | null;
  readonly original_price?: number | null;
  readonly quality_name?: string | null;
  readonly stock_state: StockState;
  readonly image_url?: string | null;
  readonly manufacturer?: string | null;
}

export interface FacetValue {
  readonly value: string;
  readonly label: string;
  readonly count: number;
}

export interface ProductsResponse {
  readonly items: readonly ProductItem[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
  readonly facets: Readonly<Record<string, unknown>>;
}

export interface Variant {
  readonly code: string;
  readonly seo_name: string;
  readonly colour: string | null;
  readonly capacity: string | null;
  readonly quality: string | null;
  readonly quality_name: string | null;
  readonly price: number;
  readonly price_without_vat: number;
  readonly lowest_price_30d: number | null;
  readonly original_price?: number | null;
  readonly stock_state: StockState;
  readonly image_url?: string | null;
}

export interface ProductDetail {
  readonly code: string;
  readonly seo_name: string;
  readonly long_name: string;
  readonly short_name: string;
  readonly description_html: string;
  readonly manufacturer: string | null;
  readonly category: { readonly id: string; readonly name: string; readonly seo_name: string } | null;
  readonly breadcrumbs: readonly { readonly name: string; readonly seo_name: string }[];
  readonly images: readonly { readonly url: string; readonly alt: string; readonly width: number; readonly height: number }[];
  readonly params: readonly { readonly name: string; readonly value: string }[];
  /** Centimetres and kilograms. */
  readonly package_size: {
    readonly width: number;
    readonly height: number;
    readonly depth: number;
    readonly weight: number;
  } | null;
  readonly price: number;
  readonly price_without_vat: number;
  readonly lowest_price_30d: number | null;
  readonly original_price: number | null;
  readonly currency: string;
  readonly stock_state: StockState;
  readonly stores: readonly {
    readonly id: string;
    readonly name: string;
    readonly city: string;
    readonly stock_state: StockState;
  }[];
  readonly variants: readonly Variant[];
  readonly variant_axes: {
    readonly colour?: readonly unknown[];
    readonly capacity?: readonly unknown[];
    readonly quality?: readonly unknown[];
  };
  readonly gifts: readonly SmallProduct[];
  readonly special_offers: readonly SmallProduct[];
  readonly accessories: readonly SmallProduct[];
  readonly insurance_options: readonly { readonly id: string; readonly name: string; readonly price: number }[];
  readonly warranty_options: readonly { readonly months: number; readonly name: string; readonly price: number }[];
  readonly installment_teaser: { readonly monthly_from: number; readonly months: number } | null;
  readonly buyback_bonus_percent: number | null;
  readonly seo_title?: string | null;
  readonly seo_description?: string | null;
}

export interface SmallProduct {
  readonly code: string;
  readonly seo_name: string;
  readonly short_name: string;
  readonly price: number;
  readonly image_url?: string | null;
}

export interface SearchResponse {
  readonly result: {
    readonly products: readonly {
      readonly code: string;
      readonly seo_name: string;
      readonly short_name: string;
      readonly price: number;
      readonly image_url?: string | null;
    }[];
    readonly categories: readonly { readonly id: string; readonly name: string; readonly seo_name: string }[];
  };
}
