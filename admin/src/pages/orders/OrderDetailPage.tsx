import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { getJson, isApiError, postJson } from '../../api/client';
import { useT } from '../../app/lang';
import { errorText, type MessageKey } from '../../i18n';
import { formatDateTime, formatMoney, timeZoneOf } from '../../i18n/format';
import { Forbidden } from '../Forbidden';
import { actionBody, codeLabel, customerLabel, offeredActions, type ActionName, type StaffOrder } from './orders';

type View = 'order' | 'delivery';

/** What a delivery's page offers: the steps of the goods, not the order's cancellation or withdrawal. */
const DELIVERY_ACTIONS: readonly ActionName[] = ['ship', 'deliver'];

/**
 * One order for staff (spec 2, spec 3's labels): its items, totals, customer,
 * addresses, payment, delivery and timeline, with the actions its state
 * allows. `view="delivery"` is the order delivery detail: where and when the
 * goods go, with the shipping steps.
 */
export function OrderDetailPage({ manage, view }: { manage: boolean; view: View }) {
  const { t } = useT();
  const { number = '' } = useParams();
  const [order, setOrder] = useState<StaffOrder | null>(null);
  const [failure, setFailure] = useState<'forbidden' | 'not_found' | 'error' | null>(null);
  const [open, setOpen] = useState<ActionName | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    setOrder(null);
    setFailure(null);
    setNotice(null);
    getJson<StaffOrder>(`/api/admin/orders/${encodeURIComponent(number)}`)
      .then(setOrder)
      .catch((error: unknown) =>
        setFailure(
          isApiError(error) ? (error.status === 403 ? 'forbidden' : error.status === 404 ? 'not_found' : 'error') : 'error',
        ),
      );
  }, [number]);

  const back =
    view === 'delivery' ? (
      <Link to="/orders/deliveries">{t('ord.back_deliveries')}</Link>
    ) : (
      <Link to="/orders">{t('ord.back')}</Link>
    );
  if (failure === 'forbidden') return <Forbidden />;
  if (failure)
    return (
      <section className="page">
        <nav className="crumbs">{back}</nav>
        <p className="banner banner-error" role="alert">
          {failure === 'not_found' ? t('app.not_found') : t('ord.load_failed')}
        </p>
      </section>
    );
  if (!order) return <p className="page-loading">{t('app.loading')}</p>;

  const zone = timeZoneOf(order.totals.currency);
  const money = (amount: number) => formatMoney(amount, order.totals.currency);
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, zone) : '—');
  const actions = offeredActions(order, manage).filter((action) => view === 'order' || DELIVERY_ACTIONS.includes(action));
  const details = order.delivery_details;
  const name = `${order.customer.first_name} ${order.customer.last_name}`.trim();

  const actionsCard = (
    <Card title={t('ord.section.actions')}>
      {actions.length === 0 ? (
        <p className="muted">{t('ord.no_actions')}</p>
      ) : (
        <div className="action-bar">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'cancel' ? 'btn-danger-ghost' : ''}`}
              data-testid={`order-action-${action}`}
              onClick={() => {
                setNotice(null);
                setOpen(action);
              }}
            >
              {t(`ord.action.${action}`)}
            </button>
          ))}
        </div>
      )}
      {open && (
        <ActionDialog
          key={open}
          action={open}
          number={order.number}
          onClose={() => setOpen(null)}
          onDone={(after) => {
            setOrder(after);
            setOpen(null);
            setNotice(t('ord.done'));
          }}
        />
      )}
    </Card>
  );

  const deliveryFacts = (
    <dl className="facts">
      <Fact
        label={t('ord.field.delivery_method')}
        value={`${codeLabel('ord.method', order.delivery.method, t)} · ${order.delivery.label}`}
      />
      <Fact label={t('ord.field.place')} value={details.place_id ?? details.store_id ?? '—'} mono />
      {details.timeslot && (
        <Fact label={t('ord.field.timeslot')} value={`${when(details.timeslot.from)} – ${when(details.timeslot.to)}`} />
      )}
      <Fact label={t('ord.field.fee')} value={money(details.fee)} />
      <Fact
        label={t('ord.field.delivery_status')}
        value={codeLabel('ord.delivery', order.delivery.status, t)}
        testId="delivery-status"
      />
      <Fact label={t('ord.field.delivery_number')} value={order.delivery.number ?? '—'} mono testId="delivery-number" />
      <Fact label={t('ord.field.shipped_at')} value={when(details.shipped_at)} />
      <Fact label={t('ord.field.delivered_at')} value={when(details.delivered_at)} />
    </dl>
  );

  const timeline = (
    <Card title={t('ord.section.timeline')}>
      <ol className="timeline" data-testid="order-timeline">
        {[...order.timeline].reverse().map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="timeline-item" data-testid="order-timeline-item" data-status={entry.status}>
            <div className="timeline-dot" aria-hidden="true" />
            <div className="timeline-body">
              <div className="timeline-title">
                <strong>{codeLabel('ord.event', entry.status, t)}</strong>
                <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
              </div>
              {entry.note && (
                <div className="timeline-who">
                  {entry.status === 'cancelled' ? `${t('ord.who')}: ${codeLabel('ord.by', entry.note, t)}` : entry.note}
                </div>
              )}
              {entry.status === 'cancelled' && order.cancel_reason && (
                <div className="timeline-who" data-testid="timeline-cancel-reason">
                  {t('ord.field.cancel_reason')}: {order.cancel_reason}
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );

  return (
    <section className="page detail ord-detail" aria-labelledby="order-title">
      <nav className="crumbs">{back}</nav>
      <header className="detail-head">
        <div>
          <h1 id="order-title">
            {t(view === 'delivery' ? 'ord.delivery_detail' : 'ord.detail').replace('{number}', order.number)}{' '}
            <span className={`status-badge ord-status-${order.status}`} data-testid="order-status" data-status={order.status}>
              {codeLabel('ord.status', order.status, t)}
            </span>{' '}
            {order.unfinished && (
              <span className="flag" title={t('ord.unfinished_hint')} data-testid="flag-unfinished">
                {t('ord.unfinished')}
              </span>
            )}
          </h1>
          <p className="muted">
            {t('ord.field.placed_at')}: {formatDateTime(order.placed_at, zone)} · {customerLabel(name, order.company)}
          </p>
        </div>
        <div className="head-actions">
          {view === 'delivery' ? (
            <Link className="btn" to={`/orders/${order.number}`}>
              {t('ord.open_order')}
            </Link>
          ) : (
            <Link className="btn" to={`/orders/deliveries/${order.number}`}>
              {t('ord.open_delivery')}
            </Link>
          )}
        </div>
      </header>
      {notice && (
        <p className="banner banner-success" role="status" data-testid="order-notice">
          {notice}
        </p>
      )}

      {view === 'order' ? (
        <div className="detail-grid">
          <div className="detail-main">
            {actionsCard}
            <Card title={t('ord.section.items')}>
              <div className="table-scroll">
                <table className="table table-compact" data-testid="order-items">
                  <thead>
                    <tr>
                      <th scope="col">{t('ord.item.code')}</th>
                      <th scope="col">{t('ord.item.name')}</th>
                      <th scope="col" className="num">
                        {t('ord.item.quantity')}
                      </th>
                      <th scope="col" className="num">
                        {t('ord.item.unit_price')}
                      </th>
                      <th scope="col" className="num">
                        {t('ord.item.final_price')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.items.map((item) => (
                      <tr key={item.item_id} className={item.parent_item_id ? 'ord-child-line' : undefined}>
                        <td className="mono">{item.product}</td>
                        <td>{item.name}</td>
                        <td className="num">{item.quantity}</td>
                        <td className="num">{money(item.unit_price)}</td>
                        <td className="num">{money(item.line_price)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <dl className="facts ord-totals" data-testid="order-totals">
                <Fact label={t('ord.totals.items')} value={money(order.totals.items)} />
                {order.totals.discounts !== 0 && (
                  <Fact label={t('ord.totals.discounts')} value={money(-order.totals.discounts)} />
                )}
                <Fact label={t('ord.totals.delivery')} value={money(order.totals.delivery)} />
                <Fact label={t('ord.totals.payment')} value={money(order.totals.payment)} />
                <Fact label={t('ord.totals.total')} value={money(order.totals.total)} strong />
                <Fact label={t('ord.totals.vat')} value={money(order.totals.vat)} />
              </dl>
            </Card>
            {timeline}
          </div>
          <div className="detail-side">
            <Card title={t('ord.section.customer')}>
              <dl className="facts" data-testid="order-customer">
                <Fact label={t('ord.field.customer')} value={name} />
                {order.company && <Fact label={t('ord.field.company')} value={order.company} />}
                <Fact label={t('ord.field.email')} value={order.customer.email} />
                <Fact label={t('ord.field.phone')} value={order.customer.phone} />
                {order.note && <Fact label={t('ord.field.note')} value={order.note} />}
                {order.internal_order_number && (
                  <Fact label={t('ord.field.internal_order_number')} value={order.internal_order_number} />
                )}
                {order.cancel_reason && (
                  <Fact label={t('ord.field.cancel_reason')} value={order.cancel_reason} testId="cancel-reason" />
                )}
              </dl>
            </Card>
            <Card title={t('ord.section.billing')}>
              <Address address={order.billing_address} />
            </Card>
            <Card title={t('ord.section.shipping')}>
              {order.delivery_address ? (
                <Address address={order.delivery_address} />
              ) : (
                <p className="muted">{t('ord.same_as_billing')}</p>
              )}
            </Card>
            <Card title={t('ord.section.payment')}>
              <dl className="facts">
                <Fact label={t('ord.field.payment_method')} value={codeLabel('ord.pay', order.payment.method, t)} />
                <Fact
                  label={t('ord.field.payment_status')}
                  value={codeLabel('ord.payment', order.payment.status, t)}
                  testId="payment-status"
                />
                <Fact label={t('ord.field.paid_at')} value={when(order.payment.paid_at)} />
              </dl>
            </Card>
            <Card title={t('ord.section.delivery')}>{deliveryFacts}</Card>
          </div>
        </div>
      ) : (
        <div className="detail-grid">
          <div className="detail-main">
            {actionsCard}
            <Card title={t('ord.section.delivery')}>{deliveryFacts}</Card>
            {timeline}
          </div>
          <div className="detail-side">
            <Card title={t('ord.section.shipping')}>
              <dl className="facts">
                <Fact label={t('ord.field.customer')} value={customerLabel(name, order.company)} />
                <Fact label={t('ord.field.phone')} value={order.customer.phone} />
              </dl>
              <Address address={order.delivery_address ?? order.billing_address} />
            </Card>
            <Card title={t('ord.section.items')}>
              <ul className="ord-item-list">
                {order.items.map((item) => (
                  <li key={item.item_id}>
                    {item.quantity} × {item.name} <span className="muted mono">{item.product}</span>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </div>
      )}
    </section>
  );
}

/** A confirmation of one action, with what it needs typed (the reason to cancel is required). */
function ActionDialog({
  action,
  number,
  onClose,
  onDone,
}: {
  action: ActionName;
  number: string;
  onClose: () => void;
  onDone: (order: StaffOrder) => void;
}) {
  const { t, lang } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field: MessageKey | null =
    action === 'cancel'
      ? 'ord.field.reason'
      : action === 'withdraw'
        ? 'ord.field.reason_optional'
        : action === 'ship'
          ? 'ord.field.tracking_number'
          : null;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldError(null);
    const body = actionBody(action, input);
    if (!body) {
      setFieldError(t('ord.required'));
      return;
    }
    setBusy(true);
    try {
      onDone(await postJson<StaffOrder>(`/api/admin/orders/${encodeURIComponent(number)}/${action}`, body));
    } catch (failure) {
      if (isApiError(failure)) {
        const fields = Object.values(failure.problem.errors ?? {}).flat();
        const known = errorText(failure.problem.code, lang);
        const detail =
          fields.length > 0
            ? fields.map((code) => errorText(String(code), lang)).join(' ')
            : known !== failure.problem.code
              ? known
              : (failure.problem.title ?? '');
        setError(`${t('ord.action_failed')} ${detail}`.trim());
      } else setError(t('ord.action_failed'));
    } finally {
      setBusy(false);
    }
  };

  const titleId = `order-action-${action}-title`;
  return (
    <dialog ref={dialog} className="ord-dialog" aria-labelledby={titleId} onCancel={onClose} data-testid="order-action-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId}>{t(`ord.action.${action}`)}</h2>
        <p>{t(`ord.confirm.${action}`).replace('{number}', number)}</p>
        {field && (
          <label className="field">
            <span>{t(field)}</span>
            {action === 'ship' ? (
              <input
                name="input"
                maxLength={60}
                value={input}
                onChange={(e) => {
                  setInput(e.target.value);
                  setFieldError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'order-action-field-error' : undefined}
                autoFocus
              />
            ) : (
              <textarea
                name="input"
                rows={3}
                maxLength={500}
                value={input}
                required={action === 'cancel'}
                onChange={(e) => {
                  setInput(e.target.value);
                  setFieldError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'order-action-field-error' : undefined}
                autoFocus
              />
            )}
            {fieldError && (
              <span className="field-error" id="order-action-field-error" data-testid="order-action-field-error">
                {fieldError}
              </span>
            )}
          </label>
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="order-action-error">
            {error}
          </p>
        )}
        <div className="form-buttons">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="order-action-confirm">
            {t('ord.confirm')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('action.close')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="card-title">{title}</h2>
      {children}
    </section>
  );
}

function Fact({
  label,
  value,
  mono,
  strong,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd className={[mono ? 'mono' : '', strong ? 'ord-strong' : ''].join(' ').trim() || undefined} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Address({ address }: { address: Readonly<Record<string, string>> }) {
  const { t } = useT();
  return (
    <address className="ord-address">
      {address.company && <div>{address.company}</div>}
      <div>{address.street}</div>
      <div>
        {address.zip} {address.city}
      </div>
      <div>{address.country}</div>
      {address.company_id && (
        <div>
          {t('ord.field.company_id')}: {address.company_id}
        </div>
      )}
      {address.vat_id && (
        <div>
          {t('ord.field.vat_id')}: {address.vat_id}
        </div>
      )}
    </address>
  );
}
