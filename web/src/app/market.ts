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
  /** The shop's own pages: the market's language in every slug (a product lives under `/<product>/<seo_name>`). */
  readonly shop: { readonly product: string; readonly search: string; readonly favourites: string; readonly faq: string };
  /** The cart, the checkout and an order's status page (`<order>/<number>?token=…`), in the market's language. */
  readonly sales: {
    readonly cart: string;
    readonly checkout: string;
    readonly order: string;
    /** "My orders" of the signed-in customer (`<myOrders>/<number>` opens one without its token). */
    readonly myOrders: string;
  };
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
    shop: { product: '/produkt', search: '/hledat', favourites: '/oblibene', faq: '/caste-dotazy' },
    sales: { cart: '/kosik', checkout: '/pokladna', order: '/objednavka', myOrders: '/moje-objednavky' },
  },
  ro: {
    market: 'ro',
    language: 'ro',
    locale: 'ro-RO',
    currency: 'RON',
    timeZone: 'Europe/Bucharest',
    defaultCountry: 'RO',
    paths: { base: '/rascumparare', thankYou: 'multumim', status: 'stare', offer: 'oferta' },
    shop: { product: '/produs', search: '/cautare', favourites: '/favorite', faq: '/intrebari-frecvente' },
    sales: { cart: '/cos', checkout: '/finalizare-comanda', order: '/comanda', myOrders: '/comenzile-mele' },
  },
};

/** Header links (spec section 2: prodejny, kontakt, prihlasit) — the same slugs on both markets. */
export const PAGE_PATHS = { stores: '/prodejny', contact: '/kontakt', login: '/prihlasit' } as const;
