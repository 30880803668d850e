/** ISO 4217 codes of the currencies Buyloop sells in; Romanian lei are RON. */
export const currencies = ['CZK', 'RON'] as const;
export type Currency = (typeof currencies)[number];

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (currencies as readonly string[]).includes(value);
