import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getJson, isApiError, postJson, request, type ApiError } from '../api/client';
import { useT } from '../app/lang';
import { useMe } from '../app/session';
import { can } from '../api/permissions';
import { roleLabel } from '../app/roles';
import { errorText, eventLabel, shared, statusLabel, type Lang, type MessageKey } from '../i18n';
import { isStaffRole } from '@buyloop/contracts';
import { formatDate, formatDateTime, formatMoney, timeZoneOf } from '../i18n/format';
import {
  ACTION_FIELDS,
  declaredChoiceOf,
  differingFindings,
  formFieldOf,
  formProblems,
  inspectBody,
  isActionName,
  missingFields,
  QUALITIES,
  reviseBody,
  simpleBody,
  type ActionName,
  type DeviceCondition,
  type FindingInput,
} from '../lib/actions';
import { useLiveQuery } from '../lib/live';
import { Forbidden } from './Forbidden';
import type { StaffBuyback } from '@buyloop/contracts/buy-back/http';

/** The detail as the API answers it (GET /api/admin/buybacks/{number}). */
export type BuybackDetail = StaffBuyback;

const detailKey = (number: string) => ['buyback', number] as const;

export function BuybackDetailPage() {
  const { number = '' } = useParams();
  const { t, lang } = useT();
  const client = useQueryClient();
  const [open, setOpen] = useState<ActionName | null>(null);
  const [conflict, setConflict] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const detail = useQuery({
    queryKey: detailKey(number),
    queryFn: async ({ signal }) => {
      const response = await request<BuybackDetail>(`/api/admin/buybacks/${encodeURIComponent(number)}`, { signal });
      return { buyback: response.data, etag: response.etag ?? `"${response.data.stream_version}"` };
    },
  });

  // Another person's action shows here without a reload; an open form keeps what was typed (see ActionForm).
  useLiveQuery(detail.isSuccess ? `/api/admin/buybacks/${encodeURIComponent(number)}/events` : null, detailKey(number));

  const me = useMe();
  const canReadUsers = can(me.data?.roles ?? [], 'admin.users.read');
  const canErase = can(me.data?.roles ?? [], 'personal_data.erase');
  const erase = async () => {
    if (!window.confirm(t('detail.erase_confirm'))) return;
    setNotice(null);
    try {
      await postJson(`/api/admin/buybacks/${encodeURIComponent(number)}/erase-personal-data`, {});
      setNotice(t('action.done'));
    } catch (error) {
      setNotice(isApiError(error) ? (error.problem.title ?? error.problem.code) : t('app.error'));
    }
    await client.invalidateQueries({ queryKey: detailKey(number) });
  };
  const modelId = detail.data?.buyback.model_id;
  const priceList = useQuery({
    queryKey: ['price-list', modelId],
    queryFn: ({ signal }) =>
      getJson<{ device_conditions: DeviceCondition[] }>(
        `/api/admin/buyout/price-lists/${encodeURIComponent(modelId ?? '')}`,
        signal,
      ),
    enabled: modelId !== undefined,
  });
  const conditionsById = new Map((priceList.data?.device_conditions ?? []).map((c) => [c.id, c]));
  const choiceLabel = (questionId: string, value: string) =>
    conditionsById.get(questionId)?.choices.find((c) => c.value === value)?.label ?? value;

  const reload = async () => {
    setConflict(false);
    setNotice(null);
    // The buy-back moved on: the form that lost the race may no longer be an action it allows.
    setOpen(null);
    await client.invalidateQueries({ queryKey: detailKey(number) });
  };

  if (detail.isPending) return <p className="page-loading">{t('app.loading')}</p>;
  if (detail.isError) {
    if (isApiError(detail.error) && detail.error.status === 403) return <Forbidden />;
    return (
      <section className="page">
        <Link to="/buybacks">{t('detail.back')}</Link>
        <div className="banner banner-error" role="alert">
          {isApiError(detail.error) && detail.error.status === 404 ? t('app.not_found') : t('app.error')}
        </div>
      </section>
    );
  }
  const { buyback: b, etag } = detail.data;
  const zone = timeZoneOf(b.currency);
  const money = (amount: number | null) => formatMoney(amount, b.currency);

  return (
    <section className="page detail" aria-labelledby="detail-title">
      <nav className="crumbs">
        <Link to="/buybacks">{t('detail.back')}</Link>
      </nav>
      <header className="detail-head">
        <div>
          <h1 id="detail-title">
            {t('detail.title', { number: b.buyout_number })}{' '}
            <span className={`status-badge status-${b.status}`} data-testid="detail-status" data-status={b.status}>
              {statusLabel(b.status, lang)}
            </span>
          </h1>
          <p className="muted">
            {b.device_label} · {t('detail.status_since', { date: formatDateTime(b.status_since, zone) })}
          </p>
        </div>
        <div className="head-actions">
          <a className="btn" href={`/api/admin/buybacks/${encodeURIComponent(b.buyout_number)}/contract.pdf`}>
            {t('detail.contract')}
          </a>
        </div>
      </header>

      {conflict && (
        <div className="banner banner-warning" role="alert" data-testid="conflict">
          <span>{t('detail.conflict')}</span>
          <button type="button" className="btn btn-small" data-testid="reload" onClick={() => void reload()}>
            {t('detail.reload')}
          </button>
        </div>
      )}
      {notice && (
        <div className="banner banner-success" role="status">
          {notice}
        </div>
      )}

      <div className="kpis">
        <Kpi label={t('detail.offered')} value={money(b.offered_price)} />
        <Kpi label={t('detail.current')} value={money(b.current_price)} strong />
        <Kpi label={t('detail.final')} value={b.final_price === null ? '—' : money(b.final_price)} />
        <Kpi label={t('detail.quality')} value={`${b.declared_quality} / ${b.inspected_quality ?? '—'}`} />
      </div>

      <div className="detail-grid">
        <div className="detail-main">
          <Card title={t('detail.actions')}>
            {b.available_actions.length === 0 ? (
              <p className="muted">{t('detail.no_actions')}</p>
            ) : (
              <div className="action-bar">
                {b.available_actions.filter(isActionName).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn ${action === 'cancel' ? 'btn-danger-ghost' : open === action ? 'btn-primary' : ''}`}
                    data-testid={`action-${action}`}
                    aria-expanded={open === action}
                    onClick={() => {
                      setNotice(null);
                      setOpen(open === action ? null : action);
                    }}
                  >
                    {t(`action.${action}` as MessageKey)}
                  </button>
                ))}
              </div>
            )}
            {open && b.available_actions.includes(open) && (
              <ActionForm
                key={open}
                action={open}
                buyback={b}
                etag={etag}
                onConflict={() => setConflict(true)}
                onClose={() => setOpen(null)}
                onDone={async () => {
                  setOpen(null);
                  setNotice(t('action.done'));
                  await client.invalidateQueries({ queryKey: detailKey(number) });
                }}
              />
            )}
          </Card>

          <Card title={t('detail.timeline')}>
            <ol className="timeline" data-testid="timeline">
              {[...b.timeline].reverse().map((entry) => (
                <li key={entry.stream_version} className="timeline-item" data-testid="timeline-item" data-type={entry.type}>
                  <div className="timeline-dot" aria-hidden="true" />
                  <div className="timeline-body">
                    <div className="timeline-title">
                      <strong>{eventLabel(entry.type, lang)}</strong>
                      <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                    </div>
                    <div className="timeline-who">
                      {t('timeline.who')}: <Actor actor={entry.actor} canReadUsers={canReadUsers} lang={lang} />
                    </div>
                    <TimelineDetails details={entry.details} currency={b.currency} lang={lang} />
                  </div>
                </li>
              ))}
            </ol>
          </Card>
        </div>

        <aside className="detail-side">
          <Card title={t('detail.device')}>
            <dl className="facts">
              <Fact label={t('detail.device')} value={b.device_label} />
              <Fact label="IMEI" value={b.imei ?? '—'} mono />
              {b.serial_number && <Fact label="S/N" value={b.serial_number} mono />}
              {b.imei_check && (
                <Fact
                  label={t('detail.imei_check')}
                  value={`${b.imei_check.found} · ${
                    b.imei_check.blacklisted
                      ? t('detail.blacklisted')
                      : b.imei_check.matches_submitted
                        ? t('detail.ok')
                        : t('detail.mismatch')
                  }`}
                  mono
                />
              )}
              <Fact label={t('detail.pickup')} value={b.pickup ?? '—'} />
              {b.pickup_order && (
                <Fact label={t('field.carrier')} value={`${b.pickup_order.carrier} · ${b.pickup_order.reference}`} />
              )}
            </dl>
            {b.findings.length > 0 && (
              <>
                <h3 className="card-sub">{t('detail.findings')}</h3>
                <ul className="findings">
                  {b.findings.map((f) => (
                    <li key={f.question_id} className={f.found_choice !== f.expected_choice ? 'differs' : ''}>
                      {conditionsById.get(f.question_id)?.name ?? f.question_id}: {choiceLabel(f.question_id, f.expected_choice)}{' '}
                      → <strong>{choiceLabel(f.question_id, f.found_choice)}</strong>
                      {f.reason && <span className="muted"> — {f.reason}</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {b.revised_offer && (
              <>
                <h3 className="card-sub">{t('detail.revised')}</h3>
                <p>
                  {money(b.revised_offer.previous_price)} → <strong>{money(b.revised_offer.price)}</strong> (
                  {b.revised_offer.outcome}, {t('detail.expires', { date: formatDate(b.revised_offer.expires_at, zone) })})
                </p>
              </>
            )}
            {b.payout && (
              <>
                <h3 className="card-sub">{t('detail.payout')}</h3>
                <p>
                  {money(b.payout.amount)}
                  {b.payout.payment_reference ? ` · ${b.payout.payment_reference}` : ''}
                  {b.payout.approval ? ` · ${b.payout.approval.approval_id}` : ''}
                </p>
              </>
            )}
          </Card>
          <Card title={t('detail.seller')}>
            <Seller buyback={b} lang={lang} />
            {canErase && !b.personal_data_erased && (
              <button
                type="button"
                className="btn btn-danger-ghost btn-small"
                data-testid="erase-personal-data"
                onClick={() => void erase()}
              >
                {t('detail.erase')}
              </button>
            )}
          </Card>
        </aside>
      </div>
    </section>
  );
}

function Seller({ buyback: b, lang }: { buyback: BuybackDetail; lang: Lang }) {
  const { t } = useT();
  void lang;
  if (b.personal_data_erased) return <p className="muted">{t('detail.erased')}</p>;
  const c = b.customer_data;
  if (!c)
    return (
      <dl className="facts">
        <Fact label={t('detail.email')} value={b.e_mail ?? '—'} />
        <dd className="muted">{t('detail.no_seller')}</dd>
      </dl>
    );
  const address = [c.street, c.city, c.postcode, c.country].filter(Boolean).join(', ');
  const pickup = b.pickup_address
    ? [b.pickup_address.street, b.pickup_address.city, b.pickup_address.postcode].filter(Boolean).join(', ')
    : null;
  return (
    <dl className="facts">
      <Fact label={t('detail.name')} value={[c.degree_before_name, c.first_name, c.last_name].filter(Boolean).join(' ')} />
      <Fact label={t('detail.email')} value={c.e_mail ?? b.e_mail ?? '—'} />
      <Fact label={t('detail.phone')} value={c.phone_number ?? '—'} />
      <Fact label={t('detail.address')} value={address || '—'} />
      {pickup && <Fact label={t('detail.pickup')} value={pickup} />}
      <Fact label={t('detail.bank')} value={[c.bank_account_full_number, c.bank_code].filter(Boolean).join('/') || '—'} mono />
      {b.device_note && <Fact label={t('detail.note')} value={b.device_note} />}
    </dl>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Who acted, as people know them: a staff member by name (their account's page for those who may
 * read accounts) with their role, the seller by the name they sold under, else "the customer" or
 * "the system"; never a raw user id.
 */
function Actor({
  actor,
  canReadUsers,
  lang,
}: {
  actor: BuybackDetail['timeline'][number]['actor'];
  canReadUsers: boolean;
  lang: Lang;
}) {
  const { t } = useT();
  const staff = isStaffRole(actor.role);
  if (!staff) {
    const name = actor.name ?? shared(actor.role === 'system' ? 'buyback.actor.system' : 'buyback.actor.customer', lang);
    return <strong>{name ?? roleLabel(actor.role, t)}</strong>;
  }
  const role = roleLabel(actor.role, t);
  const name = actor.name ?? role;
  return (
    <>
      {canReadUsers ? <Link to={`/users/${encodeURIComponent(actor.user_id)}`}>{name}</Link> : <strong>{name}</strong>}
      {actor.name && ` (${role})`}
    </>
  );
}

/** One detail of a timeline step as a person reads it: money in the currency, times as DD.MM.YYYY HH:mm, words translated. */
function detailValue(key: string, value: unknown, currency: string, t: (key: MessageKey) => string, lang: Lang): string {
  if (typeof value === 'string') {
    const word = shared(`buyback.detail.${key}.${value}`, lang);
    if (word) return word;
  }
  if (typeof value === 'number' && /(^|_)(price|amount|limit)$/.test(key)) return formatMoney(value, currency);
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value, timeZoneOf(currency));
  if (Array.isArray(value)) return value.filter((v) => v !== '' && v !== null).join(', ');
  return String(value);
}

function TimelineDetails({
  details,
  currency,
  lang,
}: {
  details: Readonly<Record<string, unknown>>;
  currency: string;
  lang: Lang;
}) {
  const { t } = useT();
  const entries = Object.entries(details)
    .map(([key, value]) => [key, detailValue(key, value, currency, t, lang)] as const)
    .filter(([key, text]) => text !== '' && text !== 'null' && text !== 'undefined' && key !== 'currency');
  if (entries.length === 0) return null;
  return (
    <dl className="timeline-details">
      {entries.map(([key, text]) => (
        <div key={key}>
          <dt>{shared(`buyback.detail.${key}`, lang) ?? key.replaceAll('_', ' ')}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
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

function Kpi({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`kpi${strong ? ' kpi-strong' : ''}`}>
      <div className="kpi-label">{label}</div>
      <div className="kpi-value">{value}</div>
    </div>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}

/** Field messages of a 400, keyed by the form's own field names. */
function fieldMessagesOf(error: ApiError, lang: Lang, questionIds: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const messages = error.problem.messages ?? {};
  const codes = error.problem.errors ?? {};
  for (const field of new Set([...Object.keys(messages), ...Object.keys(codes)])) {
    const texts = messages[field] ?? (codes[field] ?? []).map((code) => errorText(code, lang));
    (out[formFieldOf(field, questionIds)] ??= []).push(...texts);
  }
  return out;
}

interface ActionFormProps {
  readonly action: ActionName;
  readonly buyback: BuybackDetail;
  readonly etag: string;
  onConflict(): void;
  onClose(): void;
  onDone(): Promise<void>;
}

function ActionForm({ action, buyback, etag, onConflict, onClose, onDone }: ActionFormProps) {
  const { t, lang } = useT();
  // The version the person decided on: a live update while they type must not make their submit apply to a newer one.
  const [decidedOn] = useState(etag);
  const [values, setValues] = useState<Record<string, string>>({});
  const [findings, setFindings] = useState<Record<string, FindingInput>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsApproval, setNeedsApproval] = useState(false);
  const [approvalReason, setApprovalReason] = useState('');
  const [approvalId, setApprovalId] = useState<string | null>(null);

  const priceList = useQuery({
    queryKey: ['price-list', buyback.model_id],
    queryFn: ({ signal }) =>
      getJson<{ device_conditions: DeviceCondition[] }>(
        `/api/admin/buyout/price-lists/${encodeURIComponent(buyback.model_id)}`,
        signal,
      ),
    enabled: action === 'inspect' || action === 'revise-offer',
  });
  const conditions = priceList.data?.device_conditions ?? [];
  const differing = differingFindings(buyback.findings);
  const labelOf = (questionId: string, choice?: string) => {
    const condition = conditions.find((c) => c.id === questionId);
    if (choice === undefined) return condition?.name ?? questionId;
    return condition?.choices.find((c) => c.value === choice)?.label ?? choice;
  };

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const questionIds =
    action === 'inspect' ? conditions.map((c) => c.id) : action === 'revise-offer' ? differing.map((f) => f.question_id) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = formProblems(action, values);
    if (Object.keys(problems).length > 0) {
      setErrors(
        Object.fromEntries(Object.entries(problems).map(([field, codes]) => [field, codes.map((code) => errorText(code, lang))])),
      );
      return;
    }
    let body: unknown;
    if (action === 'inspect') {
      body = inspectBody(
        values.imei ?? buyback.imei ?? '',
        values.quality_found ?? '',
        conditions,
        buyback.declared_choices,
        findings,
      );
    } else if (action === 'revise-offer') {
      body = reviseBody(values.price ?? '', buyback.findings, reasons);
    } else {
      const missing = missingFields(action, values);
      if (missing.length > 0) {
        setErrors(Object.fromEntries(missing.map((name) => [name, [errorText('validation.required', lang)]])));
        return;
      }
      body = simpleBody(action, values);
    }
    setErrors({});
    setBusy(true);
    try {
      await request(`/api/admin/buybacks/${encodeURIComponent(buyback.buyout_number)}/${action}`, {
        method: 'POST',
        body,
        headers: { 'if-match': decidedOn },
      });
      await onDone();
    } catch (error) {
      if (!isApiError(error)) setFormError(t('app.error'));
      else if (error.status === 412) onConflict();
      else if (error.status === 400) {
        const fields = fieldMessagesOf(error, lang, questionIds);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(error.problem.title ?? t('app.error'));
      } else if (error.status === 409 && error.problem.code === 'buyback.payout_approval_required') {
        setNeedsApproval(true);
      } else {
        const text = errorText(error.problem.code, lang);
        setFormError(text !== error.problem.code ? text : (error.problem.title ?? t('app.error')));
      }
    } finally {
      setBusy(false);
    }
  };

  const requestApproval = async () => {
    setFormError(null);
    try {
      const created = await postJson<{ approval_id: string }>('/api/admin/approvals', {
        action: 'payout',
        subject: buyback.buyout_number,
        amount: buyback.current_price,
        currency: buyback.currency,
        reason: approvalReason.trim() || t('approval.required'),
      });
      setApprovalId(created.approval_id);
      // The granted request's ID is what the payout carries: the field holds it for when the supervisor has decided.
      set('approval_id', created.approval_id);
    } catch (error) {
      setFormError(isApiError(error) ? (error.problem.title ?? error.problem.code) : t('app.error'));
    }
  };

  const fieldError = (name: string) =>
    errors[name] ? (
      <span className="field-error" id={`error-${name}`} data-testid={`error-${name}`}>
        {errors[name].join(' ')}
      </span>
    ) : null;

  const described = (name: string) => (errors[name] ? { 'aria-describedby': `error-${name}`, 'aria-invalid': true } : {});

  return (
    <form className="action-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t(`action.${action}` as MessageKey)}>
      <h3>{t(`action.${action}` as MessageKey)}</h3>

      {action === 'inspect' && (
        <>
          <div className="form-row">
            <label className="field">
              <span>{t('field.imei')}</span>
              <input
                name="imei"
                className="mono"
                value={values.imei ?? buyback.imei ?? ''}
                onChange={(e) => set('imei', e.target.value)}
                {...described('imei')}
              />
              {fieldError('imei')}
            </label>
            <label className="field">
              <span>{t('field.quality_found')}</span>
              <select
                name="quality_found"
                value={values.quality_found ?? ''}
                onChange={(e) => set('quality_found', e.target.value)}
                {...described('quality_found')}
              >
                <option value="" disabled>
                  —
                </option>
                {QUALITIES.map((q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </select>
              {fieldError('quality_found')}
            </label>
          </div>
          {priceList.isPending && <p className="muted">{t('app.loading')}</p>}
          {conditions.length > 0 && (
            <table className="table findings-table">
              <thead>
                <tr>
                  <th scope="col">{t('inspect.question')}</th>
                  <th scope="col">{t('field.declared_choice')}</th>
                  <th scope="col">{t('field.found_choice')}</th>
                  <th scope="col">{t('field.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {conditions.map((condition) => {
                  const declared = declaredChoiceOf(condition, buyback.declared_choices);
                  const input = findings[condition.id];
                  const found = input?.found_choice || declared || '';
                  const update = (patch: Partial<FindingInput>) =>
                    setFindings((all) => ({
                      ...all,
                      [condition.id]: { found_choice: found, reason: all[condition.id]?.reason ?? '', ...patch },
                    }));
                  return (
                    <tr key={condition.id} className={declared !== null && found !== declared ? 'differs' : ''}>
                      <th scope="row">{condition.name}</th>
                      <td>{condition.choices.find((c) => c.value === declared)?.label ?? '—'}</td>
                      <td>
                        <select
                          name={`found_choice-${condition.id}`}
                          aria-label={`${condition.name}: ${t('field.found_choice')}`}
                          value={found}
                          onChange={(e) => update({ found_choice: e.target.value })}
                          {...described(`found_choice-${condition.id}`)}
                        >
                          {!found && <option value="">—</option>}
                          {condition.choices.map((choice) => (
                            <option key={choice.value} value={choice.value}>
                              {choice.label}
                            </option>
                          ))}
                        </select>
                        {fieldError(`found_choice-${condition.id}`)}
                      </td>
                      <td>
                        <input
                          name={`reason-${condition.id}`}
                          aria-label={`${condition.name}: ${t('field.reason')}`}
                          value={input?.reason ?? ''}
                          onChange={(e) => update({ reason: e.target.value })}
                          {...described(`reason-${condition.id}`)}
                        />
                        {fieldError(`reason-${condition.id}`)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {fieldError('findings')}
        </>
      )}

      {action === 'revise-offer' && (
        <>
          <label className="field field-narrow">
            <span>
              {t('field.price')} ({buyback.currency === 'RON' ? 'Lei' : 'Kč'})
            </span>
            <input
              name="price"
              inputMode="numeric"
              value={values.price ?? ''}
              onChange={(e) => set('price', e.target.value)}
              {...described('price')}
            />
            {fieldError('price')}
          </label>
          <p className="muted">{differing.length > 0 ? t('revise.hint') : t('revise.no_findings')}</p>
          {differing.map((finding) => (
            <label key={finding.question_id} className="field">
              <span>
                {t('field.reason')}: {labelOf(finding.question_id)} ({labelOf(finding.question_id, finding.expected_choice)} →{' '}
                {labelOf(finding.question_id, finding.found_choice)})
              </span>
              <input
                name={`reason-${finding.question_id}`}
                value={reasons[finding.question_id] ?? finding.reason}
                onChange={(e) => setReasons((r) => ({ ...r, [finding.question_id]: e.target.value }))}
                {...described(`reason-${finding.question_id}`)}
              />
              {fieldError(`reason-${finding.question_id}`)}
            </label>
          ))}
          {fieldError('reasons')}
        </>
      )}

      {ACTION_FIELDS[action].map((field) => (
        <label key={field.name} className="field">
          <span>
            {t(`field.${field.name}` as MessageKey)} {!field.required && <span className="muted">{t('field.optional')}</span>}
          </span>
          {field.kind === 'textarea' ? (
            <textarea
              name={field.name}
              rows={2}
              value={values[field.name] ?? ''}
              onChange={(e) => set(field.name, e.target.value)}
              {...described(field.name)}
            />
          ) : (
            <input
              name={field.name}
              value={values[field.name] ?? ''}
              onChange={(e) => set(field.name, e.target.value)}
              {...described(field.name)}
            />
          )}
          {fieldError(field.name)}
        </label>
      ))}

      {(action === 'approve' || action === 'complete') && <p className="muted">{t('action.confirm_text')}</p>}

      {needsApproval && (
        <div className="approval-box" role="alert" data-testid="approval-required">
          <p>{t('approval.required')}</p>
          {approvalId ? (
            <p data-testid="approval-created">
              {t('approval.created', { id: '' })}
              <code className="approval-id" data-testid="approval-id">
                {approvalId}
              </code>
            </p>
          ) : (
            <div className="form-row">
              <label className="field">
                <span>{t('approval.reason')}</span>
                <input name="approval_reason" value={approvalReason} onChange={(e) => setApprovalReason(e.target.value)} />
              </label>
              <button type="button" className="btn" data-testid="request-approval" onClick={() => void requestApproval()}>
                {t('approval.request')}
              </button>
            </div>
          )}
        </div>
      )}

      {formError && (
        <p className="form-error" role="alert" data-testid="action-error">
          {formError}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" data-testid="action-submit" disabled={busy}>
          {t(`action.${action}` as MessageKey)}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('action.close')}
        </button>
      </div>
    </form>
  );
}
