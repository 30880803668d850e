import { MARKETS, PAGE_PATHS, type Market } from './market';

export interface DeviceSlugs {
  readonly type: string | null;
  readonly manufacturer: string | null;
  readonly model: string | null;
  readonly color: string | null;
}

/** Which page an address is, with what it needs from the address. */
export type PageRoute =
  | {
      readonly page: 'buyback';
      readonly slugs: DeviceSlugs;
      readonly deviceCondition: string | null;
      /** The answers given so far (the address keeps them, so a reload or a shared link shows them). */
      readonly deviceConditionChoices: readonly string[] | null;
    }
  | { readonly page: 'thanks'; readonly number: string; readonly token: string }
  | { readonly page: 'status'; readonly number: string; readonly token: string }
  | { readonly page: 'offer'; readonly number: string; readonly token: string }
  | { readonly page: 'stores' | 'contact' | 'login' };

/** The query parameter of the answers given: their values, comma-separated (the API's device_condition_choices). */
export const CHOICES_PARAM = 'device_condition_choices';

const choicesOf = (value: string | null): readonly string[] | null => {
  const values = (value ?? '').split(',').filter((v) => v !== '');
  return values.length > 0 ? values : null;
};

const decode = (segment: string | undefined): string | null => {
  if (segment === undefined || segment === '') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The page of a path and query on a market, or null when the storefront does not serve it. */
export function matchRoute(market: Market, pathname: string, search: string): PageRoute | null {
  const params = new URLSearchParams(search);
  const paths = MARKETS[market].paths;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === PAGE_PATHS.stores) return { page: 'stores' };
  if (path === PAGE_PATHS.contact) return { page: 'contact' };
  if (path === PAGE_PATHS.login) return { page: 'login' };
  if (path !== paths.base && !path.startsWith(`${paths.base}/`)) return null;
  const segments = path.slice(paths.base.length).split('/').filter(Boolean);
  if (segments.length > 4) return null;
  const [first, second] = segments;
  if (first === paths.thankYou && segments.length === 1)
    return { page: 'thanks', number: params.get('number') ?? '', token: params.get('token') ?? '' };
  if ((first === paths.status || first === paths.offer) && segments.length === 2 && second) {
    const number = decode(second) ?? '';
    const token = params.get('token') ?? '';
    return first === paths.status ? { page: 'status', number, token } : { page: 'offer', number, token };
  }
  return {
    page: 'buyback',
    slugs: {
      type: decode(segments[0]),
      manufacturer: decode(segments[1]),
      model: decode(segments[2]),
      color: decode(segments[3]),
    },
    deviceCondition: params.get('device_condition'),
    deviceConditionChoices: choicesOf(params.get(CHOICES_PARAM)),
  };
}

/**
 * The analytics page type (spec section 2 knows home_page, product_detail and catalog). The
 * buy-back is the shop's catalogue of devices we buy, so it is 'catalog'; a link that already
 * names one device variant (down to the colour) is that device's offer, 'product_detail'. The
 * pages around it (thank-you, status, stores, contact, sign-in) are 'home_page'-level pages.
 */
export function pageType(route: PageRoute | null): 'home_page' | 'product_detail' | 'catalog' {
  if (!route) return 'home_page';
  if (route.page === 'buyback') return route.slugs.color ? 'product_detail' : 'catalog';
  if (route.page === 'offer') return 'product_detail';
  return 'home_page';
}

/** The path patterns the handler serves (Express 5 syntax), for the API's route table: pages and built assets. */
export function routePatterns(market: Market): string[] {
  const { base } = MARKETS[market].paths;
  return [
    base,
    `${base}/{*path}`,
    PAGE_PATHS.stores,
    PAGE_PATHS.contact,
    PAGE_PATHS.login,
    '/assets/{*path}',
    // The drawn pictures of the devices the catalogue names (web/src/server/device-image.ts).
    '/images/buyout/{*path}',
  ];
}
