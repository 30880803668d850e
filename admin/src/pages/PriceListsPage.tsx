import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, isApiError, request } from '../api/client';
import { can } from '../api/permissions';
import { useT } from '../app/lang';
import type { Me } from '../app/session';
import { errorText } from '../i18n';
import { formatDateTime, formatMoney } from '../i18n/format';
import { QUALITIES } from '../lib/actions';
import { importReport, type ImportReport } from '../lib/import-report';
import { Forbidden } from './Forbidden';
import type { PriceList, PriceListPublication, PriceListRow } from '@buyloop/contracts/buy-back/http';

type Publication = PriceListPublication;

export function PriceListsPage({ user }: { user: Me }) {
  const { t, lang } = useT();
  const client = useQueryClient();
  const [filter, setFilter] = useState('');
  const [model, setModel] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const canPublish = can(user.roles, 'buyback.price_lists');
  const lists = useQuery({
    queryKey: ['price-lists'],
    queryFn: ({ signal }) => getJson<{ market: string; price_lists: PriceListRow[] }>('/api/admin/buyout/price-lists', signal),
  });
  const history = useQuery({
    queryKey: ['price-list-history', model],
    queryFn: ({ signal }) =>
      getJson<{ publications: Publication[] }>(
        `/api/admin/buyout/price-list-history${model ? `?model=${encodeURIComponent(model)}` : '?limit=20'}`,
        signal,
      ),
  });

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const rows = lists.data?.price_lists ?? [];
    return needle ? rows.filter((r) => `${r.model} ${r.model_id}`.toLowerCase().includes(needle)) : rows;
  }, [lists.data, filter]);

  if (lists.isError && isApiError(lists.error) && lists.error.status === 403) return <Forbidden />;
  const modelLabel = (id: string) => lists.data?.price_lists.find((p) => p.model_id === id)?.model ?? id;

  return (
    <section className="page" aria-labelledby="prices-title">
      <div className="page-head">
        <h1 id="prices-title">{t('prices.title')}</h1>
        {lists.data && <span className="muted">{t('common.total', { n: lists.data.price_lists.length })}</span>}
        <div className="page-head-actions">
          <a className="btn" href="/api/admin/buyout/price-lists.csv" data-testid="price-lists-export" download>
            {t('prices.export')}
          </a>
        </div>
      </div>

      {can(user.roles, 'buyback.price_lists') && (
        <ImportCsv
          onImported={async () => {
            await client.invalidateQueries({ queryKey: ['price-lists'] });
            await client.invalidateQueries({ queryKey: ['price-list-history'] });
          }}
        />
      )}

      {editing && (
        <PriceListEditor
          key={editing}
          modelId={editing}
          label={modelLabel(editing)}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await client.invalidateQueries({ queryKey: ['price-lists'] });
            await client.invalidateQueries({ queryKey: ['price-list-history'] });
            await client.invalidateQueries({ queryKey: ['price-list', editing] });
          }}
        />
      )}

      <div className="two-col">
        <div className="card">
          <div className="toolbar">
            <label className="search">
              <span className="visually-hidden">{t('prices.filter')}</span>
              <input
                type="search"
                placeholder={t('prices.filter')}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                data-testid="price-lists-filter"
              />
            </label>
          </div>
          {lists.isPending && <p className="muted">{t('app.loading')}</p>}
          {lists.isError && (
            <p className="form-error" role="alert">
              {t('app.error')}
            </p>
          )}
          <div className="table-scroll">
            <table className="table" data-testid="price-lists">
              <thead>
                <tr>
                  <th scope="col">{t('prices.model')}</th>
                  <th scope="col" className="num">
                    {t('prices.version')}
                  </th>
                  {QUALITIES.map((q) => (
                    <th key={q} scope="col" className="num">
                      {q}
                    </th>
                  ))}
                  <th scope="col" className="num">
                    {t('prices.minimal')}
                  </th>
                  <th scope="col" className="num">
                    {t('prices.bonus')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('prices.versions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.model_id} className={model === row.model_id ? 'selected' : ''} data-model={row.model_id}>
                    <th scope="row">
                      {row.model}
                      <div className="muted mono small">{row.model_id}</div>
                    </th>
                    <td className="num">{row.version}</td>
                    {QUALITIES.map((q) => (
                      <td key={q} className="num">
                        {formatMoney(row.prices[q], row.currency)}
                      </td>
                    ))}
                    <td className="num">{formatMoney(row.minimal_buyout_price, row.currency)}</td>
                    <td className="num">{row.bonus_percentage} %</td>
                    <td>
                      <div className="row-buttons">
                        {canPublish && (
                          <button
                            type="button"
                            className="btn btn-small"
                            data-testid={`price-list-edit-${row.model_id}`}
                            onClick={() => setEditing(editing === row.model_id ? null : row.model_id)}
                          >
                            {t('prices.edit')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-small btn-ghost"
                          aria-pressed={model === row.model_id}
                          onClick={() => setModel(model === row.model_id ? null : row.model_id)}
                        >
                          {t('prices.versions')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>

        <aside className="card" aria-labelledby="history-title" data-testid="price-list-history">
          <h2 className="card-title" id="history-title">
            {model ? t('prices.history_for', { model: modelLabel(model) }) : t('prices.history')}
          </h2>
          {history.isPending && <p className="muted">{t('app.loading')}</p>}
          {history.data && history.data.publications.length === 0 && <p className="muted">{t('prices.no_history')}</p>}
          <ol className="publications">
            {history.data?.publications.map((publication, index) => (
              <li key={`${publication.at}-${index}`}>
                <div className="timeline-title">
                  <strong>{formatDateTime(publication.at)}</strong>
                  <span className="tag">{publication.source}</span>
                </div>
                <div className="muted small">
                  {t('prices.by')}: <span className="mono">{publication.published_by}</span>
                </div>
                <ul className="small">
                  {publication.changed.slice(0, model ? 50 : 6).map((change) => (
                    <li key={change.model_id}>
                      {modelLabel(change.model_id)} — v{change.version}:{' '}
                      {QUALITIES.map((q) => `${q} ${formatMoney(change.prices[q], lists.data?.price_lists[0]?.currency)}`).join(
                        ' · ',
                      )}
                    </li>
                  ))}
                  {!model && publication.changed.length > 6 && <li className="muted">… +{publication.changed.length - 6}</li>}
                </ul>
              </li>
            ))}
          </ol>
        </aside>
      </div>
      <span hidden>{lang}</span>
    </section>
  );
}

function ImportCsv({ onImported }: { onImported: () => Promise<void> }) {
  const { t, lang } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError(errorText('validation.required', lang));
      return;
    }
    setBusy(true);
    setReport(null);
    setError(null);
    setDone(null);
    try {
      const content = await file.text();
      const { data } = await request<{ published: boolean; changed_models: readonly string[] }>(
        '/api/admin/buyout/price-lists/import',
        { method: 'POST', raw: { content, type: 'text/csv' } },
      );
      setDone(t('prices.imported', { n: data.changed_models.length }));
      if (input.current) input.current.value = '';
      await onImported();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400) {
        setError(t('prices.import_failed'));
        setReport(importReport(caught.problem));
      } else if (isApiError(caught)) {
        const text = errorText(caught.problem.code, lang);
        setError(text !== caught.problem.code ? text : (caught.problem.title ?? t('app.error')));
      } else setError(t('app.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card import-form" onSubmit={(e) => void submit(e)} aria-labelledby="import-title">
      <h2 className="card-title" id="import-title">
        {t('prices.import')}
      </h2>
      <div className="form-row">
        <label className="field">
          <span>{t('prices.import_file')}</span>
          <input ref={input} type="file" name="file" accept=".csv,text/csv" data-testid="price-lists-file" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="price-lists-import">
          {t('prices.import_submit')}
        </button>
      </div>
      {done && (
        <p className="banner banner-success" role="status" data-testid="import-done">
          {done}
        </p>
      )}
      {error && (
        <div className="banner banner-error" role="alert" data-testid="import-error">
          <p>{error}</p>
          {report && report.missingColumns.length > 0 && (
            <p data-testid="import-missing-columns">
              {t('prices.missing_columns', { columns: report.missingColumns.join(', ') })}
            </p>
          )}
          {report && report.rows.length > 0 && (
            <table className="table table-compact" data-testid="import-rows">
              <thead>
                <tr>
                  <th scope="col">{t('prices.line')}</th>
                  <th scope="col">{t('prices.column')}</th>
                  <th scope="col">{t('prices.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={`${row.line}-${row.column}`}>
                    <td className="num">{row.line ?? ''}</td>
                    <td className="mono">{row.column ?? ''}</td>
                    <td>
                      {(row.messages.length > 0 ? row.messages : row.codes.map((code) => errorText(code, lang))).join(' ')}
                      {row.codes.length > 0 && <span className="muted small mono"> ({row.codes.join(', ')})</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </form>
  );
}

type FullPriceList = PriceList;

/** One model's prices edited and published as the next version (PUT with the whole list, as the API wants it). */
function PriceListEditor(props: { modelId: string; label: string; onClose(): void; onSaved(): Promise<void> }) {
  const { t, lang } = useT();
  const list = useQuery({
    queryKey: ['price-list', props.modelId],
    queryFn: ({ signal }) => getJson<FullPriceList>(`/api/admin/buyout/price-lists/${encodeURIComponent(props.modelId)}`, signal),
  });
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!list.data) return <p className="muted">{t('app.loading')}</p>;
  const current = list.data;
  const value = (name: string, fallback: number) => values[name] ?? String(fallback);
  const number = (name: string, fallback: number) => Number(value(name, fallback).replace(/\s/g, '').replace(',', '.'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    const { model_id: _id, ...rest } = current;
    const body = {
      ...rest,
      version: current.version + 1,
      prices: Object.fromEntries(QUALITIES.map((q) => [q, number(`prices.${q}`, current.prices[q] ?? 0)])),
      minimal_buyout_price: number('minimal_buyout_price', current.minimal_buyout_price),
      bonus_percentage: number('bonus_percentage', current.bonus_percentage),
    };
    try {
      await request(`/api/admin/buyout/price-lists/${encodeURIComponent(props.modelId)}`, { method: 'PUT', body });
      await props.onSaved();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400) {
        const out: Record<string, string[]> = {};
        const messages = caught.problem.messages ?? {};
        for (const [field, codes] of Object.entries(caught.problem.errors ?? {}))
          out[field] = [...(messages[field] ?? codes.map((code) => errorText(code, lang)))];
        setErrors(out);
        // Errors of fields this form has no input for (a condition, the whole list) go above the buttons.
        const fields = new Set([...QUALITIES.map((q) => `prices.${q}`), 'minimal_buyout_price', 'bonus_percentage']);
        const other = Object.entries(out).filter(([field]) => !fields.has(field));
        if (Object.keys(out).length === 0) setFormError(caught.problem.title ?? t('app.error'));
        else if (other.length > 0) setFormError(other.map(([field, texts]) => `${field}: ${texts.join(' ')}`).join(' · '));
      } else if (isApiError(caught)) {
        const text = errorText(caught.problem.code, lang);
        setFormError(text !== caught.problem.code ? text : (caught.problem.title ?? t('app.error')));
      } else setFormError(t('app.error'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, fallback: number) => (
    <label className="field field-price" key={name}>
      <span>{label}</span>
      <input
        name={name}
        inputMode="numeric"
        value={value(name, fallback)}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `error-${name}` : undefined}
      />
      {errors[name] && (
        <span className="field-error" id={`error-${name}`} data-testid={`error-${name}`}>
          {errors[name].join(' ')}
        </span>
      )}
    </label>
  );

  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="edit-title" data-testid="price-list-editor">
      <h2 className="card-title" id="edit-title">
        {t('prices.edit_title', { model: props.label, version: current.version + 1 })}
      </h2>
      <div className="form-row form-row-top">
        {QUALITIES.map((q) => field(`prices.${q}`, q, current.prices[q] ?? 0))}
        {field('minimal_buyout_price', t('prices.minimal'), current.minimal_buyout_price)}
        {field('bonus_percentage', `${t('prices.bonus')} %`, current.bonus_percentage)}
      </div>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="price-list-publish">
          {t('prices.publish')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('action.close')}
        </button>
      </div>
    </form>
  );
}
