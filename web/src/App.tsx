import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from './i18n';
import { useMarket } from './app/context';
import { ErrorBoundary } from './app/ErrorBoundary';
import { Layout } from './app/Layout';
import { matchRoute, pageType } from './app/routes';
import { ErrorState, Message } from './app/ui';
import { BuybackPage } from './buyback/BuybackPage';
import { OfferPage } from './buyback/OfferPage';
import { StatusPage } from './buyback/StatusPage';
import { ThankYouPage } from './buyback/ThankYouPage';
import { ContactPage, LoginPage, StoresPage } from './pages/InfoPages';
import './styles.css';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function NotFound() {
  const t = useT();
  const market = useMarket();
  return (
    <div className="container page-state">
      <h1>{t('common.notFound.title')}</h1>
      <Message kind="warning">{t('common.notFound.text')}</Message>
      <Link className="button button--primary" to={market.paths.base} data-testid="not-found-home">
        {t('common.backHome')}
      </Link>
    </div>
  );
}

/** The storefront: the page of the current address inside the shop's frame. */
export function App() {
  const market = useMarket();
  const location = useLocation();
  const route = matchRoute(market.market, location.pathname, location.search);

  useEffect(() => {
    // Once per page view: the analytics event, and the flag the browser tests wait for.
    const w = globalThis.window;
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: 'page_view', page_type: pageType(route) });
    w.document.documentElement.dataset.hydrated = 'true';
  }, [location.pathname]);

  let page;
  if (!route) page = <NotFound />;
  else if (route.page === 'buyback') page = <BuybackPage key={location.key} route={route} />;
  else if (route.page === 'thanks') page = <ThankYouPage number={route.number} token={route.token} />;
  else if (route.page === 'status') page = <StatusPage number={route.number} token={route.token} />;
  else if (route.page === 'offer') page = <OfferPage number={route.number} token={route.token} />;
  else if (route.page === 'stores') page = <StoresPage />;
  else if (route.page === 'contact') page = <ContactPage />;
  else page = <LoginPage />;

  return (
    <Layout>
      <ErrorBoundary fallback={<ErrorState />}>{page}</ErrorBoundary>
    </Layout>
  );
}
