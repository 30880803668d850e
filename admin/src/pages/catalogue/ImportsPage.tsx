import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { errorText, type MessageKey } from '../../i18n';
import { importReport, type ImportReport } from '../../lib/import-report';
import { paths, sendCsv } from './api';
import {
  PRICE_CSV_OPTIONAL_COLUMNS,
  PRICE_CSV_REQUIRED_COLUMNS,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_OPTIONAL_COLUMNS,
} from '@buyloop/contracts/catalogue/vocabulary';
import { isCsvFile } from './forms';
import type { CatalogueRights } from './rights';
import { useNotice } from './ui';

/** CSV imports of products and of prices: all or nothing; a refusal lists its problems by line and column. */
export function ImportsPage({ rights }: { rights: CatalogueRights }) {
  const { t } = useT();
  const client = useQueryClient();
  return (
    <section className="page" aria-labelledby="imports-title">
      <div className="page-head">
        <h1 id="imports-title">{t('cat.import.title')}</h1>
      </div>
      <p className="muted">{t('cat.import.intro')}</p>
      <div className="ctl-imports">
        {rights.manage && (
          <ImportCard
            id="products"
            title="cat.import.products"
            note="cat.import.products_note"
            required={PRODUCT_IMPORT_COLUMNS}
            optional={PRODUCT_IMPORT_OPTIONAL_COLUMNS}
            path={paths.importProducts}
            onImported={() => client.invalidateQueries({ queryKey: ['catalogue'] })}
          />
        )}
        {rights.prices && (
          <ImportCard
            id="prices"
            title="cat.import.prices"
            note="cat.import.prices_note"
            required={PRICE_CSV_REQUIRED_COLUMNS}
            optional={PRICE_CSV_OPTIONAL_COLUMNS}
            path={paths.importPrices}
            onImported={() => client.invalidateQueries({ queryKey: ['catalogue', 'price'] })}
          />
        )}
      </div>
    </section>
  );
}

/** How many rows an import took, whichever name its answer gives the count. */
export function importedCount(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  // Products answer `rows`, prices the codes they changed.
  for (const key of ['rows', 'changed_codes', 'products_created']) {
    const value = (answer as Record<string, unknown>)[key];
    if (typeof value === 'number') return value;
    if (Array.isArray(value)) return value.length;
  }
  return null;
}

function ImportCard(props: {
  id: string;
  title: MessageKey;
  note: MessageKey;
  required: readonly string[];
  optional: readonly string[];
  path: string;
  onImported(): Promise<unknown>;
}) {
  const { t, lang } = useT();
  const notify = useNotice();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fieldId = `import-${props.id}-file`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    setError(null);
    setDone(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setError(errorText('validation.required', lang));
      return;
    }
    if (!isCsvFile(file)) {
      setError(t('cat.import.only_csv'));
      return;
    }
    setBusy(true);
    try {
      const answer = await sendCsv<unknown>(props.path, await file.text());
      const count = importedCount(answer);
      setDone(count === null ? t('cat.import.done') : t('cat.import.done_count', { n: count }));
      notify('saved');
      if (input.current) input.current.value = '';
      await props.onImported();
    } catch (caught) {
      if (isApiError(caught) && (caught.status === 400 || caught.status === 422 || caught.status === 415)) {
        const found = importReport(caught.problem);
        const missing = found.missingColumns.length > 0 || caught.status === 415 || caught.problem.errors?.file !== undefined;
        setError(missing ? t('cat.import.only_csv') : t('cat.import.failed'));
        setReport(found);
      } else if (isApiError(caught)) {
        const text = errorText(caught.problem.code, lang);
        setError(`${t('cat.import.failed')} ${text !== caught.problem.code ? text : (caught.problem.title ?? '')}`.trim());
      } else setError(t('cat.import.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card import-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`import-${props.id}-title`}
      data-testid={`import-${props.id}`}
    >
      <h2 className="card-title" id={`import-${props.id}-title`}>
        {t(props.title)}
      </h2>
      <p className="small muted">{t(props.note)}</p>
      <dl className="ctl-columns small">
        <dt>{t('cat.import.required')}</dt>
        <dd className="mono">{props.required.join(', ')}</dd>
        <dt>{t('cat.import.optional')}</dt>
        <dd className="mono">{props.optional.join(', ')}</dd>
      </dl>
      <div className="form-row">
        <div className="field">
          <label htmlFor={fieldId}>{t('cat.import.file')}</label>
          <input
            ref={input}
            id={fieldId}
            type="file"
            name="file"
            accept=".csv,text/csv"
            data-testid={`import-${props.id}-file`}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `import-${props.id}-error` } : {})}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid={`import-${props.id}-submit`}>
          {busy ? t('app.loading') : t('cat.import.submit')}
        </button>
      </div>
      {done && (
        <p className="banner banner-success" role="status" data-testid={`import-${props.id}-done`}>
          {done}
        </p>
      )}
      {error && (
        <div
          className="banner banner-error"
          role="alert"
          id={`import-${props.id}-error`}
          data-testid={`import-${props.id}-error`}
        >
          <p>{error}</p>
          <p className="small">{t('cat.import.nothing_imported')}</p>
          {report && report.missingColumns.length > 0 && (
            <p data-testid={`import-${props.id}-missing`}>
              {t('cat.import.missing_columns', { columns: report.missingColumns.join(', ') })}
            </p>
          )}
          {report && report.rows.length > 0 && (
            <div className="table-scroll">
              <table className="table table-compact" data-testid={`import-${props.id}-rows`}>
                <thead>
                  <tr>
                    <th scope="col">{t('cat.import.line')}</th>
                    <th scope="col">{t('cat.import.column')}</th>
                    <th scope="col">{t('cat.import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={`${row.line}-${row.column}`} data-line={row.line ?? ''} data-column={row.column ?? ''}>
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
            </div>
          )}
        </div>
      )}
    </form>
  );
}
