import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { getJson, isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { formatDate } from '../../i18n/format';
import type { MessageKey } from '../../i18n';
import { messages } from '../../i18n/messages';
import { Forbidden } from '../Forbidden';
import { lastDays, overall, perDay, perPageType, type AnalyticsSummary } from './summary';
import './analytics.css';

/** A colour per page type, so a type keeps its colour whichever types the period has. */
const COLOURS: Readonly<Record<string, string>> = {
  home_page: '#3d7bff',
  catalog: '#22a06b',
  product_detail: '#e2831b',
  search: '#8a4fd8',
  favourites: '#d6417a',
  stores: '#1f9bb8',
  contact: '#7a869a',
  login: '#5d6b82',
  faq: '#b8a01f',
  buyback: '#c0392b',
  other: '#a0aec0',
};
const PRESETS = [7, 30, 90] as const;

/** Spec 9's analytics in the back office: page views and element views of a period, per page type and day, and the elements seen most. */
export function AnalyticsPage() {
  const { t, lang } = useT();
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const summary = useQuery({
    queryKey: ['analytics', period?.from ?? null, period?.to ?? null],
    queryFn: ({ signal }) =>
      getJson<AnalyticsSummary>(`/api/admin/analytics/summary${period ? `?from=${period.from}&to=${period.to}` : ''}`, signal),
    placeholderData: keepPreviousData,
  });
  if (summary.isError && isApiError(summary.error) && summary.error.status === 403) return <Forbidden />;

  const data = summary.data;
  const shown = draft ?? (data ? { from: data.from, to: data.to } : { from: '', to: '' });
  // A page type this page does not know yet (a newer storefront) shows as the API names it.
  const pageLabel = (type: string): string => {
    const key = `analytics.page.${type}`;
    return key in messages ? t(key as MessageKey) : type;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (shown.from && shown.to) setPeriod({ from: shown.from, to: shown.to });
    setDraft(null);
  };
  const numbers = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : lang === 'ro' ? 'ro-RO' : 'cs-CZ');
  const days = data ? perDay(data) : [];
  const types = data ? perPageType(data) : [];
  const total = overall(types);
  const chartTypes = types.filter((row) => row.pageViews > 0).map((row) => row.pageType);
  const invalid = summary.isError && isApiError(summary.error) && summary.error.status === 400;

  return (
    <section className="page analytics" aria-labelledby="analytics-title">
      <div className="page-head">
        <h1 id="analytics-title">{t('analytics.title')}</h1>
      </div>
      <p className="muted">{t('analytics.intro')}</p>

      <form className="analytics-period" onSubmit={submit} aria-label={t('analytics.title')}>
        <label className="inline-field">
          <span>{t('analytics.from')}</span>
          <input
            type="date"
            value={shown.from}
            data-testid="analytics-from"
            onChange={(e) => setDraft({ ...shown, from: e.target.value })}
          />
        </label>
        <label className="inline-field">
          <span>{t('analytics.to')}</span>
          <input
            type="date"
            value={shown.to}
            data-testid="analytics-to"
            onChange={(e) => setDraft({ ...shown, to: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="analytics-show">
          {t('analytics.show')}
        </button>
        {data &&
          PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              className="btn btn-ghost"
              onClick={() => (setPeriod(lastDays(data.to, n)), setDraft(null))}
            >
              {t('analytics.last_days', { n })}
            </button>
          ))}
      </form>
      {invalid && (
        <p className="banner banner-error" role="alert">
          {t('analytics.period_invalid')}
        </p>
      )}
      {summary.isError && !invalid && (
        <p className="banner banner-error" role="alert">
          {t('app.error')}
        </p>
      )}
      {summary.isPending && <p className="muted">{t('app.loading')}</p>}

      {data && (
        <>
          <div className="card">
            <h2 className="card-title">{t('analytics.chart_title')}</h2>
            {total.pageViews === 0 ? (
              <p className="muted" data-testid="analytics-empty">
                {t('analytics.none')}
              </p>
            ) : (
              <figure className="analytics-chart" aria-label={t('analytics.chart_label')} data-testid="analytics-chart">
                <ResponsiveContainer width="100%" height={260}>
                  <BarChart data={days} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
                    <CartesianGrid stroke="#edf0f5" vertical={false} />
                    <XAxis
                      dataKey="day"
                      tickFormatter={(day: string) => formatDate(day, 'UTC')}
                      tick={{ fontSize: 11 }}
                      minTickGap={16}
                    />
                    <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
                    <Tooltip labelFormatter={(day) => formatDate(String(day), 'UTC')} />
                    <Legend formatter={(type: string) => pageLabel(type)} />
                    {chartTypes.map((type) => (
                      <Bar
                        key={type}
                        dataKey={type}
                        name={type}
                        stackId="views"
                        fill={COLOURS[type] ?? '#a0aec0'}
                        isAnimationActive={false}
                      />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </figure>
            )}
          </div>

          <div className="analytics-grid">
            <div className="card">
              <h2 className="card-title" id="analytics-types">
                {t('analytics.by_page_type')}
              </h2>
              <div className="table-scroll">
                <table className="table" aria-labelledby="analytics-types" data-testid="analytics-page-types">
                  <thead>
                    <tr>
                      <th scope="col">{t('analytics.page_type')}</th>
                      <th scope="col" className="num">
                        {t('analytics.page_views')}
                      </th>
                      <th scope="col" className="num">
                        {t('analytics.registered')}
                      </th>
                      <th scope="col" className="num">
                        {t('analytics.views')}
                      </th>
                      <th scope="col">{t('analytics.share')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {types.map((row) => {
                      const share = total.pageViews > 0 ? row.pageViews / total.pageViews : 0;
                      return (
                        <tr key={row.pageType} data-testid="analytics-page-type" data-page-type={row.pageType}>
                          <th scope="row">{pageLabel(row.pageType)}</th>
                          <td className="num" data-testid="analytics-page-views">
                            {numbers.format(row.pageViews)}
                          </td>
                          <td className="num">{numbers.format(row.registered)}</td>
                          <td className="num" data-testid="analytics-element-views">
                            {numbers.format(row.views)}
                          </td>
                          <td className="analytics-share">
                            {/* The bar repeats the number beside it for the eye; screen readers read the percentage. */}
                            <span className="analytics-bar" aria-hidden="true">
                              <span
                                style={{ width: `${Math.round(share * 100)}%`, background: COLOURS[row.pageType] ?? '#a0aec0' }}
                              />
                            </span>
                            <span className="small">{Math.round(share * 100)} %</span>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('analytics.total')}</th>
                      <td className="num">{numbers.format(total.pageViews)}</td>
                      <td className="num">{numbers.format(total.registered)}</td>
                      <td className="num">{numbers.format(total.views)}</td>
                      <td />
                    </tr>
                  </tfoot>
                </table>
              </div>
            </div>

            <div className="card">
              <h2 className="card-title" id="analytics-top">
                {t('analytics.top_elements')}
              </h2>
              {!data.top_complete && <p className="small muted">{t('analytics.top_incomplete')}</p>}
              {data.top_elements.length === 0 ? (
                <p className="muted">{t('analytics.none')}</p>
              ) : (
                <div className="table-scroll">
                  <table className="table" aria-labelledby="analytics-top" data-testid="analytics-top-elements">
                    <thead>
                      <tr>
                        <th scope="col">{t('analytics.element')}</th>
                        <th scope="col">{t('analytics.element_kind')}</th>
                        <th scope="col" className="num">
                          {t('analytics.views')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.top_elements.map((row) => (
                        <tr key={row.element_id} data-testid="analytics-top-element">
                          <td className="mono">{row.element_id}</td>
                          <td className="small">{row.element_kind}</td>
                          <td className="num">{numbers.format(row.count)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </div>

          <div className="card">
            <h2 className="card-title" id="analytics-days">
              {t('analytics.by_day')}
            </h2>
            <div className="table-scroll">
              <table className="table" aria-labelledby="analytics-days" data-testid="analytics-days">
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.day')}</th>
                    <th scope="col" className="num">
                      {t('analytics.page_views')}
                    </th>
                    <th scope="col" className="num">
                      {t('analytics.registered')}
                    </th>
                    <th scope="col" className="num">
                      {t('analytics.views')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...days].reverse().map((row) => (
                    <tr key={row.day}>
                      <th scope="row">{formatDate(row.day, 'UTC')}</th>
                      <td className="num">{numbers.format(row.pageViews)}</td>
                      <td className="num">{numbers.format(row.registered)}</td>
                      <td className="num">{numbers.format(row.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
