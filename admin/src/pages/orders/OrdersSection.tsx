import { NavLink, Route, Routes } from 'react-router';
import type { Me } from '../../app/session';
import { can } from '../../api/permissions';
import { useT } from '../../app/lang';
import { OrdersPage } from './OrdersPage';
import { DeliveriesPage } from './DeliveriesPage';
import { OrderDetailPage } from './OrderDetailPage';
import '../catalogue/catalogue.css';
import './orders.css';

/** Orders (spec 2 "order status and overview", "order delivery detail and grid"): the two grids and their details. */
export function OrdersSection({ user }: { user: Me }) {
  const { t } = useT();
  const manage = can(user.roles, 'orders.manage');
  return (
    <div className="ctl-section">
      <nav className="ctl-tabs" aria-label={t('ord.tabs')}>
        <NavLink end to="/orders" className={({ isActive }) => `ctl-tab${isActive ? ' active' : ''}`} data-testid="tab-orders">
          {t('ord.title')}
        </NavLink>
        <NavLink
          to="/orders/deliveries"
          className={({ isActive }) => `ctl-tab${isActive ? ' active' : ''}`}
          data-testid="tab-deliveries"
        >
          {t('ord.deliveries')}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<OrdersPage />} />
        <Route path="deliveries" element={<DeliveriesPage />} />
        <Route path="deliveries/:number" element={<OrderDetailPage manage={manage} view="delivery" />} />
        <Route path=":number" element={<OrderDetailPage manage={manage} view="order" />} />
      </Routes>
    </div>
  );
}
