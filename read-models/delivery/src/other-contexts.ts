import { z } from 'zod';
import type { Request, Response } from 'express';
import type { DocumentStore } from '@buyloop/document-store';
import type { Market } from '@buyloop/kit';
import { cookiesOf, principalOf } from '@buyloop/http';
import type { Goods, Store } from '@buyloop/delivery';

/**
 * What delivery reads from other contexts' published read models, by their
 * projections' names (a context never imports another): the market's
 * stores from the catalogue, whether a product is a licence sent by e-mail,
 * and the visitor's cart lines. Each parses the few fields it needs; a
 * context that is not running in this process (a test of another) reads as
 * having nothing.
 */
export const SHOP_LOCATIONS_COLLECTION = 'catalogue_shop_locations';
export const SHOP_PRODUCTS_COLLECTION = 'catalogue_shop_products';
export const CART_COLLECTION = 'cart_carts';
/** The cart's cookie and an account cart's id, as services/cart/src/http/cart-cookie.ts and events.ts name them. */
const CART_COOKIE = 'buyloop_cart';
const ANONYMOUS_CART_ID = /^[0-9a-f]{64}$/;
const accountCartId = (userId: string): string => `user_${userId}`;

const hours = z.object({ opens: z.string(), closes: z.string() }).nullable();
const locationsSchema = z.object({
  locations: z.record(
    z.string(),
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      address: z.object({ street: z.string(), city: z.string(), postcode: z.string() }),
      openingHours: z.object({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours }),
      coordinates: z.object({ lat: z.number(), lng: z.number() }),
    }),
  ),
});
const productSchema = z.object({ product: z.object({ electronic_licence: z.boolean().optional() }).nullable() });
const cartSchema = z.object({
  handed_over_to: z.string().nullable(),
  items: z.array(z.object({ product: z.string(), quantity: z.number(), unit_price: z.number() })),
});

export interface OtherContextsDeps {
  readonly documents: Pick<DocumentStore, 'get' | 'getMany'>;
  readonly collection: (projection: string) => Promise<string>;
  readonly market: Market;
}

export class OtherContexts {
  constructor(private readonly deps: OtherContextsDeps) {}

  private async collectionOf(projection: string): Promise<string | null> {
    try {
      return await this.deps.collection(projection);
    } catch {
      return null;
    }
  }

  /** The market's stores (not the warehouse), by name. */
  async stores(): Promise<Store[]> {
    const collection = await this.collectionOf(SHOP_LOCATIONS_COLLECTION);
    const raw = collection === null ? null : await this.deps.documents.get(collection, this.deps.market);
    if (raw === null) return [];
    return Object.values(locationsSchema.parse(raw).locations)
      .filter((location) => location.kind === 'store')
      .map((location) => ({
        id: location.id,
        name: location.name,
        street: location.address.street,
        city: location.address.city,
        zip: location.address.postcode,
        lat: location.coordinates.lat,
        lng: location.coordinates.lng,
        openingHours: location.openingHours,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Delivery's view of product lines: which are licences (spec 4: delivered by e-mail). */
  async goods(lines: readonly { readonly code: string; readonly quantity: number }[]): Promise<Goods[]> {
    if (lines.length === 0) return [];
    const collection = await this.collectionOf(SHOP_PRODUCTS_COLLECTION);
    const found =
      collection === null ? new Map() : await this.deps.documents.getMany(collection, [...new Set(lines.map((l) => l.code))]);
    return lines.map((line) => {
      const raw: unknown = found.get(line.code);
      const product = raw === undefined ? null : productSchema.parse(raw).product;
      return { code: line.code, quantity: line.quantity, electronic: product?.electronic_licence === true };
    });
  }

  /** The lines of the visitor's cart (by the cart's cookie, or the account's cart when signed in) and their total. */
  async cartOf(
    req: Request,
    res: Response,
  ): Promise<{ readonly lines: { code: string; quantity: number }[]; readonly total: number }> {
    const empty = { lines: [], total: 0 };
    const principal = principalOf(res);
    const cookie = cookiesOf(req)[CART_COOKIE];
    const cartId =
      principal.via === 'session' && principal.userId
        ? accountCartId(principal.userId)
        : cookie !== undefined && ANONYMOUS_CART_ID.test(cookie)
          ? cookie
          : null;
    const collection = cartId === null ? null : await this.collectionOf(CART_COLLECTION);
    const raw = collection === null || cartId === null ? null : await this.deps.documents.get(collection, cartId);
    if (raw === null) return empty;
    const cart = cartSchema.parse(raw);
    if (cart.handed_over_to !== null) return empty;
    return {
      lines: cart.items.map((item) => ({ code: item.product, quantity: item.quantity })),
      total: cart.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0),
    };
  }
}
