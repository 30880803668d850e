import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { query, useApi } from '../app/api';
import { ConfirmDialog } from '../app/ConfirmDialog';
import { useMarket } from '../app/context';
import { formatDate, formatDateTime, formatMoney } from '../app/format';
import { useNotifications } from '../app/notifications';
import { ErrorState, Loading, Message } from '../app/ui';
import { useT, type UiKey } from '../i18n';
import { en } from '../i18n/messages';
import { useLiveQuery } from '../lib/live';
import { problemMessage } from '../cart/http';
import { ClawedBackBonusNotice } from '../cart/BuybackBonus';
import { clawedBackOf } from '../cart/BuybackBonusTexts';
import { keptBankTransfer } from '../checkout/idempotency';
import '../cart/cart.css';
import { awaitsTransfer, bankTransferOf, cancellable, orderQuery, qrSource, type BankTransfer, type OrderView } from './order';
import { OrderHead, OrderItems, OrderPaymentDelivery } from './OrderParts';

const POLL_MS = 5_000;

/**
 * How the page follows the order: its live stream when the API has one, else by asking every few
 * seconds. One probe decides (a 404 means no stream here); the probe is dropped once it answered.
 */
function useFollow(url: string | null): 'live' | 'poll' | null {
  const [mode, setMode] = useState<'live' | 'poll' | null>(null);
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } })
      .then((response) => {
        setMode(response.ok ? 'live' : 'poll');
        abort.abort();
      })
      .catch(() => {
        if (!abort.signal.aborted) setMode('poll');
      });
    return () => abort.abort();
  }, [url]);
  return mode;
}

export function OrderNotFound() {
  const t = useT();
  return (
    <div className="container narrow page-state" data-testid="order-not-found">
      <Message kind="warning" title={t('order.notFound.title')}>
        {t('order.notFound.text')}
      </Message>
      <Link className="button button--secondary" to="/">
        {t('common.backShop')}
      </Link>
    </div>
  );
}

/** The customer's order (the link from the e-mail): status, payment, delivery, items, history, cancel. */
export function OrderPage({ number, token }: { number: string; token: string }) {
  const api = useApi();
  const client = useQueryClient();
  const key = orderQuery(api, number, token).queryKey;
  const enabled = Boolean(number && token);
  const liveUrl = `/api/orders/${encodeURIComponent(number)}/live${query({ token })}`;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const first = useQuery({ ...orderQuery(api, number, token), enabled });
  const mode = useFollow(mounted && first.isSuccess ? liveUrl : null);
  const order = useQuery({
    ...orderQuery(api, number, token),
    enabled,
    refetchInterval: mode === 'poll' ? POLL_MS : false,
  });
  useLiveQuery(mode === 'live' ? liveUrl : null, key);

  if (!enabled) return <OrderNotFound />;
  if (order.isPending) return <Loading />;
  if (order.isError)
    // Read by its status, not its class: an error the server rendered arrives dehydrated, as a plain object.
    return (order.error as { status?: number } | null)?.status === 404 ? (
      <OrderNotFound />
    ) : (
      <ErrorState onRetry={() => void client.invalidateQueries({ queryKey: key })} />
    );
  return <OrderDetail order={order.data} token={token} />;
}

function OrderDetail({ order, token }: { order: OrderView; token: string }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const notify = useNotifications((s) => s.notify);
  const currency = order.currency ?? (typeof order.totals.currency === 'string' ? order.totals.currency : market.currency);
  const money = (amount: number) => formatMoney(amount, currency, market.locale);
  const [asking, setAsking] = useState(false);
  // The finish answer's transfer details, kept in this tab, when the order's own answer has none.
  const [kept, setKept] = useState<BankTransfer | null>(null);
  useEffect(() => setKept(bankTransferOf(keptBankTransfer(order.number))), [order.number]);
  const bank = order.payment.bank_transfer ?? kept;

  const cancel = useMutation({
    mutationFn: () => api.post(`/api/orders/${encodeURIComponent(order.number)}/cancel${query({ token })}`, {}),
    onSuccess: () => {
      notify('success', t('order.cancelled'), '');
      void client.invalidateQueries({ queryKey: orderQuery(api, order.number, token).queryKey });
    },
    onError: (error) => {
      console.error('Cancelling the order failed', error);
      notify('error', t('common.error.title'), problemMessage(error) ?? t('common.error.text'));
    },
  });

  // The API's own label first; else ours for a status we know; else the code as it came.
  const label = (prefix: 'order.status' | 'order.payment' | 'order.delivery' | 'order.method', code: string, given?: string) => {
    const key = `${prefix}.${code}`;
    return given ?? (key in en ? t(key as UiKey) : code);
  };

  return (
    <div className="container order-page" data-testid="order-page" data-status={order.status}>
      <OrderHead
        idPrefix="order"
        order={order}
        status={label('order.status', order.status, order.status_label)}
        lead={<p className="muted">{t('order.thanks')}</p>}
      />

      {bank && awaitsTransfer(order) ? <BankDetails bank={bank} money={money} /> : null}

      <OrderPaymentDelivery
        idPrefix="order"
        order={order}
        paymentMethod={label('order.method', order.payment.method, order.payment.label)}
        paymentStatus={
          <p data-testid="order-payment-status">
            {label('order.payment', order.payment.status, order.payment.status_label)}
            {order.payment.paid_at ? ` · ${t('order.paidAt', { date: formatDate(order.payment.paid_at, market.timeZone) })}` : ''}
          </p>
        }
        deliveryStatus={
          <p data-testid="order-delivery-status">{label('order.delivery', order.delivery.status, order.delivery.status_label)}</p>
        }
      />

      <OrderItems
        idPrefix="order"
        order={order}
        money={money}
        withCodes
        totalParts={totalRows(order.totals).map((row) => (
          <tr key={row.key} data-testid={`order-total-${row.key}`}>
            <th scope="row" colSpan={2}>
              {t(row.label)}
            </th>
            <td>{row.key === 'discounts' ? `−${money(row.amount)}` : money(row.amount)}</td>
          </tr>
        ))}
      />

      <ClawedBackBonusNotice timeline={order.timeline} money={money} />

      {order.timeline.length > 0 ? (
        <section className="card order-section" aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title">{t('order.timeline')}</h2>
          <ol className="order-timeline" data-testid="order-timeline">
            {order.timeline.map((entry, index) => {
              // A clawed-back bonus says how much and for which buy-back, not its note's raw words.
              const clawback = clawedBackOf(entry);
              return (
                <li key={`${entry.at}-${index}`} data-status={entry.status}>
                  <time dateTime={entry.at} className="muted">
                    {formatDateTime(entry.at, market.timeZone)}
                  </time>
                  <span>
                    {clawback
                      ? t('bonus.order.timeline', { amount: money(clawback.amount), number: clawback.buyback_number })
                      : (entry.label ?? entry.text ?? (entry.status ? label('order.status', entry.status) : (entry.type ?? '')))}
                    {entry.note && !clawback ? <span className="muted"> · {entry.note}</span> : null}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}

      {cancellable(order) ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button--danger"
            disabled={cancel.isPending}
            onClick={() => setAsking(true)}
            data-testid="order-cancel"
          >
            {t('order.cancel')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('order.cancel.title', { number: order.number })}
        text={t('order.cancel.text')}
        confirmLabel={t('order.cancel.yes')}
        cancelLabel={t('order.cancel.no')}
        danger
        onConfirm={() => {
          setAsking(false);
          cancel.mutate();
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

/** The totals' parts the order page lists above its total: only those the order has (a free delivery shows as 0). */
function totalRows(totals: OrderView['totals']): { key: string; label: UiKey; amount: number }[] {
  const rows: { key: string; label: UiKey; amount: number }[] = [];
  const part = (key: string, label: UiKey, always: boolean) => {
    const amount = totals[key];
    if (typeof amount === 'number' && (always || amount !== 0)) rows.push({ key, label, amount });
  };
  part('items', 'bonus.order.items', true);
  part('discounts', 'bonus.order.discounts', false);
  part('delivery', 'bonus.order.delivery', true);
  part('payment', 'bonus.order.payment', false);
  return rows;
}

function BankDetails({ bank, money }: { bank: BankTransfer; money: (n: number) => string }) {
  const t = useT();
  const qr = qrSource(bank.qr_svg);
  return (
    <section className="card order-section" aria-labelledby="order-bank-title" data-testid="order-bank">
      <h2 id="order-bank-title">{t('order.bank.title')}</h2>
      <div className="order-bank">
        {qr ? (
          <img
            src={qr}
            alt={t('order.bank.qr', { amount: money(bank.amount) })}
            width={192}
            height={192}
            data-testid="order-qr"
          />
        ) : null}
        <div>
          <p className="muted">{t('order.bank.lead')}</p>
          <dl className="params">
            {bank.account ? (
              <div>
                <dt>{t('order.bank.account')}</dt>
                <dd>{bank.account}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('order.bank.iban')}</dt>
              <dd data-testid="order-iban">{bank.iban}</dd>
            </div>
            <div>
              <dt>{t('order.bank.vs')}</dt>
              <dd data-testid="order-vs">{bank.variable_symbol}</dd>
            </div>
            <div>
              <dt>{t('order.bank.amount')}</dt>
              <dd>{money(bank.amount)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
