/** The two markets Buyloop sells in; one `MARKET` setting per deployment. */
export const markets = ['cz', 'ro'] as const;
export type Market = (typeof markets)[number];

export const isMarket = (value: unknown): value is Market =>
  typeof value === 'string' && (markets as readonly string[]).includes(value);
