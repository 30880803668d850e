import { NavLink, Route, Routes } from 'react-router';
import type { Me } from '../../app/session';
import { useT } from '../../app/lang';
import { can } from '../../api/permissions';
import type { MessageKey } from '../../i18n';
import { MastersPage } from './MastersPage';
import { MasterDetailPage } from './MasterDetailPage';
import { ProductPage } from './ProductPage';
import { MetaMastersPage } from './MetaMastersPage';
import { SeoTextsPage } from './SeoTextsPage';
import { ReferenceDataPage } from './ReferenceDataPage';
import { ImportsPage } from './ImportsPage';
import type { CatalogueRights } from './rights';
import { NoticeProvider } from './ui';
import './catalogue.css';

const TABS: readonly { readonly to: string; readonly label: MessageKey; readonly end?: boolean }[] = [
  { to: '/catalogue', label: 'cat.nav.masters', end: true },
  { to: '/catalogue/meta-masters', label: 'cat.nav.meta_masters' },
  { to: '/catalogue/seo', label: 'cat.nav.seo' },
  { to: '/catalogue/reference', label: 'cat.nav.reference' },
  { to: '/catalogue/imports', label: 'cat.nav.imports' },
];

/** The catalogue section: products, their detail, prices, stock, images, meta masters, SEO texts and imports. */
export function CatalogueSection({ user }: { user: Me }) {
  const { t } = useT();
  const rights: CatalogueRights = {
    manage: can(user.roles, 'catalogue.manage'),
    prices: can(user.roles, 'catalogue.prices'),
    stockRead: can(user.roles, 'stock.read'),
    stockManage: can(user.roles, 'stock.manage'),
  };
  return (
    <NoticeProvider>
      <div className="ctl-section">
        <nav className="ctl-tabs" aria-label={t('cat.nav.label')}>
          {TABS.filter((tab) => tab.to !== '/catalogue/imports' || rights.manage || rights.prices).map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              end={tab.end ?? false}
              data-testid={`ctl-tab-${tab.to.split('/')[2] ?? 'masters'}`}
              className={({ isActive }) => `ctl-tab${isActive ? ' active' : ''}`}
            >
              {t(tab.label)}
            </NavLink>
          ))}
        </nav>
        <Routes>
          <Route index element={<MastersPage user={user} rights={rights} />} />
          <Route path="masters/:id" element={<MasterDetailPage rights={rights} />} />
          <Route path="products/:code" element={<ProductPage rights={rights} />} />
          <Route path="meta-masters" element={<MetaMastersPage rights={rights} />} />
          <Route path="seo" element={<SeoTextsPage rights={rights} />} />
          <Route path="reference" element={<ReferenceDataPage rights={rights} />} />
          <Route path="imports" element={<ImportsPage rights={rights} />} />
          <Route
            path="*"
            element={
              <section className="page">
                <h1>{t('app.not_found')}</h1>
              </section>
            }
          />
        </Routes>
      </div>
    </NoticeProvider>
  );
}
