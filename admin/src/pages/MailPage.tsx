import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getJson, isApiError, postJson } from '../api/client';
import { useT } from '../app/lang';
import { errorText } from '../i18n';
import { formatDateTime } from '../i18n/format';
import { Forbidden } from './Forbidden';
import type { CaughtMail, OutboxItem } from '@buyloop/contracts/buy-back/http';

export function MailPage() {
  const { t, lang } = useT();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mail = useQuery({
    queryKey: ['mail', status],
    queryFn: ({ signal }) =>
      getJson<{ outbox: { items: OutboxItem[]; total: number }; caught: CaughtMail[] | null }>(
        `/api/admin/mail?limit=100${status ? `&status=${status}` : ''}`,
        signal,
      ),
  });

  const retry = async (id: string) => {
    setError(null);
    try {
      await postJson(`/api/admin/mail/${encodeURIComponent(id)}/retry`, {});
      await client.invalidateQueries({ queryKey: ['mail'] });
    } catch (caught) {
      setError(isApiError(caught) ? errorText(caught.problem.code, lang) : t('app.error'));
    }
  };

  if (mail.isError && isApiError(mail.error) && mail.error.status === 403) return <Forbidden />;
  const caught = mail.data?.caught ? [...mail.data.caught].reverse() : null;

  return (
    <section className="page" aria-labelledby="mail-title">
      <div className="page-head">
        <h1 id="mail-title">{t('mail.title')}</h1>
        <div className="page-head-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void mail.refetch()}>
            {t('detail.reload')}
          </button>
        </div>
      </div>
      {error && (
        <p className="banner banner-error" role="alert">
          {error}
        </p>
      )}
      <div className="card">
        <div className="card-head">
          <h2 className="card-title">{t('mail.outbox')}</h2>
          <label className="inline-field">
            <span>{t('mail.status')}</span>
            <select value={status} onChange={(e) => setStatus(e.target.value)} data-testid="mail-status">
              <option value="">{t('grid.all')}</option>
              {['pending', 'sent', 'failed', 'dropped'].map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </div>
        {mail.isPending && <p className="muted">{t('app.loading')}</p>}
        <div className="table-scroll">
          <table className="table" data-testid="outbox">
            <thead>
              <tr>
                <th scope="col">{t('mail.created')}</th>
                <th scope="col">{t('mail.status')}</th>
                <th scope="col">{t('mail.kind')}</th>
                <th scope="col">{t('mail.buyout')}</th>
                <th scope="col" className="num">
                  {t('mail.attempts')}
                </th>
                <th scope="col">{t('mail.error')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('mail.retry')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mail.data?.outbox.items.map((item) => (
                <tr key={item.id} data-testid="outbox-item" data-status={item.status}>
                  <td>{formatDateTime(item.created_at)}</td>
                  <td>
                    <span className={`tag tag-${item.status}`}>{item.status}</span>
                  </td>
                  <td className="mono small">{item.kind}</td>
                  <td>
                    <Link to={`/buybacks/${encodeURIComponent(item.buyout_number)}`}>{item.buyout_number}</Link>
                  </td>
                  <td className="num">{item.attempts}</td>
                  <td className="small">{item.last_error ?? ''}</td>
                  <td>
                    {item.status === 'failed' && (
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid={`mail-retry-${item.id}`}
                        onClick={() => void retry(item.id)}
                      >
                        {t('mail.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {mail.data && mail.data.outbox.items.length === 0 && <p className="muted">{t('mail.none')}</p>}
        </div>
      </div>

      <div className="card">
        <h2 className="card-title">{t('mail.caught')}</h2>
        {mail.data && caught === null && <p className="muted">{t('mail.no_catcher')}</p>}
        {caught && caught.length === 0 && <p className="muted">{t('mail.none')}</p>}
        <ul className="caught" data-testid="caught">
          {caught?.map((message, index) => {
            const key = `${message.id}-${index}`;
            return (
              <li key={key} data-testid="caught-item">
                <button
                  type="button"
                  className="caught-head"
                  aria-expanded={open === key}
                  onClick={() => setOpen(open === key ? null : key)}
                >
                  <span className="caught-subject">{message.subject}</span>
                  <span className="muted small">
                    {t('mail.to')}: {message.to.join(', ')}
                    {message.receivedAt ? ` · ${formatDateTime(message.receivedAt)}` : ''}
                  </span>
                </button>
                {open === key && <pre className="mail-text">{message.text}</pre>}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
