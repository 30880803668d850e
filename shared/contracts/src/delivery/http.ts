import { z } from 'zod';
import { DELIVERY_METHODS } from './port';

/**
 * The delivery context's HTTP contract (issue 15: `GET /api/cart/deliveries`,
 * `GET /api/cart/delivery-places`, `GET /api/cart/delivery-timeslots`,
 * `POST /api/cart/delivery-liftago-check`). Query values arrive as strings,
 * so numbers are checked by pattern here and by range in the route (a field
 * error either way). Strict: an unknown parameter or field is a 400 naming it.
 */

export const PLACES_DEFAULT_LIMIT = 20;
export const PLACES_MAX_LIMIT = 100;
export const PLACES_TERM_MAX_LENGTH = 100;

const decimal = (description: string) =>
  z
    .string()
    // Empty (`lat=`) reads as not given, as a form sends an empty field.
    .regex(/^(?:-?\d{1,3}(?:\.\d{1,10})?)?$/, 'validation.not_a_number')
    .meta({ description });

export const deliveryPlacesQuerySchema = z
  .strictObject({
    term: z
      .string()
      .max(PLACES_TERM_MAX_LENGTH)
      .optional()
      .meta({
        description: `Town, street, postcode or name; accents and case do not matter; at most ${PLACES_TERM_MAX_LENGTH} characters`,
      }),
    limit: z
      .string()
      .regex(/^\d{0,9}$/, 'validation.not_a_number')
      .optional()
      .meta({ description: `Places at most, 1–${PLACES_MAX_LIMIT}; default ${PLACES_DEFAULT_LIMIT} (also when empty)` }),
    lat: decimal('Latitude of the point to sort from, −90 to 90 (with lng)').optional(),
    lng: decimal('Longitude of the point to sort from, −180 to 180 (with lat)').optional(),
  })
  .meta({ id: 'DeliveryPlacesQuery' });

const hours = z.object({ opens: z.string(), closes: z.string() }).nullable();
export const weeklyHoursSchema = z
  .object({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours })
  .meta({ id: 'WeeklyOpeningHours', description: 'HH:MM local time per weekday; null: closed' });

export const deliveryPlaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    zip: z.string(),
    lat: z.number(),
    lng: z.number(),
    distance_m: z.number().int().optional().meta({ description: 'From the given lat/lng, metres' }),
    available: z.boolean().meta({ description: 'False: the carrier reports the point congested or closed (spec 8)' }),
    opening_hours: weeklyHoursSchema.optional(),
  })
  .meta({ id: 'DeliveryPlace' });
export type DeliveryPlace = z.infer<typeof deliveryPlaceSchema>;

export const deliveryPlacesSchema = z
  .object({ places: z.array(deliveryPlaceSchema) })
  .meta({ id: 'DeliveryPlaces', description: 'Nearest first when lat/lng were given, otherwise by town and name' });

export const deliveryStoreSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    zip: z.string(),
    lat: z.number(),
    lng: z.number(),
    ready_by: z
      .string()
      .nullable()
      .meta({ description: 'Spec 9: a reservation is ready within 30 minutes of opening time; null: closed all week' }),
  })
  .meta({ id: 'DeliveryStore' });

export const deliveryOptionSchema = z
  .object({
    code: z.enum(DELIVERY_METHODS),
    name: z.string(),
    description: z.string(),
    fee: z.number().int().meta({ description: 'Whole CZK / lei with VAT, before free_from' }),
    currency: z.enum(['CZK', 'RON']),
    free_from: z.number().int().optional().meta({ description: 'Goods total from which the fee is 0' }),
    available: z.boolean(),
    reason: z.string().optional().meta({ description: 'Why not available: a message code' }),
    stores: z.array(deliveryStoreSchema).optional().meta({ description: 'store_pickup and same_day_courier: the stores' }),
  })
  .meta({ id: 'DeliveryOption' });
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

export const deliveriesSchema = z.object({ deliveries: z.array(deliveryOptionSchema) }).meta({ id: 'Deliveries' });

export const deliveryTimeslotsQuerySchema = z
  .strictObject({
    method: z.enum(['courier']).meta({ description: 'courier (same-day slots come from the liftago check)' }),
    zip: z.string().max(20).meta({ description: 'The delivery postcode' }),
  })
  .meta({ id: 'DeliveryTimeslotsQuery' });

export const timeslotSchema = z
  .object({
    id: z.string().meta({ description: 'What the checkout sends as timeslot_id' }),
    from: z.string().meta({ description: 'ISO instant' }),
    to: z.string().meta({ description: 'ISO instant' }),
    available: z.boolean(),
  })
  .meta({ id: 'DeliveryTimeslot' });
export type Timeslot = z.infer<typeof timeslotSchema>;

export const deliveryTimeslotsSchema = z.object({ timeslots: z.array(timeslotSchema) }).meta({ id: 'DeliveryTimeslots' });

export const deliveryAddressSchema = z
  .strictObject({
    street: z.string().trim().min(1).max(200),
    city: z.string().trim().min(1).max(100),
    zip: z.string().trim().min(1).max(20),
    country: z.string().trim().length(2),
  })
  .meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const liftagoCheckSchema = z
  .strictObject({
    store: z.string().min(1).max(60).meta({ description: 'The store’s id (spec 7 store_seo_name)' }),
    delivery_address: deliveryAddressSchema,
  })
  .meta({ id: 'LiftagoCheckRequest' });

export const liftagoAnswerSchema = z
  .object({
    available: z.boolean(),
    reason: z.string().optional().meta({ description: 'Why not: a message code' }),
    timeslots: z.array(timeslotSchema),
  })
  .meta({ id: 'LiftagoCheck' });

/** Postcodes as the markets write them: 5 digits (cz, optionally `110 00`), 6 digits (ro). */
export const ZIP_PATTERNS = { cz: /^\d{3} ?\d{2}$/, ro: /^\d{6}$/ } as const;
