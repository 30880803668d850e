import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { createApi, type Api } from './app/api';
import { MARKETS } from './app/market';
import type { RenderContext, RenderResult } from './app/render-types';
import { buybackQuery, prefetch, selectorQuery } from './app/queries';
import { canonicalPath, matchRoute, type DeviceSlugs, type PageRoute } from './app/routes';
import { shopHead } from './shop/head';
import { CATEGORIES_KEY, findCategory, prefetchShop, productQuery, searchQuery, searchable } from './shop/queries';
import { isCanonicalAddress, pageCachePolicy, type ApiAnswerHeaders } from './app/render-cache';
import type { CategoriesResponse } from './shop/types';
import type { SelectorResponse } from './buyback/types';
import { Providers } from './entry-shared';
import { text } from './i18n';
import { deviceOf } from './buyback/title';
import { orderQuery } from './orders/order';

export type { RenderContext, RenderResult };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

/**
 * Renders one page: fetches what it needs from the API first (so the HTML holds the content),
 * then renders with that data and hands back the dehydrated cache for the client.
 */
/** Every slug the link gives was recognised: each named level has its choice. */
function namesOnlyKnownDevices(slugs: DeviceSlugs, selected: SelectorResponse['selected_choices']): boolean {
  return (
    (!slugs.type || selected.product_type !== null) &&
    (!slugs.manufacturer || selected.product_manufacturer !== null) &&
    (!slugs.model || selected.product_model !== null) &&
    (!slugs.color || selected.product_color !== null)
  );
}

/**
 * The pages every visitor sees alike, kept in the shared cache: they are rendered without the
 * visitor's cookie and language (favourites, last visited and the like fill in after hydration).
 * The buy-back's pages are the visitor's own and stay uncached.
 */
const SHARED_PAGES = new Set<PageRoute['page']>([
  'home',
  'category',
  'product',
  'search',
  'favourites',
  'faq',
  'stores',
  'contact',
  'login',
]);

/**
 * The page's status for an API answer that failed: the API's own 4xx (it refused what the address asked for,
 * a hand-edited filter or page, so the visitor's request was bad, not our catalogue), 502 when it failed itself.
 */
const statusOfFailure = (error: unknown): number => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 ? status : 502;
};

/** A shop page's answer: 404 for a category or product the catalogue does not know, 4xx for what the API refused, 502 when it failed. */
function shopStatus(route: PageRoute, client: QueryClient, api: Api): number {
  const failed = (state: { error: unknown } | undefined) => (state?.error ? statusOfFailure(state.error) : null);
  if (route.page === 'category') {
    const tree = client.getQueryState<CategoriesResponse>(CATEGORIES_KEY);
    // No catalogue here at all (a process without the module) knows no category either.
    if (!tree?.data) return statusOf(tree?.error) === 404 ? 404 : 502;
    if (!findCategory(tree.data.categories, route.seo)) return 404;
    const listing = client.getQueryCache().findAll({ queryKey: ['shop', 'products'] })[0];
    return failed(listing?.state) ?? 200;
  }
  if (route.page === 'product') return failed(client.getQueryState(productQuery(api, route.seo).queryKey)) ?? 200;
  if (route.page === 'search' && searchable(route.q))
    return failed(client.getQueryState(searchQuery(api, route.q, 48).queryKey)) ?? 200;
  return 200;
}

export async function render(url: string, context: RenderContext): Promise<RenderResult> {
  const config = MARKETS[context.market];
  // An address no URL parser takes (`///`, `//[`: read as a scheme-relative host) is no page of ours: a 404, not a 500.
  const parsed = URL.canParse(url, 'http://storefront.invalid') ? new URL(url, 'http://storefront.invalid') : null;
  const route = parsed ? matchRoute(context.market, parsed.pathname, parsed.search) : null;
  // Unknown addresses render the not-found page, which is the same for everyone too.
  const shared = !route || SHARED_PAGES.has(route.page);
  const headers: Record<string, string> = {
    // The page's language first, so the API's labels and messages match the page's texts.
    'accept-language': context.acceptLanguage && !shared ? `${config.language}, ${context.acceptLanguage}` : config.language,
  };
  if (context.cookie && !shared) headers.cookie = context.cookie;
  // Every answer's caching headers: the page is kept no longer, and purged by no fewer keys, than its data.
  const answers: ApiAnswerHeaders[] = [];
  const api: Api = createApi({ base: context.apiBase, headers, onAnswer: (answer) => answers.push(answer) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000, gcTime: Infinity } } });
  await Promise.all([
    prefetch(client, api, route),
    prefetchShop(client, api, route),
    route?.page === 'order' && route.token ? client.prefetchQuery(orderQuery(api, route.number, route.token)) : null,
  ]);

  let status = route ? 200 : 404;
  if (route && SHARED_PAGES.has(route.page)) status = shopStatus(route, client, api);
  // A sale's own pages show it only with its token: without one, or with a wrong one, there is no such sale.
  const ownSale = route?.page === 'status' || route?.page === 'offer' || route?.page === 'thanks';
  if (ownSale && (!route.number || !route.token)) status = 404;
  if (ownSale) {
    const error = client.getQueryState(buybackQuery(api, route.number, route.token).queryKey)?.error;
    if (error) status = statusOf(error) === 404 ? 404 : 502;
  }
  // An order shows only with its token: without it, or with a wrong one, there is no such order.
  if (route?.page === 'order') {
    const error = route.token ? client.getQueryState(orderQuery(api, route.number, route.token).queryKey)?.error : true;
    if (error) status = error === true || statusOf(error) === 404 ? 404 : 502;
  }
  if (route?.page === 'buyback') {
    const failed = client
      .getQueryCache()
      .findAll({ queryKey: ['buyout', 'selector'] })
      .some((q) => q.state.status === 'error');
    if (failed) status = 502;
    // A link naming a device we do not buy (an old or mistyped slug) still shows the selector, but as a 404.
    const selected = client.getQueryData<SelectorResponse>(selectorQuery(api, route).queryKey)?.selected_choices;
    if (!failed && selected && !namesOnlyKnownDevices(route.slugs, selected)) status = 404;
  }

  const dehydratedState = dehydrate(client, { shouldDehydrateQuery: () => true });
  const html = renderToString(
    <StrictMode>
      <Providers market={context.market} api={api} client={client}>
        <HydrationBoundary state={dehydratedState}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </HydrationBoundary>
      </Providers>
    </StrictMode>,
  );
  const shop = route && status !== 404 ? shopHead(route, client, api, config.language) : null;
  const title =
    !route || status === 404
      ? text(config.language, 'common.notFound.title')
      : shop
        ? shop.title
        : route.page === 'buyback'
          ? selectorTitle(client.getQueryData<SelectorResponse>(selectorQuery(api, route).queryKey), config.language)
          : route.page === 'order'
            ? text(config.language, 'order.title', { number: route.number })
            : titleOf(route.page, config.language);
  const canonical = route && status === 200 ? canonicalPath(context.market, route) : null;
  const origin = (context.publicUrl ?? context.apiBase).replace(/\/+$/, '');
  const head = [
    `<title>${escapeHtml(`${title} | Buyloop`)}</title>`,
    `<meta name="description" content="${escapeHtml(shop?.description ?? text(config.language, 'buyback.lead'))}" />`,
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(`${origin}${canonical}`)}" />`] : []),
  ].join('\n    ');
  const policy = pageCachePolicy(answers);
  // Stored only under its canonical address: any other query (`?x=<random>`) is rendered but not kept.
  const cacheable = shared && status === 200 && policy.cacheable && canonical !== null && isCanonicalAddress(url, canonical);
  client.clear();
  return {
    html,
    head,
    status,
    dehydratedState,
    cacheable,
    surrogateKeys: cacheable ? policy.surrogateKeys : [],
    sharedMaxAge: policy.sharedMaxAge,
  };
}

/** A selector page's title: the device its address names (each device's page its own), else the buy-back's. */
function selectorTitle(selector: SelectorResponse | undefined, language: 'cs' | 'ro' | 'en'): string {
  const labelOf = (choices: SelectorResponse['choices']['product_type'] | null, value: string | null) =>
    (value && choices?.find((choice) => choice.value === value)?.label) ?? null;
  const s = selector?.selected_choices;
  const device =
    selector && s
      ? deviceOf({
          type: labelOf(selector.choices.product_type, s.product_type),
          manufacturer: labelOf(selector.choices.product_manufacturer, s.product_manufacturer),
          model: labelOf(selector.choices.product_model, s.product_model),
          color: labelOf(selector.choices.product_color, s.product_color),
        })
      : null;
  return device ? text(language, 'buyback.title.device', { device }) : text(language, 'buyback.title');
}

function titleOf(page: string, language: 'cs' | 'ro' | 'en'): string {
  switch (page) {
    case 'thanks':
      return text(language, 'thanks.title');
    case 'status':
    case 'offer':
      return text(language, 'buyback.review.title');
    case 'stores':
      return text(language, 'stores.title');
    case 'contact':
      return text(language, 'contact.title');
    case 'cart':
      return text(language, 'cart.title');
    case 'checkout':
      return text(language, 'checkout.title');
    case 'myOrders':
    case 'myOrder':
      return text(language, 'myOrders.title');
    default:
      return text(language, 'login.title');
  }
}
