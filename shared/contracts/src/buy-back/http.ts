import { z } from 'zod';
import { currencies, markets } from '@buyloop/kit';
import { textField } from '@buyloop/validation';
import {
  BUYBACK_FLAGS,
  BUYBACK_STATUSES,
  CONDITION_ROLES,
  CONDITION_TYPES,
  DEVICE_TYPES,
  IMEI_BLACKLIST_SOURCES,
  MAIL_DELIVERY_STATUSES,
  PICKUP_METHODS,
  QUALITIES,
  QUARANTINE_REASONS,
  REVISED_OFFER_OUTCOMES,
  STAFF_ACTION_NAMES,
  type StaffActionName,
} from './vocabulary';

/**
 * The buy-back's HTTP contract: what its routes answer, as zod schemas.
 * The API documents (OpenAPI) and checks its answers with them; the front
 * ends import the inferred types (`import type`), never the schemas, so no
 * zod reaches a browser bundle through here.
 */

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();
const amount = z.number().int();
const count = z.number().int().min(0);

export const buybackStatusSchema = z.enum(BUYBACK_STATUSES).meta({ id: 'BuybackStatus' });
export const qualitySchema = z.enum(QUALITIES).meta({ id: 'Quality', description: 'Best first: A+ weighs 5, D weighs 1' });
export const currencySchema = z.enum(currencies).meta({ id: 'Currency' });
const staffActionSchema = z.enum(STAFF_ACTION_NAMES as [StaffActionName, ...StaffActionName[]]).meta({ id: 'StaffAction' });
const perQuality = <T extends z.ZodType>(value: T) => z.strictObject({ 'A+': value, A: value, B: value, C: value, D: value });

// --- the storefront's selector and appraisal ------------------------------------------

export const choiceSchema = z
  .strictObject({
    value: z.string(),
    label: z.string(),
    image: z.string().optional(),
    image_alt: z.string().optional(),
  })
  .meta({ id: 'Choice' });
export type Choice = z.infer<typeof choiceSchema>;

export const conditionChoiceSchema = z
  .strictObject({
    value: z.string(),
    label: z.string(),
    price_correction: amount.meta({ description: 'Whole units added to the quality’s price; negative lowers it' }),
    appraisal_result: qualitySchema.nullable(),
    disabled: z.boolean(),
  })
  .meta({ id: 'ConditionChoice' });
export type ConditionChoice = z.infer<typeof conditionChoiceSchema>;

export const deviceConditionSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    type: z.enum(CONDITION_TYPES),
    role: z.enum(CONDITION_ROLES),
    choices: z.array(conditionChoiceSchema),
  })
  .meta({ id: 'DeviceCondition' });
export type DeviceCondition = z.infer<typeof deviceConditionSchema>;

export const appraisalSchema = z
  .strictObject({
    appraisal_result: z.array(z.strictObject({ id: qualitySchema, quality: qualitySchema, url: z.string(), price: amount })),
    device_conditions: z.array(deviceConditionSchema),
    default_device_condition_choices: perQuality(z.array(z.string())),
    version: z.number().int().positive(),
    minimal_buyout_price: amount,
  })
  .meta({ id: 'Appraisal' });
export type Appraisal = z.infer<typeof appraisalSchema>;

export const quoteSchema = z
  .strictObject({
    quality: qualitySchema.nullable(),
    price: amount.nullable(),
    currency: currencySchema,
    can_buy: z.boolean(),
    message: z.string().optional().meta({ description: 'Why the device cannot be bought, in the asker’s language' }),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

export const choicesSchema = z.strictObject({ choices: z.array(choiceSchema), url: z.string() }).meta({ id: 'Choices' });
export type ChoicesResponse = z.infer<typeof choicesSchema>;

export const deviceTypesSchema = z.strictObject({ choices: z.array(choiceSchema) });
export const countriesSchema = z.strictObject({ choices: z.array(choiceSchema), default: z.string() });
export type CountriesResponse = z.infer<typeof countriesSchema>;
export const appraisalResponseSchema = z.strictObject({ url: z.string(), appraisal: appraisalSchema });

export const selectorSchema = z
  .strictObject({
    selected_choices: z.strictObject({
      product_type: z.enum(DEVICE_TYPES).nullable(),
      product_manufacturer: z.string().nullable(),
      product_model: z.string().nullable(),
      product_color: z.string().nullable(),
      device_condition: qualitySchema.nullable(),
      device_condition_choices: z.array(z.string()).nullable(),
    }),
    choices: z.strictObject({
      product_type: z.array(choiceSchema),
      product_manufacturer: z.array(choiceSchema).nullable(),
      product_model: z.array(choiceSchema).nullable(),
      product_color: z.array(choiceSchema).nullable(),
    }),
    appraisal: appraisalSchema.nullable(),
    quote: quoteSchema.nullable(),
    url: z.string().meta({ description: 'The address the browser shows for what is selected' }),
  })
  .meta({ id: 'Selector' });
export type SelectorResponse = z.infer<typeof selectorSchema>;

export const selectorUrlSchema = z.strictObject({ url: z.string() });

// --- the storefront's commands and the customer's own buy-back --------------------------

export const sellOnlineResultSchema = z.strictObject({ buyout_number: z.string() });
export type SellOnlineResult = z.infer<typeof sellOnlineResultSchema>;
export const sendToEmailResultSchema = z.strictObject({
  buyout_number: z.string(),
  email_sent: z
    .boolean()
    .nullable()
    .meta({ description: 'true: sent; false: the first attempt failed and is retried; null: not known yet' }),
});
export type SendToEmailResult = z.infer<typeof sendToEmailResultSchema>;

/** The answer to every command on one buy-back; the ETag header carries the new version. */
export const commandResultSchema = z
  .strictObject({
    buyout_number: z.string(),
    status: buybackStatusSchema,
    stream_version: z.number().int().positive(),
    position: z.string().meta({ description: 'Global position of the last event written' }),
    events: z.array(z.string()),
  })
  .meta({ id: 'BuybackCommandResult' });
export type BuybackCommandResult = z.infer<typeof commandResultSchema>;

const customerDataFields = {
  personal_identification_number: z.string(),
  identity_card_number: z.string(),
  identity_released_by: z.string(),
  identity_valid_to: day.nullable(),
  degree_before_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['male', 'female']),
  district: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  country: z.string(),
  postcode: z.string(),
  phone_number: z.string(),
  nationality: z.string(),
  place_of_birth: z.string(),
  e_mail: z.string(),
  bank_account_full_number: z.string(),
  bank_code: z.string(),
};

/** The seller as the staff see them: complete. */
export const customerDataSchema = z.strictObject({ ...customerDataFields, birth_date: day }).meta({ id: 'CustomerData' });
export type CustomerData = z.infer<typeof customerDataSchema>;

/** The seller as their own status page shows them: personal number, card and account shortened, no birth date. */
export const maskedCustomerDataSchema = z.strictObject(customerDataFields).meta({ id: 'MaskedCustomerData' });

export const pickupAddressSchema = z
  .strictObject({
    district: z.string().nullable(),
    street: z.string(),
    city: z.string(),
    postcode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'PickupAddress' });

const customerRevisedOffer = z.strictObject({
  previous_price: amount,
  price: amount,
  reasons: z.array(z.string()),
  expires_at: timestamp,
  outcome: z.enum(REVISED_OFFER_OUTCOMES),
});

export const customerTimelineEntrySchema = z.strictObject({
  type: z.string(),
  at: timestamp,
  title: z.string(),
  text: z.string(),
});
export type CustomerTimelineEntry = z.infer<typeof customerTimelineEntrySchema>;

/** GET /api/buyout/{number}: the customer's own buy-back (with the token from their e-mail, or as its signed-in owner). */
export const customerBuybackSchema = z
  .strictObject({
    product_type_choice: choiceSchema.nullable(),
    manufacturer_choice: choiceSchema.nullable(),
    product_model_choice: choiceSchema,
    product_color_choice: choiceSchema,
    appraisal_result: z.array(z.strictObject({ id: qualitySchema, quality: qualitySchema, price: amount })),
    device_conditions: z.array(deviceConditionSchema),
    version: z.number().int().positive(),
    minimal_buyout_price: amount.nullable(),
    conditions_appraisal_result: z.strictObject({ quality: qualitySchema, price: amount }),
    selected_device_condition_choices: z.array(z.string()),
    customer_data: maskedCustomerDataSchema.nullable(),
    pickup_address: pickupAddressSchema.nullable(),
    e_mail: z.string().nullable(),
    personal_data_erased: z.boolean(),
    imei: z.string().nullable().meta({ description: 'Only its last four digits' }),
    created_at: timestamp,
    buyout_number: z.string(),
    stream_version: z.number().int().positive(),
    status: buybackStatusSchema,
    status_label: z.string(),
    status_since: timestamp,
    device_label: z.string(),
    price: amount,
    price_text: z.string(),
    currency: currencySchema,
    revised_offer: customerRevisedOffer.nullable(),
    timeline: z.array(customerTimelineEntrySchema),
    next_step: z.string(),
    can_accept_revised_offer: z.boolean(),
    can_reject_revised_offer: z.boolean(),
    can_cancel: z.boolean(),
  })
  .meta({ id: 'CustomerBuyback' });
export type CustomerBuyback = z.infer<typeof customerBuybackSchema>;

// --- the back office ---------------------------------------------------------------------

export const findingSchema = z
  .strictObject({ question_id: z.string(), expected_choice: z.string(), found_choice: z.string(), reason: z.string() })
  .meta({ id: 'Finding' });
export type Finding = z.infer<typeof findingSchema>;

export const staffTimelineEntrySchema = z
  .strictObject({
    type: z.string().meta({ description: 'The event type: Submitted, DeviceReceived, …' }),
    at: timestamp,
    recorded_at: timestamp,
    actor: z.strictObject({
      user_id: z.string(),
      role: z.string(),
      name: z.string().nullable().meta({
        description: 'Who acted, as people know them: the staff member’s name or e-mail, the seller’s name; null for the system',
      }),
    }),
    stream_version: z.number().int().positive(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])),
  })
  .meta({ id: 'BuybackTimelineEntry' });
export type StaffTimelineEntry = z.infer<typeof staffTimelineEntrySchema>;

const revisedOfferSchema = z.strictObject({
  previous_price: amount,
  price: amount,
  reasons: z.array(z.strictObject({ question_id: z.string(), reason: z.string() })),
  revised_at: timestamp,
  expires_at: timestamp,
  outcome: z.enum(REVISED_OFFER_OUTCOMES),
});

const payoutSchema = z.strictObject({
  amount,
  ordered_by: z.string(),
  ordered_at: timestamp,
  payout_limit: amount,
  approval: z.strictObject({ approval_id: z.string(), approved_by: z.string(), requested_by: z.string() }).nullable(),
  payment_reference: z.string().nullable(),
  paid_at: timestamp.nullable(),
});

/** GET /api/admin/buybacks/{number}: everything the back office knows, with what this person may do next. */
export const staffBuybackSchema = z
  .strictObject({
    buyout_number: z.string(),
    stream_version: z.number().int().positive().meta({ description: 'Also the ETag: send it back as If-Match' }),
    status: buybackStatusSchema,
    status_label: z.string(),
    status_since: timestamp,
    created_at: timestamp,
    submitted_at: timestamp.nullable(),
    updated_at: timestamp,
    model_id: z.string(),
    color_id: z.string(),
    device_label: z.string(),
    imei: z.string().nullable(),
    serial_number: z.string().nullable(),
    declared_quality: qualitySchema,
    declared_quality_weight: z.number().int(),
    declared_choices: z.array(z.string()),
    inspected_quality: qualitySchema.nullable(),
    inspected_quality_weight: z.number().int().nullable(),
    findings: z.array(findingSchema),
    imei_check: z.strictObject({ found: z.string(), matches_submitted: z.boolean(), blacklisted: z.boolean() }).nullable(),
    quarantine_reasons: z.array(z.enum(QUARANTINE_REASONS)),
    offered_price: amount,
    current_price: amount,
    final_price: amount.nullable(),
    currency: currencySchema,
    price_list_version: z.number().int().positive(),
    price_guarantee_lost: z.boolean(),
    pickup: z.enum(PICKUP_METHODS).nullable(),
    pickup_order: z.strictObject({ carrier: z.string(), reference: z.string(), ordered_at: timestamp }).nullable(),
    received_at: timestamp.nullable(),
    subject_id: z.string(),
    owner_user_id: z.string().nullable(),
    revised_offer: revisedOfferSchema.nullable(),
    payout: payoutSchema.nullable(),
    cancellation: z.strictObject({ by: z.enum(['customer', 'staff']), reason: z.string().nullable(), at: timestamp }).nullable(),
    staff_touched: z.boolean(),
    timeline: z.array(staffTimelineEntrySchema),
    customer_data: customerDataSchema.nullable(),
    pickup_address: pickupAddressSchema.nullable(),
    device_note: z.string().nullable(),
    e_mail: z.string().nullable(),
    personal_data_erased: z.boolean(),
    available_actions: z
      .array(staffActionSchema)
      .meta({ description: 'What the buy-back’s state allows (the decider’s answer) and this person’s roles permit' }),
  })
  .meta({ id: 'StaffBuyback' });
export type StaffBuyback = z.infer<typeof staffBuybackSchema>;

export const gridRowSchema = z
  .strictObject({
    buyout_number: z.string(),
    stream_version: z.number().int().positive(),
    created_at: timestamp,
    status: buybackStatusSchema,
    status_since: timestamp,
    days_in_status: count,
    device_label: z.string(),
    imei: z.string().nullable(),
    declared_quality: qualitySchema,
    inspected_quality: qualitySchema.nullable(),
    offered_price: amount,
    current_price: amount,
    final_price: amount.nullable(),
    currency: currencySchema,
    pickup: z.enum(PICKUP_METHODS).nullable(),
    expires_at: timestamp.nullable(),
    subject_id: z.string(),
    personal_data_erased: z.boolean(),
    flags: z.array(z.enum(BUYBACK_FLAGS)),
    customer_name: z.string().nullable(),
    customer_city: z.string().nullable(),
    customer_email: z.string().nullable(),
  })
  .meta({ id: 'BuybackGridRow' });
export type BuybackGridRow = z.infer<typeof gridRowSchema>;

/** AG Grid's infinite row model: one block of rows and where the data ends. */
export const gridPageSchema = z.strictObject({ rows: z.array(gridRowSchema), lastRow: count }).meta({ id: 'BuybackGridPage' });
export type BuybackGridPage = z.infer<typeof gridPageSchema>;

export const dailyCountsSchema = z.strictObject({
  from: day,
  to: day,
  days: z.array(z.strictObject({ day, counts: z.partialRecord(buybackStatusSchema, count) })),
});

export const priceListSchema = z
  .strictObject({
    model_id: z.string(),
    currency: currencySchema,
    version: z.number().int().positive(),
    prices: perQuality(amount),
    device_conditions: z.array(deviceConditionSchema),
    default_device_condition_choices: perQuality(z.array(z.string())),
    minimal_buyout_price: amount,
    bonus_percentage: z.number().min(0).max(100),
  })
  .meta({ id: 'PriceList' });
export type PriceList = z.infer<typeof priceListSchema>;

export const priceListRowSchema = z.strictObject({
  model_id: z.string(),
  model: z.string(),
  version: z.number().int().positive(),
  currency: currencySchema,
  prices: perQuality(amount),
  minimal_buyout_price: amount,
  bonus_percentage: z.number().min(0).max(100),
});
export type PriceListRow = z.infer<typeof priceListRowSchema>;
export const priceListsSchema = z.strictObject({ market: z.enum(markets), price_lists: z.array(priceListRowSchema) });

export const priceListImportResultSchema = z.strictObject({ published: z.boolean(), changed_models: z.array(z.string()) });
export const priceListEditResultSchema = z.strictObject({ published: z.boolean(), version: z.number().int().positive() });

export const priceListPublicationSchema = z.strictObject({
  at: timestamp,
  source: z.enum(['demo', 'import', 'edit']),
  published_by: z.string(),
  changed: z.array(
    z.strictObject({
      model_id: z.string(),
      version: z.number().int().positive(),
      prices: perQuality(amount),
      minimal_buyout_price: amount,
      bonus_percentage: z.number(),
    }),
  ),
  removed: z.array(z.string()),
});
export type PriceListPublication = z.infer<typeof priceListPublicationSchema>;
export const priceListHistorySchema = z.strictObject({
  market: z.enum(markets),
  publications: z.array(priceListPublicationSchema),
});

export const blacklistEntrySchema = z
  .strictObject({
    imei: z.string(),
    listed: z.boolean(),
    reason: z.string(),
    source: z.enum(IMEI_BLACKLIST_SOURCES),
    listed_at: timestamp,
    cleared_at: timestamp.nullable(),
    history: z.array(
      z.discriminatedUnion('action', [
        z.strictObject({
          action: z.literal('listed'),
          reason: z.string(),
          source: z.enum(IMEI_BLACKLIST_SOURCES),
          at: timestamp,
        }),
        z.strictObject({ action: z.literal('cleared'), reason: z.string(), at: timestamp }),
      ]),
    ),
  })
  .meta({ id: 'ImeiBlacklistEntry' });
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;
export const blacklistPageSchema = z.strictObject({ items: z.array(blacklistEntrySchema), total: count });
export const blacklistChangeSchema = z.strictObject({ imei: z.string(), listed: z.boolean() });

export const erasureResultSchema = z.strictObject({
  subject_id: z.string(),
  erased_buybacks: z.array(z.string()),
  stream_version: z.number().int().positive(),
});

export const outboxItemSchema = z
  .strictObject({
    id: z.string(),
    kind: z.string().meta({ description: 'offer_emailed, submitted, offer_revised, paid' }),
    buyout_number: z.string(),
    status: z.enum(MAIL_DELIVERY_STATUSES),
    attempts: count,
    last_error: z.string().nullable(),
    last_attempt_at: timestamp.nullable(),
    next_attempt_at: timestamp.nullable(),
    sent_at: timestamp.nullable(),
    dropped_reason: z.enum(['personal_data_erased', 'recipient_unknown']).nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'OutboxItem' });
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const caughtMailSchema = z
  .strictObject({
    id: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    receivedAt: timestamp,
  })
  .meta({ id: 'CaughtMail' });
export type CaughtMail = z.infer<typeof caughtMailSchema>;

export const mailSchema = z.strictObject({
  outbox: z.strictObject({ items: z.array(outboxItemSchema), total: count }),
  caught: z
    .array(caughtMailSchema)
    .nullable()
    .meta({ description: 'What the embedded SMTP catcher holds (development and tests); null with a real SMTP server' }),
});

// --- requests the read side validates with ----------------------------------------------

const selectorText = z.string().trim().min(1).max(100);
const deviceType = z.enum(DEVICE_TYPES);

export const manufacturersQuerySchema = z.strictObject({ type: deviceType });
export const modelsQuerySchema = z.strictObject({ type: deviceType, manufacturer: selectorText });
export const colorsQuerySchema = z.strictObject({ model: selectorText });
export const appraisalQuerySchema = z.strictObject({ color: selectorText });

/** A deep link's levels, by id or by the slug of the address; each may be left out. */
export const selectorQuerySchema = z.strictObject({
  type: selectorText.optional(),
  manufacturer: selectorText.optional(),
  model: selectorText.optional(),
  color: selectorText.optional(),
  device_condition: selectorText.optional().meta({ description: 'A quality: its default answers and price are filled in' }),
});
export type SelectorQuery = z.infer<typeof selectorQuerySchema>;

export const quoteRequestSchema = z.strictObject({
  device_identifier: selectorText.meta({ description: 'The colour variant’s id' }),
  appraisal_version: z.number().int().positive().meta({ description: 'The price list version the page shows' }),
  device_condition_choices: z.array(selectorText).max(50),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** The customer's token from their e-mail; the signed-in owner needs none. */
export const accessTokenSchema = z.strictObject({ token: z.string().trim().min(1).max(200).optional() });

const dayQuery = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const dailyCountsQuerySchema = z.strictObject({ from: dayQuery.optional(), to: dayQuery.optional() });

export const priceListHistoryQuerySchema = z.strictObject({
  model: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const blacklistQuerySchema = z.strictObject({
  listed: z.enum(['true', 'false']).optional(),
  imei: z
    .string()
    .trim()
    .regex(/^[\d\s/-]{1,20}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The grid's request as a query string: the models travel as JSON, as AG Grid builds them. */
export const gridQuerySchema = z.strictObject({
  startRow: z.coerce.number().int().min(0).optional(),
  endRow: z.coerce.number().int().min(1).optional(),
  sortModel: z.string().max(5_000).optional().meta({ description: 'AG Grid’s sortModel as JSON' }),
  filterModel: z.string().max(20_000).optional().meta({ description: 'AG Grid’s filterModel as JSON' }),
  quick: z.string().max(200).optional(),
});

// --- the storefront's sale and e-mailed offer ----------------------------------------------
//
// These two bodies are read field by field (services/buy-back, sell-online-input.ts): rules
// span fields (postcode and country, gender and personal number, bank code and account) and
// every error comes back in one answer. The schemas below document their shape for the
// reference and the front ends; the journeys' accepted requests are checked against them.

const requestText = (max: number) => z.string().max(max);
const optionalRequestText = (max: number) => z.string().max(max).nullable().optional();

const appraisalRequestFields = {
  device_identifier: requestText(100).meta({ description: 'The colour variant’s id' }),
  appraisal_version: z.number().int().positive().meta({ description: 'The price list version the page shows' }),
  device_condition_choices: z.array(requestText(50)).max(50),
  note: optionalRequestText(1000),
};

const addressRequestFields = {
  district: optionalRequestText(100),
  street: requestText(200),
  city: requestText(100),
  postcode: requestText(20).meta({ description: 'Checked against the country' }),
  country: requestText(60).meta({ description: 'ISO 3166-1 alpha-2: CZ, SK, RO, PL, DE, AT, HU, MD or BG' }),
};

export const sellOnlineRequestSchema = z
  .strictObject({
    ...appraisalRequestFields,
    customer_data: z.strictObject({
      personal_identification_number: requestText(20).meta({ description: 'Czech birth number or Romanian CNP' }),
      identity_card_number: requestText(20),
      identity_released_by: requestText(100),
      identity_valid_to: optionalRequestText(20).meta({ description: 'DD.MM.YYYY, or "unlimited"' }),
      degree_before_name: optionalRequestText(50),
      first_name: requestText(100),
      last_name: requestText(100),
      gender: requestText(20).meta({ description: 'male or female; checked against the personal number' }),
      ...addressRequestFields,
      phone_number: requestText(40),
      nationality: requestText(60).meta({ description: 'ISO 3166-1 alpha-2' }),
      place_of_birth: requestText(100),
      e_mail: requestText(254),
      bank_account_full_number: requestText(50).meta({ description: 'Czech market: [prefix-]number; Romanian market: IBAN' }),
      bank_code: optionalRequestText(10).meta({ description: 'Czech market: the four-digit bank code' }),
    }),
    pickup_address: z
      .strictObject(addressRequestFields)
      .nullable()
      .optional()
      .meta({ description: 'Only when the courier collects elsewhere than the seller’s address' }),
    buyout_device: z.strictObject({
      imei: requestText(40).meta({ description: '15 digits, Luhn-checked' }),
      serial_number: optionalRequestText(40),
      note: optionalRequestText(1000),
    }),
  })
  .meta({ id: 'SellOnlineRequest' });
export type SellOnlineRequest = z.input<typeof sellOnlineRequestSchema>;

export const sendToEmailRequestSchema = z
  .strictObject({ e_mail: requestText(254), ...appraisalRequestFields })
  .meta({ id: 'SendToEmailRequest' });
export type SendToEmailRequest = z.input<typeof sendToEmailRequestSchema>;

export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Repeating a request with the same key answers the same buy-back; another body with it is 422' }),
});

export const ifMatchHeaderSchema = z.object({
  'if-match': z.string().meta({ description: 'The ETag (stream version) of the buy-back as last read; required' }),
});

export const buyoutNumberParamsSchema = z.strictObject({ number: z.string().meta({ description: 'The buy-back’s number' }) });

// --- the back office's commands on one buy-back -----------------------------------------

const staffText = (max: number) => textField({ max });
const staffNote = (max: number) => textField({ max }, { multiline: true });

/** The body of each back-office command (`POST /api/admin/buybacks/{number}/<action>`), as the route validates it. */
export const staffActionRequestSchemas = {
  'order-pickup': z.strictObject({ carrier: staffText(60), pickup_reference: staffText(100) }),
  receive: z.strictObject({ where: staffText(100) }),
  inspect: z.strictObject({
    imei: staffText(40).meta({ description: 'As read from the device; spaces, slashes and hyphens are ignored' }),
    quality_found: qualitySchema,
    findings: z
      .array(
        z.strictObject({
          question_id: staffText(100),
          found_choice: staffText(100),
          reason: textField({ min: 0, max: 500 }, { multiline: true })
            .default('')
            .meta({ description: 'Required where the answer found differs from the declared one' }),
        }),
      )
      .max(50),
  }),
  'release-quarantine': z.strictObject({ reason: staffNote(500) }),
  'report-quarantine': z.strictObject({
    authority: staffText(100),
    reference: textField({ min: 0, max: 100 }).nullable().default(null),
  }),
  approve: z.strictObject({}),
  'revise-offer': z.strictObject({
    price: z.number().int().min(0).max(10_000_000),
    reasons: z
      .array(z.strictObject({ question_id: staffText(100), reason: staffNote(500) }))
      .min(1)
      .max(50)
      .meta({ description: 'One per finding that differs from the declaration' }),
  }),
  'return-device': z.strictObject({ shipment_reference: textField({ min: 0, max: 100 }).nullable().default(null) }),
  'order-payout': z.strictObject({
    approval_id: staffText(100)
      .nullable()
      .default(null)
      .meta({ description: 'A granted supervisor check of this payout; required above the configured amount' }),
  }),
  'confirm-payout': z.strictObject({ payment_reference: staffText(100) }),
  complete: z.strictObject({}),
  cancel: z.strictObject({ reason: staffNote(500) }),
} as const satisfies Readonly<Record<StaffActionName, z.ZodObject>>;

export type StaffActionRequest<A extends StaffActionName> = z.input<(typeof staffActionRequestSchemas)[A]>;
