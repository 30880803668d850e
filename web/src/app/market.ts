import type { UiLanguage } from '../i18n/messages';

export type Market = 'cz' | 'ro';

/** Per market: the buy-back's addresses (as services/buy-back/src/buyback/paths.ts), language, currency, time zone. */
export interface MarketConfig {
  readonly market: Market;
  readonly language: UiLanguage;
  readonly locale: string;
  readonly currency: 'CZK' | 'RON';
  readonly timeZone: string;
  readonly defaultCountry: string;
  readonly paths: { readonly base: string; readonly thankYou: string; readonly status: string; readonly offer: string };
}

export const MARKETS: Readonly<Record<Market, MarketConfig>> = {
  cz: {
    market: 'cz',
    language: 'cs',
    locale: 'cs-CZ',
    currency: 'CZK',
    timeZone: 'Europe/Prague',
    defaultCountry: 'CZ',
    paths: { base: '/vykup', thankYou: 'dekujeme', status: 'stav', offer: 'nabidka' },
  },
  ro: {
    market: 'ro',
    language: 'ro',
    locale: 'ro-RO',
    currency: 'RON',
    timeZone: 'Europe/Bucharest',
    defaultCountry: 'RO',
    paths: { base: '/rascumparare', thankYou: 'multumim', status: 'stare', offer: 'oferta' },
  },
};

/** Header links (spec section 2: prodejny, kontakt, prihlasit) — the same slugs on both markets. */
export const PAGE_PATHS = { stores: '/prodejny', contact: '/kontakt', login: '/prihlasit' } as const;
