import { Route, Routes } from 'react-router';
import type { Me } from '../../app/session';
import { can } from '../../api/permissions';
import { NoticeProvider } from '../catalogue/ui';
import { DiscountsPage } from './DiscountsPage';
import { DiscountDetailPage } from './DiscountDetailPage';
import '../catalogue/catalogue.css';

/** Discounts (spec 2 "discount detail and grid", spec 3's fields): the grid, a new definition, one definition. */
export function DiscountsSection({ user }: { user: Me }) {
  const manage = can(user.roles, 'discounts.manage');
  return (
    <NoticeProvider>
      <div className="ctl-section">
        <Routes>
          <Route index element={<DiscountsPage manage={manage} />} />
          <Route path="new" element={<DiscountDetailPage manage={manage} />} />
          <Route path=":id" element={<DiscountDetailPage manage={manage} />} />
        </Routes>
      </div>
    </NoticeProvider>
  );
}
