import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { useMarket } from './context';
import { PAGE_PATHS } from './market';
import { Notifications } from './ui';

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

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const market = useMarket();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="header">
        <div className="container header__inner">
          <Link to={market.paths.base} className="brand">
            <Logo />
            <span>Buyloop</span>
          </Link>
          <nav aria-label={t('nav.menu')} className="nav">
            <Link to={market.paths.base} className="nav__link nav__link--primary">
              {t('nav.buyback')}
            </Link>
            <Link to={PAGE_PATHS.stores} className="nav__link">
              {t('nav.stores')}
            </Link>
            <Link to={PAGE_PATHS.contact} className="nav__link">
              {t('nav.contact')}
            </Link>
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
            <Link to={PAGE_PATHS.stores}>{t('nav.stores')}</Link>
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
