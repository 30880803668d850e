import { SEARCH_MAX_LENGTH, SHOP_ATTRIBUTE_CODE_PATTERN, SHOP_MAX_PAGE } from '@buyloop/contracts/catalogue/shop';
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
  | { readonly page: 'stores' | 'contact' | 'login' }
  | { readonly page: 'home' | 'favourites' | 'faq' }
  | { readonly page: 'category'; readonly seo: string; readonly filters: CatalogFilters }
  | { readonly page: 'product'; readonly seo: string }
  | { readonly page: 'search'; readonly q: string }
  | { readonly page: 'cart' | 'checkout' }
  | { readonly page: 'order'; readonly number: string; readonly token: string }
  /** The signed-in customer's orders, and one of them (no token: the account is the key). */
  | { readonly page: 'myOrders' }
  | { readonly page: 'myOrder'; readonly number: string };

/**
 * A category page's filters as the address holds them, under the names the public catalogue API
 * takes (the page hands them on unchanged). Only known names with sane values are kept, in a fixed
 * order: a hand-edited address shows the page it can rather than the API's 400, and two addresses
 * meaning the same filters ask for (and are cached as) the same data.
 */
export type CatalogFilters = Readonly<Record<string, string>>;

export const SORTS = ['best_selling', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];
/** Rows per page the visitor can choose (spec 9: "rows per page selectable"); the first is the default. */
export const PAGE_SIZES = [24, 48, 96] as const;
/** The longest search term the API takes, in code points (as the API counts). */
export const MAX_TERM = SEARCH_MAX_LENGTH;

const FACET_PARAMS = ['manufacturer', 'quality', 'colour', 'capacity', 'in_store'] as const;
/** `attr.<code>`, the code as the API's pattern takes it (anything else would be its 400). */
const isAttributeParam = (name: string) =>
  name.startsWith('attr.') && SHOP_ATTRIBUTE_CODE_PATTERN.test(name.slice('attr.'.length));
const WHOLE = /^\d{1,9}$/;

/** The filters of a query string: known parameters, valid values, a fixed order; defaults left out. */
export function filtersFrom(search: string): CatalogFilters {
  const params = new URLSearchParams(search);
  const kept: Record<string, string> = {};
  const value = (name: string) => params.get(name)?.trim().slice(0, 100) ?? '';
  for (const name of FACET_PARAMS) if (value(name)) kept[name] = value(name);
  for (const name of [...new Set(params.keys())].filter(isAttributeParam).sort()) if (value(name)) kept[name] = value(name);
  if (value('in_stock') === 'true') kept.in_stock = 'true';
  const from = WHOLE.test(value('price_from')) ? Number(value('price_from')) : null;
  const to = WHOLE.test(value('price_to')) ? Number(value('price_to')) : null;
  // A range the wrong way round is the visitor's slip: both ends are dropped rather than asking for nothing.
  if (from !== null && (to === null || from <= to)) kept.price_from = String(from);
  if (to !== null && (from === null || from <= to)) kept.price_to = String(to);
  const sort = value('sort');
  if ((SORTS as readonly string[]).includes(sort) && sort !== SORTS[0]) kept.sort = sort;
  const pageSize = Number(value('page_size'));
  if ((PAGE_SIZES as readonly number[]).includes(pageSize) && pageSize !== PAGE_SIZES[0]) kept.page_size = String(pageSize);
  const page = Number(value('page'));
  // Past the API's last page there is nothing to show: the page number is dropped rather than answered 400.
  if (WHOLE.test(value('page')) && page > 1 && page <= SHOP_MAX_PAGE) kept.page = String(page);
  return kept;
}

/** The query string of filters ('' or '?a=b&…'), in the order filtersFrom keeps. */
export function filtersQuery(filters: CatalogFilters): string {
  const text = new URLSearchParams(Object.entries(filters)).toString();
  return text ? `?${text}` : '';
}

/**
 * Filters with one parameter set or cleared (null); any change but the page itself starts again at
 * page 1, since the old page number may lie beyond the new results.
 */
export function withFilter(filters: CatalogFilters, name: string, value: string | null): CatalogFilters {
  const next: Record<string, string> = { ...filters };
  if (value === null || value === '') delete next[name];
  else next[name] = value;
  if (name !== 'page') delete next.page;
  return filtersFrom(filtersQuery(next));
}

/** Addresses that are never a category: the other front ends, the API and files. */
const RESERVED = new Set(['api', 'admin', 'assets', 'images', 'health', 'metrics']);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An order number as the address may carry it (the API decides whether it is one; anything else is no page). */
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

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
  const shop = MARKETS[market].shop;
  if (path === '/') return { page: 'home' };
  if (path === shop.search) return { page: 'search', q: [...(params.get('q') ?? '').trim()].slice(0, MAX_TERM).join('').trim() };
  if (path === shop.favourites) return { page: 'favourites' };
  if (path === shop.faq) return { page: 'faq' };
  const sales = MARKETS[market].sales;
  if (path === sales.cart) return { page: 'cart' };
  if (path === sales.checkout) return { page: 'checkout' };
  if (path === sales.myOrders) return { page: 'myOrders' };
  if (path.startsWith(`${sales.myOrders}/`)) {
    const number = decode(path.slice(sales.myOrders.length + 1)) ?? '';
    return ORDER_NUMBER.test(number) ? { page: 'myOrder', number } : null;
  }
  if (path.startsWith(`${sales.order}/`)) {
    const number = decode(path.slice(sales.order.length + 1)) ?? '';
    return ORDER_NUMBER.test(number) ? { page: 'order', number, token: params.get('token') ?? '' } : null;
  }
  if (path.startsWith(`${shop.product}/`)) {
    const seo = path.slice(shop.product.length + 1);
    return SLUG.test(seo) ? { page: 'product', seo } : null;
  }
  if (path === PAGE_PATHS.stores) return { page: 'stores' };
  if (path === PAGE_PATHS.contact) return { page: 'contact' };
  if (path === PAGE_PATHS.login) return { page: 'login' };
  if (path !== paths.base && !path.startsWith(`${paths.base}/`)) {
    // Any other single slug may be a category: whether it is one, the catalogue says (else the page is a 404).
    const seo = path.slice(1);
    return SLUG.test(seo) && !RESERVED.has(seo) ? { page: 'category', seo, filters: filtersFrom(search) } : null;
  }
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
  switch (route.page) {
    case 'buyback':
      return route.slugs.color ? 'product_detail' : 'catalog';
    case 'offer':
    case 'product':
      return 'product_detail';
    case 'category':
    case 'search':
      return 'catalog';
    case 'home':
    case 'favourites':
    case 'faq':
    case 'thanks':
    case 'status':
    case 'stores':
    case 'contact':
    case 'login':
    case 'cart':
    case 'checkout':
    case 'order':
    case 'myOrders':
    case 'myOrder':
      return 'home_page';
    default:
      return route satisfies never;
  }
}

/** The canonical address of a page (filters and paging kept: each listing page is its own document). */
export function canonicalPath(market: Market, route: PageRoute): string | null {
  const shop = MARKETS[market].shop;
  switch (route.page) {
    case 'home':
      return '/';
    case 'category':
      return `/${route.seo}${filtersQuery(route.filters)}`;
    case 'product':
      return `${shop.product}/${route.seo}`;
    case 'search':
      return `${shop.search}${route.q ? `?q=${encodeURIComponent(route.q)}` : ''}`;
    case 'favourites':
      return shop.favourites;
    case 'faq':
      return shop.faq;
    case 'stores':
    case 'contact':
    case 'login':
      return PAGE_PATHS[route.page];
    case 'buyback':
      return MARKETS[market].paths.base;
    case 'cart':
      return MARKETS[market].sales.cart;
    case 'checkout':
      return MARKETS[market].sales.checkout;
    case 'thanks':
    case 'status':
    case 'offer':
    case 'order':
    case 'myOrders':
    case 'myOrder':
      return null;
    default:
      return route satisfies never;
  }
}

/** The path patterns the handler serves (Express 5 syntax), for the API's route table: pages and built assets. */
export function routePatterns(market: Market): string[] {
  const { base } = MARKETS[market].paths;
  const shop = MARKETS[market].shop;
  return [
    '/',
    shop.search,
    shop.favourites,
    shop.faq,
    `${shop.product}/:product`,
    // Categories: one slug. The handler passes on what is no category, so the API's own 404 still answers it.
    '/:category',
    base,
    `${base}/{*path}`,
    PAGE_PATHS.stores,
    PAGE_PATHS.contact,
    PAGE_PATHS.login,
    // The cart and the checkout are single slugs (served under '/:category'); an order's status page is not.
    `${MARKETS[market].sales.order}/:number`,
    `${MARKETS[market].sales.myOrders}/:number`,
    '/assets/{*path}',
    // The drawn pictures of the devices the catalogue names (web/src/server/device-image.ts).
    '/images/buyout/{*path}',
  ];
}
