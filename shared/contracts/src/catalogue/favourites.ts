import { z } from 'zod';
import { shopProductItemSchema } from './shop';

/**
 * A signed-in customer's favourites (issue 14: "kept on the device for
 * visitors, merged into the account on login"). The account keeps product
 * codes, newest first; the answer adds the cards of those still on sale so
 * the favourites page needs no second request. Fields may be added, never
 * renamed: the storefront depends on them.
 */

/** The most codes an account keeps: adding one more drops the oldest, a merge asks for at most this many. */
export const FAVOURITES_LIMIT = 200;

/** A catalogue code as the catalogue writes them (upper case; the request may send lower case). */
const productCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/)
  .transform((code) => code.toUpperCase())
  .meta({ description: 'A catalogue product code', example: 'IPH15-128-BLK' });

export const favouriteParamsSchema = z.strictObject({ code: productCode });

export const mergeFavouritesSchema = z
  .strictObject({
    codes: z
      .array(productCode)
      .max(FAVOURITES_LIMIT)
      .meta({ description: 'The device’s favourites, newest first; codes no longer on sale are left out' }),
  })
  .meta({ id: 'MergeFavouritesRequest' });
export type MergeFavouritesRequest = z.infer<typeof mergeFavouritesSchema>;

export const favouritesSchema = z
  .object({
    items: z.array(z.string()).meta({ description: 'The product codes, newest first' }),
    products: z
      .array(shopProductItemSchema)
      .meta({ description: 'The cards of the products still on sale, in the order of `items`' }),
  })
  .meta({ id: 'Favourites' });
export type Favourites = z.infer<typeof favouritesSchema>;
