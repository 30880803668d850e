import { z } from 'zod';
import { textField } from '@buyloop/validation';

/**
 * The catalogue's stock routes, as zod schemas. Quantities are checked for
 * shape here (numbers); whole, not negative and not absurd are the stock
 * rules' field errors, the same for the forms and the services.
 */

const timestamp = z.iso.datetime({ offset: true });
const pieces = z.number().meta({ description: 'Whole pieces' });
const code = z.string().min(1).max(64).meta({ description: 'The catalogue product’s code' });
const location = z.string().min(1).max(40).meta({ description: 'A location id from GET /api/admin/stock/locations' });
const businessId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/)
  .meta({ description: 'Chosen by the caller (a UUID, an order number): the same id again is the same request' });

export const STOCK_STATES = ['in_stock', 'last_pieces', 'in_store', 'on_order', 'unavailable'] as const;
export const LOCATION_KINDS = ['warehouse', 'store'] as const;

export const stockLevelSchema = z
  .strictObject({
    on_hand: z.number().int(),
    reserved: z.number().int(),
    available: z.number().int(),
  })
  .meta({ id: 'CatalogueStockLevel', description: 'available = on_hand − reserved, never negative' });
export type StockLevelView = z.infer<typeof stockLevelSchema>;

const placedLevelSchema = z.strictObject({
  code: z.string(),
  location: z.string(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});

export const receiptRequestSchema = z
  .strictObject({
    code,
    location,
    quantity: pieces,
    reference: textField({ max: 100 }).nullable().optional().meta({ description: 'Delivery note or supplier invoice' }),
    receipt_id: businessId.optional(),
  })
  .meta({ id: 'CatalogueStockReceiptRequest' });

export const countRequestSchema = z
  .strictObject({ code, location, on_hand: pieces, reason: textField({ max: 500 }) })
  .meta({ id: 'CatalogueStockCountRequest' });

export const transferRequestSchema = z
  .strictObject({ code, from: location, to: location, quantity: pieces, transfer_id: businessId.optional() })
  .meta({ id: 'CatalogueStockTransferRequest' });

export const reservationRequestSchema = z
  .strictObject({
    reservation_id: businessId,
    items: z
      .array(z.strictObject({ code, location, quantity: pieces }))
      .min(1)
      .max(50),
    expires_at: timestamp,
  })
  .meta({ id: 'CatalogueStockReservationRequest' });

export const receiptResultSchema = placedLevelSchema.meta({ id: 'CatalogueStockReceiptResult' });

export const transferResultSchema = z
  .strictObject({
    transfer_id: z.string(),
    code: z.string(),
    quantity: z.number().int(),
    from: placedLevelSchema,
    to: placedLevelSchema,
  })
  .meta({ id: 'CatalogueStockTransferResult' });

export const reservationResultSchema = z
  .strictObject({
    reservation_id: z.string(),
    status: z.enum(['held', 'released', 'sold']),
    expires_at: timestamp.nullable(),
    items: z.array(placedLevelSchema.extend({ quantity: z.number().int() })),
  })
  .meta({ id: 'CatalogueStockReservationResult' });

const weekdayHours = z.strictObject({ opens: z.string(), closes: z.string() }).nullable();

export const locationSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    kind: z.enum(LOCATION_KINDS),
    address: z.strictObject({ street: z.string(), city: z.string(), postcode: z.string(), country: z.enum(['CZ', 'RO']) }),
    opening_hours: z
      .strictObject({
        mon: weekdayHours,
        tue: weekdayHours,
        wed: weekdayHours,
        thu: weekdayHours,
        fri: weekdayHours,
        sat: weekdayHours,
        sun: weekdayHours,
      })
      .meta({ description: 'Local time HH:MM per weekday; null: closed' }),
    coordinates: z.strictObject({ lat: z.number(), lng: z.number() }),
  })
  .meta({ id: 'CatalogueStockLocation' });
export type LocationView = z.infer<typeof locationSchema>;

export const locationsResultSchema = z
  .strictObject({ locations: z.array(locationSchema) })
  .meta({ id: 'CatalogueStockLocations' });

export const stockStateSchema = z.enum(STOCK_STATES).meta({ id: 'CatalogueStockState' });

export const productStockSchema = z
  .strictObject({
    code: z.string(),
    state: stockStateSchema.meta({ description: 'What the storefront shows' }),
    stores: z.array(z.string()).meta({ description: 'Stores with pieces available (for in_store)' }),
    pre_order: z.boolean(),
    external_stock: z.boolean(),
    discontinued: z.boolean(),
    totals: stockLevelSchema,
    locations: z.array(
      z.strictObject({
        location: z.string(),
        name: z.string(),
        kind: z.enum(LOCATION_KINDS),
        on_hand: z.number().int(),
        reserved: z.number().int(),
        available: z.number().int(),
        state: stockStateSchema,
        reservations: z.array(z.strictObject({ reservation_id: z.string(), quantity: z.number().int(), expires_at: timestamp })),
      }),
    ),
  })
  .meta({ id: 'CatalogueProductStock' });
export type ProductStockView = z.infer<typeof productStockSchema>;
