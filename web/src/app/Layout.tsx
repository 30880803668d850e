import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './api';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n';
import { useMarket } from './context';
import { PAGE_PATHS } from './market';
import { Notifications } from './ui';
import { CategoryMenu } from '../shop/CategoryMenu';
import { SearchBox } from '../shop/SearchBox';
import { useFavourites } from '../shop/favourites';

function Logo() {
  return (
    <span className="logo" aria-hidden="true">
      <svg viewBox="0 0 32 32" width="28" height="28">
        <rect x="2" y="2" width="28" height="28" rx="8" fill="currentColor" />
        <path
          d="M10 16a6 6 0 0 1 10.5-4M22 16a6 6 0 0 1-10.5 4"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
        />
        <path d="M20 8.5l1 3.6-3.6.9M12 23.5l-1-3.6 3.6-.9" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** The favourites link with their number (the device's or the account's list): shown after hydration only. */
function FavouritesLink() {
  const t = useT();
  const market = useMarket();
  const count = useFavourites().favourites.length;
  return (
    <Link to={market.shop.favourites} className="nav__icon" data-testid="favourites-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span className="nav__icon-label">{t('nav.favourites')}</span>
      {count > 0 ? (
        <span className="badge" data-testid="favourites-count">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The cart badge (spec 7 cart_count): the visitor's own, so read after hydration, never in the
 * shared HTML; shown only when the API answers it (a process without the cart module has none).
 */
function CartBadge() {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const count = useQuery({
    queryKey: ['cart', 'count'] as const,
    queryFn: () => api.get<{ count: number }>('/api/cart/count'),
    enabled: mounted,
    retry: false,
    staleTime: 30_000,
  });
  if (!count.isSuccess) return null;
  return (
    <Link
      to={market.sales.cart}
      className="nav__icon"
      aria-label={t('nav.cart', { count: count.data.count })}
      data-testid="cart-badge"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M3 4h2.2l2.1 11h10.6l2-8H6.4M9.5 20a1.3 1.3 0 1 0 0-.1M17 20a1.3 1.3 0 1 0 0-.1"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count.data.count > 0 ? (
        <span className="badge" aria-hidden="true">
          {count.data.count}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * "My orders" for a signed-in customer, beside the sign-in link: the session is the visitor's own,
 * so it is asked after hydration (the shared HTML is the same for everyone) and shown only when signed in.
 */
function MyOrdersLink() {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const session = useQuery({
    queryKey: ['auth', 'session'] as const,
    queryFn: () => api.get<{ authenticated: boolean }>('/api/auth/session'),
    enabled: mounted,
    retry: false,
    staleTime: 60_000,
  });
  if (!session.data?.authenticated) return null;
  return (
    <Link to={market.sales.myOrders} className="nav__link nav__link--wide" data-testid="my-orders-link">
      {t('nav.myOrders')}
    </Link>
  );
}

/** The shop's frame: header (menu, logo, search, buy-back, stores, favourites, cart, sign-in), the page, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const market = useMarket();
  const location = useLocation();
  const q = location.pathname === market.shop.search ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="header">
        <div className="container header__inner">
          <CategoryMenu />
          <Link to="/" className="brand" aria-label={`Buyloop – ${t('nav.home')}`}>
            <Logo />
            <span>Buyloop</span>
          </Link>
          <div className="header__search">
            <SearchBox key={q} initial={q} />
          </div>
          <nav aria-label={t('nav.menu')} className="nav">
            <Link to={market.paths.base} className="nav__link nav__link--primary">
              {t('nav.buyback')}
            </Link>
            <Link to={PAGE_PATHS.stores} className="nav__link nav__link--wide">
              {t('nav.stores')}
            </Link>
            <FavouritesLink />
            <CartBadge />
            <MyOrdersLink />
            <Link to={PAGE_PATHS.login} className="nav__link nav__link--login">
              {t('nav.login')}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="main">
        {children}
      </main>
      <footer className="footer">
        <div className="container footer__inner">
          <div>
            <strong className="footer__brand">Buyloop</strong>
            <p>{t('footer.tagline')}</p>
          </div>
          <div>
            <strong>{t('footer.help')}</strong>
            <p>
              {market.market === 'ro' ? '+40 21 300 1234' : '+420 222 333 444'}
              <br />
              {t('footer.hours')}
            </p>
          </div>
          <nav aria-label={t('nav.menu')} className="footer__links">
            <Link to={market.paths.base}>{t('nav.buyback')}</Link>
            <Link to={PAGE_PATHS.stores}>{t('nav.stores')}</Link>
            <Link to={market.shop.faq}>{t('nav.faq')}</Link>
            <Link to={PAGE_PATHS.contact}>{t('nav.contact')}</Link>
            <Link to={PAGE_PATHS.login}>{t('nav.login')}</Link>
          </nav>
        </div>
        <div className="container footer__legal">© 2026 Buyloop. {t('footer.rights')}</div>
      </footer>
      <Notifications />
    </div>
  );
}
