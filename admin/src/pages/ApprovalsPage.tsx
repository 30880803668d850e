import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getJson, isApiError, postJson } from '../api/client';
import { useT } from '../app/lang';
import { roleLabel } from '../app/roles';
import { errorText } from '../i18n';
import { formatDateTime, formatMoney } from '../i18n/format';
import type { ApprovalEvent } from '@buyloop/contracts';

/** A supervisor looks up a request by the ID a colleague gave them, and grants or rejects it. */
export function ApprovalsPage() {
  const { t, lang } = useT();
  const client = useQueryClient();
  const [input, setInput] = useState('');
  const [id, setId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approval = useQuery({
    queryKey: ['approval', id],
    queryFn: ({ signal }) => getJson<{ events: ApprovalEvent[] }>(`/api/admin/approvals/${encodeURIComponent(id ?? '')}`, signal),
    enabled: id !== null,
    retry: false,
  });

  const find = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setId(input.trim() || null);
  };

  const decide = async (decision: 'grant' | 'reject') => {
    setError(null);
    try {
      await postJson(`/api/admin/approvals/${encodeURIComponent(id ?? '')}/decision`, { decision, note: note.trim() });
      await client.invalidateQueries({ queryKey: ['approval', id] });
    } catch (caught) {
      if (!isApiError(caught)) setError(t('app.error'));
      else {
        const text = errorText(caught.problem.code, lang);
        setError(text !== caught.problem.code ? text : (caught.problem.title ?? t('app.error')));
      }
    }
  };

  const events = approval.data?.events ?? [];
  const requested = events.find((e) => e.type === 'ApprovalRequested')?.data;
  const decided = events.find((e) => e.type === 'ApprovalGranted' || e.type === 'ApprovalRejected');
  // A granted role change is spent by the change it allowed.
  const used = events.some((e) => e.type === 'ApprovalUsed');
  const state = used ? 'used' : decided ? (decided.type === 'ApprovalGranted' ? 'granted' : 'rejected') : 'pending';

  return (
    <section className="page" aria-labelledby="approvals-title">
      <div className="page-head">
        <h1 id="approvals-title">{t('approvals.title')}</h1>
      </div>
      <form className="card" onSubmit={find}>
        <div className="form-row">
          <label className="field">
            <span>{t('approvals.lookup')}</span>
            <input name="approval_lookup" className="mono" value={input} onChange={(e) => setInput(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary" data-testid="approval-find">
            {t('approvals.find')}
          </button>
        </div>
      </form>
      {approval.isError && (
        <p className="banner banner-error" role="alert">
          {isApiError(approval.error) && approval.error.status === 404 ? t('app.not_found') : t('app.error')}
        </p>
      )}
      {requested && (
        <div className="card" data-testid="approval" data-state={state}>
          <dl className="facts">
            <div className="fact">
              <dt>{t('approvals.subject')}</dt>
              <dd>
                {requested.action}:{' '}
                {requested.action === 'payout' ? (
                  <Link to={`/buybacks/${encodeURIComponent(String(requested.subject))}`}>{requested.subject}</Link>
                ) : (
                  requested.subject
                )}
              </dd>
            </div>
            {requested.roles && (
              <div className="fact" data-testid="approval-roles">
                <dt>{t('approvals.roles')}</dt>
                <dd>
                  {requested.roles.length === 0
                    ? t('approvals.account_removal')
                    : requested.roles.map((role) => roleLabel(role, t)).join(', ')}
                </dd>
              </div>
            )}
            <div className="fact">
              <dt>{t('approvals.amount')}</dt>
              <dd>{typeof requested.amount === 'number' ? formatMoney(requested.amount, String(requested.currency)) : '—'}</dd>
            </div>
            <div className="fact">
              <dt>{t('field.reason')}</dt>
              <dd>{requested.reason}</dd>
            </div>
            <div className="fact">
              <dt>{t('approvals.requested_by')}</dt>
              <dd className="mono">
                {requested.requestedBy} · {formatDateTime(String(requested.at))}
              </dd>
            </div>
            <div className="fact">
              <dt>{t('approvals.state')}</dt>
              <dd>
                <span
                  className={`tag tag-${state === 'granted' || state === 'used' ? 'sent' : state === 'rejected' ? 'failed' : 'pending'}`}
                >
                  {t(`approvals.${state}`)}
                </span>
              </dd>
            </div>
          </dl>
          {state === 'pending' && (
            <div className="form-row">
              <label className="field">
                <span>{t('approvals.note')}</span>
                <input name="note" value={note} onChange={(e) => setNote(e.target.value)} />
              </label>
              <button type="button" className="btn btn-primary" data-testid="approval-grant" onClick={() => void decide('grant')}>
                {t('approvals.grant')}
              </button>
              <button
                type="button"
                className="btn btn-danger-ghost"
                data-testid="approval-reject"
                onClick={() => void decide('reject')}
              >
                {t('approvals.reject')}
              </button>
            </div>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
