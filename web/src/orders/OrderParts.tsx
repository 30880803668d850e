import type { ReactNode } from 'react';
import { useMarket } from '../app/context';
import { formatDateTime } from '../app/format';
import { useT } from '../i18n';
import { totalOf, type OrderView } from './order';

/**
 * The pieces an order's page shows the same way whether it was opened with the order's token or
 * from the customer's account. `idPrefix` names the headings' ids and the testids ('order' or
 * 'my-order'), since the browser tests tell the two pages apart by them.
 */
interface PartProps {
  readonly idPrefix: string;
  readonly order: OrderView;
}

/** The order's number, when it was placed and its status. */
export function OrderHead({ idPrefix, order, status, lead }: PartProps & { status: string; lead?: ReactNode }) {
  const t = useT();
  const market = useMarket();
  return (
    <div className="order-head">
      <div>
        {lead}
        <h1>{t('order.title', { number: order.number })}</h1>
        <p className="muted">{t('order.placed', { date: formatDateTime(order.placed_at, market.timeZone) })}</p>
      </div>
      <p>
        <span className="visually-hidden">{t('order.status')}: </span>
        <span className="order-status" role="status" data-testid={`${idPrefix}-status`}>
          {status}
        </span>
      </p>
    </div>
  );
}

/** The payment's and the delivery's cards; a page that follows their progress passes the status lines. */
export function OrderPaymentDelivery({
  idPrefix,
  order,
  paymentMethod,
  paymentStatus,
  deliveryStatus,
}: PartProps & { paymentMethod: string; paymentStatus?: ReactNode; deliveryStatus?: ReactNode }) {
  const t = useT();
  return (
    <div className="order-grid">
      <section className="card" aria-labelledby={`${idPrefix}-payment-title`}>
        <h2 id={`${idPrefix}-payment-title`}>{t('order.payment')}</h2>
        <p>
          <strong>{paymentMethod}</strong>
        </p>
        {paymentStatus}
      </section>
      <section className="card" aria-labelledby={`${idPrefix}-delivery-title`}>
        <h2 id={`${idPrefix}-delivery-title`}>{t('order.delivery')}</h2>
        <p>
          <strong>{order.delivery.label}</strong>
        </p>
        {deliveryStatus}
        {order.delivery.number ? (
          <p>
            {t('order.deliveryNumber')}: <strong>{order.delivery.number}</strong>
          </p>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The items with their prices and the order's total. `withCodes` adds each item's code after its
 * name; `totalParts` are rows shown above the total (the order page's items, discounts, delivery…).
 */
export function OrderItems({
  idPrefix,
  order,
  money,
  withCodes = false,
  totalParts,
}: PartProps & { money: (amount: number) => string; withCodes?: boolean; totalParts?: ReactNode }) {
  const t = useT();
  const total = totalOf(order.totals);
  return (
    <section className="card order-section" aria-labelledby={`${idPrefix}-items-title`}>
      <h2 id={`${idPrefix}-items-title`}>{t('order.items')}</h2>
      <table className="order-items" data-testid={`${idPrefix}-items`}>
        <thead>
          <tr>
            <th scope="col">{t('order.items')}</th>
            <th scope="col">{t('cart.quantity')}</th>
            <th scope="col">{t('cart.summary.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => {
            const code = item.code ?? item.product;
            return (
              <tr key={`${code ?? ''}-${index}`}>
                <td>
                  {item.name}
                  {withCodes && code ? <span className="muted"> · {code}</span> : null}
                </td>
                <td>{item.quantity}</td>
                <td>{money(item.line_price ?? item.price ?? (item.unit_price ?? 0) * item.quantity)}</td>
              </tr>
            );
          })}
        </tbody>
        {total !== null ? (
          <tfoot>
            {totalParts}
            <tr>
              <th scope="row" colSpan={2}>
                {t('cart.summary.total')}
              </th>
              <td data-testid={`${idPrefix}-total`}>
                <strong>{money(total)}</strong>
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
