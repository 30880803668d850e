import { z } from 'zod';
import { CART_LIMITS, INSTALLMENT_ARRANGEMENTS, WARRANTY_BONUS_MONTHS } from './vocabulary';

/**
 * The cart's HTTP contract (issue 15's shapes: `GET /api/cart`,
 * `GET /api/cart/count`, `POST /api/cart/items`, `PATCH` and
 * `DELETE /api/cart/items/{id}`, and spec 9's free warranty bonus). Strict
 * everywhere: an unknown field is a 400 naming it. Ranges the cart decides
 * (quantities, lines) are refused by the cart's decider with its own codes,
 * so the schemas only check types and shapes.
 */

/** A catalogue code as the catalogue writes them (upper case; the request may send lower case). */
const productCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/)
  .transform((code) => code.toUpperCase())
  .meta({ description: 'A catalogue product code', example: 'IPH15-128-BLK' });

const itemId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
  .meta({ description: 'A cart item id, as the cart answered it' });

const quantity = z
  .number()
  .int()
  .meta({ description: `Pieces, ${CART_LIMITS.minQuantity}–${CART_LIMITS.maxQuantity}`, example: 1 });

const installment = z
  .enum(INSTALLMENT_ARRANGEMENTS)
  .meta({ description: 'Spec 3: the installment is arranged in a store or online' });

export const addCartItemSchema = z
  .strictObject({
    product: productCode,
    quantity: quantity.default(1),
    parent_item_id: itemId.optional().meta({
      description:
        'The device item this accessory or service is bought with (a package); an insurance or warranty extension comes with its device through `insurance_id` / `warranty_months` only',
    }),
    insurance_id: productCode.optional().meta({ description: 'An insurance product offered with the device, added under it' }),
    warranty_months: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The months of a paid warranty extension offered with the device, added under it' }),
    installment: installment.optional(),
  })
  .meta({ id: 'AddCartItemRequest' });
export type AddCartItemRequest = z.infer<typeof addCartItemSchema>;

export const changeCartItemSchema = z.strictObject({ quantity }).meta({ id: 'ChangeCartItemRequest' });

export const cartItemParamsSchema = z.strictObject({ id: itemId });

export const warrantyBonusSchema = z
  .strictObject({
    months: z
      .union(WARRANTY_BONUS_MONTHS.map((months) => z.literal(months)))
      .meta({ description: 'Spec 9: 12 (one extra year on the two-year legal warranty) or 36 (three years extra)' }),
  })
  .meta({ id: 'WarrantyBonusRequest' });

const count = z.number().int().nonnegative().meta({ description: 'Pieces in the cart (spec 4: the cart badge)' });

export const cartCountSchema = z.strictObject({ count }).meta({ id: 'CartCount' });
export type CartCount = z.infer<typeof cartCountSchema>;

export const cartItemAddedSchema = z
  .strictObject({
    item_id: itemId,
    count,
  })
  .meta({ id: 'CartItemAdded' });

export const cartItemChangedSchema = z.strictObject({ item_id: itemId, quantity: z.number().int().positive(), count });

export const cartItemRemovedSchema = z.strictObject({
  removed_item_ids: z.array(itemId).meta({ description: 'The item and the items of its package' }),
  count,
});

export const warrantyBonusResultSchema = z.strictObject({
  item_id: itemId,
  months: z.union(WARRANTY_BONUS_MONTHS.map((months) => z.literal(months))).nullable(),
  count,
});

const money = z.number().int().meta({ description: 'Whole CZK or lei, VAT included unless named otherwise' });

const cartLineFields = {
  item_id: itemId,
  product: z.string(),
  name: z.string(),
  kind: z.string().meta({ description: 'device, accessory, insurance, warranty_extension or service' }),
  quantity: z.number().int().positive(),
  unit_price: money,
  unit_price_without_vat: money,
  line_price: money,
  vat_rate: z.number(),
  installment: installment.nullable(),
  warranty_months: z.number().int().nullable().meta({ description: 'A paid warranty extension’s months' }),
  warranty_bonus_months: z
    .union(WARRANTY_BONUS_MONTHS.map((months) => z.literal(months)))
    .nullable()
    .meta({ description: 'Spec 9’s free warranty bonus on a device' }),
};

export const cartChildLineSchema = z.strictObject(cartLineFields).meta({ id: 'CartChildLine' });
export type CartChildLine = z.infer<typeof cartChildLineSchema>;

export const cartLineSchema = z
  .strictObject({
    ...cartLineFields,
    children: z.array(cartChildLineSchema).meta({ description: 'The package: what was bought with this device' }),
  })
  .meta({ id: 'CartLine' });

export const cartSummarySchema = z
  .strictObject({
    currency: z.enum(['CZK', 'RON']),
    count,
    items: z.array(cartLineSchema),
    discounts: z
      .array(
        z.strictObject({
          code: z.string().meta({ description: 'The code applied (`ISIC` for an ISIC card; empty for an automatic discount)' }),
          title: z.string(),
          amount: money.meta({ description: 'Whole units off the total (0 when invalid or left out)' }),
          kind: z.enum(['code', 'isic', 'automatic']),
          discount_id: z.string().nullable(),
          status: z.enum(['applied', 'invalid', 'not_combined']).meta({
            description:
              'applied; invalid: spec 8’s ‘invalid discount in the cart (remove it)’ (it stopped being valid after it was applied); not_combined: valid, but a better non-combinable choice left it out',
          }),
          message: z.string().nullable().meta({ description: 'The text to show beside an invalid discount' }),
        }),
      )
      .meta({ description: 'Discount codes applied and automatic discounts, in the order they count' }),
    bonuses: z
      .array(
        z.strictObject({
          kind: z.enum(['warranty', 'buyback']),
          item_id: itemId,
          months: z.number().int().nullable(),
          amount: money,
          buyback_number: z.string().optional().meta({ description: 'The buy-back a `buyback` bonus comes from' }),
          percent: z.number().int().optional().meta({ description: 'A `buyback` bonus: its share of the offered price' }),
          basis: money.optional().meta({ description: 'A `buyback` bonus: the offered price it was worked out from' }),
        }),
      )
      .meta({
        description:
          'Bonuses on the cart’s devices: the free warranty (no charge) and the buy-back bonus (`amount` off the total)',
      }),
    items_total: money,
    discount_total: money,
    vat: money.meta({ description: 'The VAT the total includes' }),
    total_without_vat: money,
    total: money,
  })
  .meta({ id: 'CartSummary' });
export type CartSummary = z.infer<typeof cartSummarySchema>;
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * Spec 9's buy-back bonus ("up to {0} %"): a buy-back of the customer's old
 * device gives a bonus on a device in the cart. The customer names the
 * buy-back by its number and proves it is theirs by being its signed-in
 * seller or by the status token from its e-mail link.
 */
export const BUYBACK_BONUS_RULE = {
  /** The bonus is this share of the buy-back's offered price… */
  percent: 10,
  /** …at most this much per market (whole units), and never more than the device's price. */
  max: { cz: 2_000, ro: 400 },
} as const;

export const BUYBACK_BONUS_ERROR_CODES = {
  /** Unknown number, or a buy-back that is not this customer's: the same answer, so numbers tell nothing. */
  notFound: 'cart.buyback_not_found',
  /** Not (or no longer) a sale that can give a bonus: only e-mailed, quarantined, revised and open, paid out, cancelled… */
  notEligible: 'cart.buyback_not_eligible',
  /** One buy-back gives one bonus: it gives one already (in another cart, another device or an order). */
  used: 'cart.buyback_bonus_used',
} as const;

const buybackNumber = z
  .string()
  .regex(/^\d{12}$/)
  .meta({ description: 'The buy-back’s number (12 digits)', example: '261123482157' });

export const addBuybackBonusSchema = z
  .strictObject({
    item_id: itemId.meta({ description: 'The device line the bonus goes on' }),
    buyback_number: buybackNumber,
    token: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'The buy-back’s status token from its e-mail link (not needed by its signed-in seller)' }),
  })
  .meta({ id: 'AddBuybackBonusRequest' });
export type AddBuybackBonusRequest = z.infer<typeof addBuybackBonusSchema>;

export const buybackBonusResultSchema = z
  .strictObject({
    item_id: itemId,
    buyback_number: buybackNumber.nullable(),
    amount: money.meta({ description: 'Whole units off the total (0 once taken off)' }),
    percent: z.number().int(),
    basis: money.meta({ description: 'The buy-back’s offered price the bonus was worked out from' }),
    count,
  })
  .meta({ id: 'BuybackBonusResult' });
