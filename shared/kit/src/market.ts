import type { Currency } from './currency';

/** The two markets Buyloop sells in; one `MARKET` setting per deployment. */
export const markets = ['cz', 'ro'] as const;
export type Market = (typeof markets)[number];

export const isMarket = (value: unknown): value is Market =>
  typeof value === 'string' && (markets as readonly string[]).includes(value);

export type MarketLocale = 'cs-CZ' | 'ro-RO';

/** Everything that differs between the Czech shop and the Romanian one, in one table. */
export interface MarketSettings {
  readonly market: Market;
  readonly currency: Currency;
  /** BCP 47 tag for Intl number and date formatting. */
  readonly locale: MarketLocale;
  /** ISO 3166-1 alpha-2 country preselected in addresses. */
  readonly defaultCountry: 'CZ' | 'RO';
  /** Both markets write dates day first (product spec section 9). */
  readonly dateFormat: 'DD.MM.YYYY';
  /** IANA zone the shop's calendar days are counted in, so "today" and printed dates match the customer's. */
  readonly timeZone: 'Europe/Prague' | 'Europe/Bucharest';
}

export const marketSettings: Readonly<Record<Market, MarketSettings>> = {
  cz: {
    market: 'cz',
    currency: 'CZK',
    locale: 'cs-CZ',
    defaultCountry: 'CZ',
    dateFormat: 'DD.MM.YYYY',
    timeZone: 'Europe/Prague',
  },
  ro: {
    market: 'ro',
    currency: 'RON',
    locale: 'ro-RO',
    defaultCountry: 'RO',
    dateFormat: 'DD.MM.YYYY',
    timeZone: 'Europe/Bucharest',
  },
};

export const settingsOf = (market: Market): MarketSettings => marketSettings[market];
