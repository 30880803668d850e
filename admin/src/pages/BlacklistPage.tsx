import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, isApiError, postJson, type ApiError } from '../api/client';
import { can } from '../api/permissions';
import { useT } from '../app/lang';
import { useMe } from '../app/session';
import { errorText, type Lang } from '../i18n';
import { formatDateTime } from '../i18n/format';
import { Forbidden } from './Forbidden';
import { IMEI_BLACKLIST_SOURCES } from '@buyloop/contracts';
import type { BlacklistEntry } from '@buyloop/contracts/buy-back/http';

type BlacklistItem = BlacklistEntry;

const SOURCES = IMEI_BLACKLIST_SOURCES;

const problemText = (error: unknown, lang: Lang, fallback: string): string => {
  if (!isApiError(error)) return fallback;
  const problem = (error as ApiError).problem;
  const fields = Object.values(problem.messages ?? {}).flat();
  if (fields.length > 0) return fields.join(' ');
  const text = errorText(problem.code, lang);
  return text !== problem.code ? text : (problem.title ?? fallback);
};

/** Listing an IMEI (stolen, reported) and clearing it again, for those who may manage the list. */
function BlacklistForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const { t, lang } = useT();
  const [imei, setImei] = useState('');
  const [reason, setReason] = useState('');
  const [source, setSource] = useState<(typeof SOURCES)[number]>('staff');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await postJson('/api/admin/imei-blacklist', { imei: imei.trim(), reason: reason.trim(), source });
      setImei('');
      setReason('');
      await onChanged();
    } catch (caught) {
      setError(problemText(caught, lang, t('app.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="blacklist-add">
      <h2 className="card-title" id="blacklist-add">
        {t('blacklist.add')}
      </h2>
      <div className="form-row">
        <label className="field">
          <span>{t('blacklist.imei')}</span>
          <input name="imei" className="mono" inputMode="numeric" value={imei} onChange={(e) => setImei(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('blacklist.reason')}</span>
          <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <label className="field field-narrow">
          <span>{t('blacklist.source')}</span>
          <select name="source" value={source} onChange={(e) => setSource(e.target.value as (typeof SOURCES)[number])}>
            {SOURCES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="blacklist-add">
          {t('blacklist.add')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function BlacklistPage() {
  const { t, lang } = useT();
  const me = useMe();
  const client = useQueryClient();
  const manage = can(me.data?.roles ?? [], 'buyback.blacklist.manage');
  const [clearError, setClearError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['imei-blacklist'] });
  const clear = async (imei: string) => {
    const reason = window.prompt(t('blacklist.clear_reason'));
    if (!reason?.trim()) return;
    setClearError(null);
    try {
      await postJson(`/api/admin/imei-blacklist/${encodeURIComponent(imei)}/clear`, { reason: reason.trim() });
      await refresh();
    } catch (caught) {
      setClearError(problemText(caught, lang, t('app.error')));
    }
  };
  const [imei, setImei] = useState('');
  const [query, setQuery] = useState('');
  const list = useQuery({
    queryKey: ['imei-blacklist', query],
    queryFn: ({ signal }) =>
      getJson<{ items: BlacklistItem[]; total: number }>(
        `/api/admin/imei-blacklist?limit=200${query ? `&imei=${encodeURIComponent(query)}` : ''}`,
        signal,
      ),
  });
  if (list.isError && isApiError(list.error) && list.error.status === 403) return <Forbidden />;
  return (
    <section className="page" aria-labelledby="blacklist-title">
      <div className="page-head">
        <h1 id="blacklist-title">{t('blacklist.title')}</h1>
        {list.data && <span className="muted">{t('common.total', { n: list.data.total })}</span>}
      </div>
      {manage && <BlacklistForm onChanged={refresh} />}
      {clearError && (
        <p className="banner banner-error" role="alert">
          {clearError}
        </p>
      )}
      <div className="card">
        <form
          className="toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(imei.replace(/[^\d]/g, ''));
          }}
        >
          <label className="search">
            <span className="visually-hidden">{t('blacklist.imei')}</span>
            <input
              type="search"
              inputMode="numeric"
              placeholder={t('blacklist.imei')}
              value={imei}
              onChange={(e) => setImei(e.target.value)}
            />
          </label>
        </form>
        {list.isPending && <p className="muted">{t('app.loading')}</p>}
        {list.isError && (
          <p className="form-error" role="alert">
            {t('app.error')}
          </p>
        )}
        {list.data && list.data.items.length === 0 && <p className="muted">{t('blacklist.none')}</p>}
        {list.data && list.data.items.length > 0 && (
          <table className="table" data-testid="blacklist">
            <thead>
              <tr>
                <th scope="col">{t('blacklist.imei')}</th>
                <th scope="col">{t('blacklist.listed')}</th>
                <th scope="col">{t('blacklist.reason')}</th>
                <th scope="col">{t('blacklist.source')}</th>
                <th scope="col">{t('mail.created')}</th>
                {manage && (
                  <th scope="col">
                    <span className="visually-hidden">{t('blacklist.clear')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.imei}>
                  <td className="mono">{item.imei}</td>
                  <td>{item.listed ? t('common.yes') : t('common.no')}</td>
                  <td>{item.reason}</td>
                  <td>{item.source}</td>
                  <td>{formatDateTime(item.listed_at)}</td>
                  {manage && (
                    <td>
                      {item.listed && (
                        <button type="button" className="btn btn-small" onClick={() => void clear(item.imei)}>
                          {t('blacklist.clear')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
