import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { onUnauthorised, request } from '../api/client';
import { can, menuFor, type Capability, type MenuKey } from '../api/permissions';
import { LANGS, type MessageKey } from '../i18n';
import { LoginPage } from '../pages/LoginPage';
import { BuybackDetailPage } from '../pages/BuybackDetailPage';
import { PriceListsPage } from '../pages/PriceListsPage';
import { MailPage } from '../pages/MailPage';
import { BlacklistPage } from '../pages/BlacklistPage';
import { ApprovalsPage } from '../pages/ApprovalsPage';
import { UsersPage } from '../pages/UsersPage';
import { Forbidden } from '../pages/Forbidden';
import { useLangStore, useT } from './lang';
import { ACCOUNT_KEY, useMe, type Me } from './session';
import { roleLabel } from './roles';
import { isOwnPath } from '../lib/next-path';
import { CachePurgeEntry } from '../cache/CachePurge';

// AG Grid is most of the script: the grid page loads it when it is first opened.
const BuybacksPage = lazy(() => import('../pages/BuybacksPage').then((m) => ({ default: m.BuybacksPage })));
const CatalogueSection = lazy(() => import('../pages/catalogue/CatalogueSection').then((m) => ({ default: m.CatalogueSection })));
const DiscountsSection = lazy(() => import('../pages/discounts/DiscountsSection').then((m) => ({ default: m.DiscountsSection })));
const OrdersSection = lazy(() => import('../pages/orders/OrdersSection').then((m) => ({ default: m.OrdersSection })));
const CategoriesPage = lazy(() => import('../pages/categories/CategoriesPage').then((m) => ({ default: m.CategoriesPage })));
// The chart library comes with the analytics page, not before.
const AnalyticsPage = lazy(() => import('../pages/analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })));

const MENU_LABELS: Readonly<Record<MenuKey, MessageKey>> = {
  buybacks: 'menu.buybacks',
  'price-lists': 'menu.price_lists',
  catalogue: 'menu.catalogue',
  categories: 'menu.categories',
  discounts: 'menu.discounts',
  orders: 'menu.orders',
  analytics: 'menu.analytics',
  blacklist: 'menu.blacklist',
  mail: 'menu.mail',
  users: 'menu.users',
  approvals: 'menu.approvals',
};

export function App() {
  const me = useMe();
  const client = useQueryClient();
  const location = useLocation();
  const { t } = useT();

  useEffect(() => onUnauthorised(() => client.setQueryData(ACCOUNT_KEY, null)), [client]);

  if (me.isPending) return <p className="page-loading">{t('app.loading')}</p>;
  if (me.isError)
    return (
      <div className="page-loading" role="alert">
        <p>{t('app.error')}</p>
        <button className="btn" onClick={() => void me.refetch()}>
          {t('app.retry')}
        </button>
      </div>
    );
  const user = me.data;
  if (!user) {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="*"
          element={<Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />}
        />
      </Routes>
    );
  }
  return (
    <Shell user={user}>
      <Routes>
        <Route path="/login" element={<AfterLogin />} />
        <Route path="/" element={<Home user={user} />} />
        <Route path="/buybacks" element={<Guard user={user} capability="buyback.read" page={<BuybacksPage user={user} />} />} />
        <Route path="/buybacks/:number" element={<Guard user={user} capability="buyback.read" page={<BuybackDetailPage />} />} />
        <Route
          path="/price-lists"
          element={<Guard user={user} capability="buyback.read" page={<PriceListsPage user={user} />} />}
        />
        <Route
          path="/catalogue/*"
          element={<Guard user={user} capability="catalogue.read" page={<CatalogueSection user={user} />} />}
        />
        <Route
          path="/categories"
          element={<Guard user={user} capability="catalogue.read" page={<CategoriesPage user={user} />} />}
        />
        <Route
          path="/discounts/*"
          element={<Guard user={user} capability="discounts.read" page={<DiscountsSection user={user} />} />}
        />
        <Route path="/orders/*" element={<Guard user={user} capability="orders.read" page={<OrdersSection user={user} />} />} />
        <Route path="/analytics" element={<Guard user={user} capability="analytics.read" page={<AnalyticsPage />} />} />
        <Route path="/blacklist" element={<Guard user={user} capability="buyback.blacklist.read" page={<BlacklistPage />} />} />
        <Route path="/mail" element={<Guard user={user} capability="mail.read" page={<MailPage />} />} />
        <Route path="/approvals" element={<Guard user={user} capability="approval.decide" page={<ApprovalsPage />} />} />
        <Route path="/users" element={<Guard user={user} capability="admin.users.read" page={<UsersPage />} />} />
        <Route path="/users/:userId" element={<Guard user={user} capability="admin.users.read" page={<UsersPage />} />} />
        <Route path="/forbidden" element={<Forbidden />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Shell>
  );
}

function Guard({ user, capability, page }: { user: Me; capability: Capability; page: ReactNode }) {
  return can(user.roles, capability) ? <>{page}</> : <Forbidden />;
}

/** Signed in on the login page: on to where the person was going (a path of ours only). */
function AfterLogin() {
  const [search] = useSearchParams();
  const next = search.get('next');
  return <Navigate to={isOwnPath(next) ? next : '/'} replace />;
}

function Home({ user }: { user: Me }) {
  const first = menuFor(user.roles)[0];
  return first ? <Navigate to={first.path} replace /> : <Forbidden />;
}

function NotFound() {
  const { t } = useT();
  return (
    <section className="page">
      <h1>{t('app.not_found')}</h1>
    </section>
  );
}

function Shell({ user, children }: { user: Me; children: ReactNode }) {
  const { t, lang } = useT();
  const setLang = useLangStore((s) => s.setLang);
  const client = useQueryClient();
  const navigate = useNavigate();
  const menu = menuFor(user.roles);
  const roles = user.roles;

  const logout = async () => {
    await request('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    client.clear();
    client.setQueryData(ACCOUNT_KEY, null);
    void navigate('/login', { replace: true });
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            B
          </span>
          <span>
            Buyloop <span className="brand-sub">back office</span>
          </span>
        </div>
        <nav aria-label={t('menu.main')} className="menu">
          {menu.map((item) => (
            <NavLink
              key={item.key}
              to={item.path}
              data-testid={`menu-${item.key}`}
              className={({ isActive }) => `menu-link${isActive ? ' active' : ''}`}
            >
              {t(MENU_LABELS[item.key])}
            </NavLink>
          ))}
          <CachePurgeEntry roles={roles} />
        </nav>
        <div className="user-box">
          <label className="lang-select">
            <span className="visually-hidden">{t('app.language')}</span>
            <select value={lang} onChange={(e) => setLang(e.target.value as typeof lang)}>
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {l.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <span className="user-name" title={user.email}>
            {user.email}
            <span className="user-roles">{roles.map((role) => roleLabel(role, t)).join(', ')}</span>
          </span>
          <button type="button" className="btn btn-ghost" data-testid="logout" onClick={() => void logout()}>
            {t('menu.logout')}
          </button>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">{t('app.loading')}</p>}>{children}</Suspense>
      </main>
    </div>
  );
}
