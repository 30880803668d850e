import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../app/api';
import { useMarket } from '../app/context';
import { formatDateTime, formatMoney } from '../app/format';
import { PAGE_PATHS } from '../app/market';
import { ErrorState, Loading, Message } from '../app/ui';
import { useT, type UiKey } from '../i18n';
import { en } from '../i18n/messages';
import '../cart/cart.css';
import type { OrderView } from './order';
import { OrderHead, OrderItems, OrderPaymentDelivery } from './OrderParts';

/** GET /api/account/orders as the account's list answers it (more fields may come). */
export interface AccountOrder {
  readonly number: string;
  readonly placed_at: string;
  readonly status: string;
  readonly total: number;
  readonly currency: string;
  readonly items: number;
  /** The storefront's page of the order for its owner (`/moje-objednavky/<number>`). */
  readonly path: string;
}

export interface AccountOrderPage {
  readonly items: readonly AccountOrder[];
  readonly total: number;
}

const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

/** The account's own data: asked for once the page runs in the browser, never put into the shared HTML. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** The tab's title: this page's data is the visitor's own, so the server rendered no title of it. */
function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Buyloop`;
  }, [title]);
}

/** The API's label for a status we know, else the code as it came. */
function useStatusLabel(): (code: string) => string {
  const t = useT();
  return (code) => {
    const key = `order.status.${code}`;
    return key in en ? t(key as UiKey) : code;
  };
}

function SignIn() {
  const t = useT();
  return (
    <div className="container narrow page-state" data-testid="my-orders-sign-in">
      <Message kind="info" title={t('myOrders.signIn.title')}>
        {t('myOrders.signIn.text')}
      </Message>
      <Link className="button" to={PAGE_PATHS.login}>
        {t('nav.login')}
      </Link>
    </div>
  );
}

/** "Moje objednávky": the signed-in customer's orders, newest first, each opening its own page. */
export function MyOrdersPage() {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const label = useStatusLabel();
  useTitle(t('myOrders.title'));
  const key = ['account', 'orders'] as const;
  const orders = useQuery({
    queryKey: key,
    queryFn: () => api.get<AccountOrderPage>('/api/account/orders'),
    enabled: useMounted(),
    retry: false,
  });

  let body;
  if (orders.isPending) body = <Loading />;
  else if (orders.isError)
    body =
      statusOf(orders.error) === 401 ? (
        <SignIn />
      ) : (
        <ErrorState onRetry={() => void client.invalidateQueries({ queryKey: key })} />
      );
  else if (orders.data.items.length === 0)
    body = (
      <div data-testid="my-orders-empty">
        <Message kind="info" title={t('myOrders.empty.title')}>
          {t('myOrders.empty.text')}
        </Message>
        <Link className="button button--secondary" to="/">
          {t('common.backShop')}
        </Link>
      </div>
    );
  else
    body = (
      <>
        <p className="muted">{t('myOrders.lead')}</p>
        <table className="order-items" data-testid="my-orders">
          <thead>
            <tr>
              <th scope="col">{t('myOrders.number')}</th>
              <th scope="col">{t('myOrders.date')}</th>
              <th scope="col">{t('myOrders.status')}</th>
              <th scope="col">{t('myOrders.total')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.items.map((order) => (
              <tr key={order.number} data-testid="my-order-row" data-status={order.status}>
                <td>
                  <Link to={order.path} aria-label={t('myOrders.open', { number: order.number })}>
                    {order.number}
                  </Link>
                </td>
                <td>
                  <time dateTime={order.placed_at}>{formatDateTime(order.placed_at, market.timeZone)}</time>
                </td>
                <td>{label(order.status)}</td>
                <td>{formatMoney(order.total, order.currency, market.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {orders.data.total > orders.data.items.length ? (
          <p className="muted">{t('myOrders.more', { shown: orders.data.items.length, total: orders.data.total })}</p>
        ) : null}
      </>
    );

  return (
    <div className="container order-page" data-testid="my-orders-page">
      <h1>{t('myOrders.title')}</h1>
      {body}
    </div>
  );
}

/** One of the account's orders, opened from the list: no token, the account is the key. */
export function MyOrderPage({ number }: { number: string }) {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  useTitle(t('order.title', { number }));
  const key = ['account', 'orders', number] as const;
  const order = useQuery({
    queryKey: key,
    queryFn: () => api.get<OrderView>(`/api/account/orders/${encodeURIComponent(number)}`),
    enabled: useMounted(),
    retry: false,
  });

  if (order.isPending) return <Loading />;
  if (order.isError) {
    const status = statusOf(order.error);
    if (status === 401) return <SignIn />;
    if (status === 404)
      return (
        <div className="container narrow page-state" data-testid="my-order-not-found">
          <Message kind="warning" title={t('myOrders.notFound.title')}>
            {t('myOrders.notFound.text')}
          </Message>
          <BackLink />
        </div>
      );
    return <ErrorState onRetry={() => void client.invalidateQueries({ queryKey: key })} />;
  }
  return <MyOrderDetail order={order.data} />;
}

function BackLink() {
  const t = useT();
  const market = useMarket();
  return (
    <Link className="button button--secondary" to={market.sales.myOrders}>
      {t('myOrders.back')}
    </Link>
  );
}

function MyOrderDetail({ order }: { order: OrderView }) {
  const t = useT();
  const market = useMarket();
  const label = useStatusLabel();
  const currency = order.currency ?? (typeof order.totals.currency === 'string' ? order.totals.currency : market.currency);
  const money = (amount: number) => formatMoney(amount, currency, market.locale);
  return (
    <div className="container order-page" data-testid="my-order-page" data-status={order.status}>
      <OrderHead idPrefix="my-order" order={order} status={order.status_label ?? label(order.status)} />
      <OrderPaymentDelivery idPrefix="my-order" order={order} paymentMethod={order.payment.label ?? order.payment.method} />
      <OrderItems idPrefix="my-order" order={order} money={money} />
      {order.timeline.length > 0 ? (
        <section className="card order-section" aria-labelledby="my-order-timeline-title">
          <h2 id="my-order-timeline-title">{t('order.timeline')}</h2>
          <ol className="order-timeline">
            {order.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at} className="muted">
                  {formatDateTime(entry.at, market.timeZone)}
                </time>
                <span>{entry.label ?? (entry.status ? label(entry.status) : (entry.type ?? ''))}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <BackLink />
    </div>
  );
}
