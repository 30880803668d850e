import { useEffect, useState } from 'react';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePageView, type PageType } from './analytics';
import { useLocation } from 'react-router';
import { useApi } from './app/api';
import { shopHead } from './shop/head';
import { useMarket } from './app/context';
import { ErrorBoundary } from './app/ErrorBoundary';
import { Layout } from './app/Layout';
import { NotFound } from './app/NotFound';
import { matchRoute, pageType, type PageRoute } from './app/routes';
import { ErrorState } from './app/ui';
import { BuybackPage } from './buyback/BuybackPage';
import { OfferPage } from './buyback/OfferPage';
import { StatusPage } from './buyback/StatusPage';
import { ThankYouPage } from './buyback/ThankYouPage';
import { ContactPage, LoginPage } from './pages/InfoPages';
import { StoresPage } from './stores/StoresPage';
import { CategoryPage } from './shop/CategoryPage';
import { FaqPage } from './shop/FaqPage';
import { FavouritesPage } from './shop/FavouritesPage';
import { HomePage } from './shop/HomePage';
import { ProductPage } from './shop/ProductPage';
import { SearchPage } from './shop/SearchPage';
import { CartPage } from './cart/CartPage';
import { CheckoutPage } from './checkout/CheckoutPage';
import { OrderPage } from './orders/OrderPage';
import { MyOrderPage, MyOrdersPage } from './orders/MyOrdersPage';
import './styles.css';
import './shop/shop.css';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export { NotFound };

/** The analytics page type: spec 2's three where they apply, the page's own name elsewhere. */
export function analyticsPageType(route: PageRoute | null): PageType {
  switch (route?.page) {
    case 'search':
    case 'favourites':
    case 'stores':
    case 'contact':
    case 'login':
    case 'faq':
      return route.page;
    case 'thanks':
    case 'status':
      return 'buyback';
    default:
      return pageType(route);
  }
}

/** Whether the visitor is signed in, read once the page has hydrated (the server's HTML is the same for everyone). */
function useRegistered(): boolean | null {
  const api = useApi();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const session = useQuery({
    queryKey: ['auth', 'session'] as const,
    queryFn: () => api.get<{ authenticated: boolean }>('/api/auth/session'),
    enabled: mounted,
    retry: false,
    staleTime: 60_000,
  });
  if (session.isSuccess) return session.data.authenticated;
  // Unknown is reported as a visitor rather than never: the view itself still counts.
  return session.isError ? false : null;
}

/** The storefront: the page of the current address inside the shop's frame. */
export function App() {
  const market = useMarket();
  const location = useLocation();
  const route = matchRoute(market.market, location.pathname, location.search);

  usePageView(analyticsPageType(route), useRegistered());

  useEffect(() => {
    // Once per page view: the analytics event, and the flag the browser tests wait for.
    const w = globalThis.window;
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: 'page_view', page_type: pageType(route) });
    w.document.documentElement.dataset.hydrated = 'true';
  }, [location.pathname]);

  // The server wrote the first page's title; after a move within the shop the page's data names the next one.
  const client = useQueryClient();
  const api = useApi();
  const fetching = useIsFetching();
  useEffect(() => {
    const head = route ? shopHead(route, client, api, market.language) : null;
    if (head && fetching === 0) document.title = `${head.title} | Buyloop`;
  }, [location.pathname, location.search, fetching]);

  return (
    <Layout>
      <ErrorBoundary fallback={<ErrorState />}>{pageOf(route, location.key)}</ErrorBoundary>
    </Layout>
  );
}

function pageOf(route: PageRoute | null, key: string) {
  if (!route) return <NotFound />;
  switch (route.page) {
    case 'buyback':
      return <BuybackPage key={key} route={route} />;
    case 'thanks':
      return <ThankYouPage number={route.number} token={route.token} />;
    case 'status':
      return <StatusPage number={route.number} token={route.token} />;
    case 'offer':
      return <OfferPage number={route.number} token={route.token} />;
    case 'stores':
      return <StoresPage />;
    case 'contact':
      return <ContactPage />;
    case 'login':
      return <LoginPage />;
    case 'home':
      return <HomePage />;
    case 'category':
      return <CategoryPage key={route.seo} seo={route.seo} filters={route.filters} />;
    case 'product':
      return <ProductPage seo={route.seo} />;
    case 'search':
      return <SearchPage q={route.q} />;
    case 'favourites':
      return <FavouritesPage />;
    case 'faq':
      return <FaqPage />;
    case 'cart':
      return <CartPage />;
    case 'checkout':
      return <CheckoutPage />;
    case 'order':
      return <OrderPage number={route.number} token={route.token} />;
    case 'myOrders':
      return <MyOrdersPage />;
    case 'myOrder':
      return <MyOrderPage key={route.number} number={route.number} />;
    default:
      return route satisfies never;
  }
}
