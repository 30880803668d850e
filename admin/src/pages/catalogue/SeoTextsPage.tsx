import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AllCommunityModule, ModuleRegistry, type ColDef, type RowClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useInfiniteGrid } from '../../lib/infinite-grid';
import { useT } from '../../app/lang';
import { gridLocaleText } from '../../i18n/grid-locale';
import { Forbidden } from '../Forbidden';
import { get, keys, send } from './api';
import { catalogueGridTheme } from './grid-theme';
import { seoTextSave, seoTextsUrl } from './seo-texts';
import type { CatalogueRights } from './rights';
import type { SeoTextPage, SeoTextRow } from './types';
import { Field, FormErrors, useForm } from './ui';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Search engines show about this many characters of a title and of a description (the API allows 200 and 500). */
const TITLE_HINT = 60;
const DESCRIPTION_HINT = 160;

type Kind = '' | SeoTextRow['kind'];

/** The SEO texts grid: every master's and category's title and description, edited here one row at a time. */
export function SeoTextsPage({ rights }: { rights: CatalogueRights }) {
  const { t, lang } = useT();
  const [selected, setSelected] = useState<SeoTextRow | null>(null);
  const [kind, setKind] = useState<Kind>('');
  const [search, setSearch] = useState('');
  const [quick, setQuick] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQuick(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const { apiRef, onGridReady, total, failure } = useInfiniteGrid<SeoTextRow>(
    (params) => get<SeoTextPage>(seoTextsUrl(params, kind, quick)),
    JSON.stringify([kind, quick]),
  );

  const columnDefs = useMemo<ColDef<SeoTextRow>[]>(
    () => [
      {
        colId: 'kind',
        field: 'kind',
        headerName: t('cat.seo.kind'),
        width: 110,
        valueFormatter: (p) => (p.value === 'category' ? t('cat.seo.category') : p.value === 'master' ? t('cat.seo.master') : ''),
      },
      { colId: 'name', field: 'name', headerName: t('cat.field.name'), width: 220 },
      { colId: 'seo_name', field: 'seo_name', headerName: t('cat.field.seo_name'), width: 200, cellClass: 'mono' },
      { colId: 'seo_title', field: 'seo_title', headerName: t('cat.seo.title_field'), flex: 1, minWidth: 200 },
      { colId: 'seo_description', field: 'seo_description', headerName: t('cat.seo.description_field'), flex: 2, minWidth: 240 },
    ],
    // Headers follow the language (t changes with it).
    [lang],
  );

  if (failure === 'forbidden') return <Forbidden />;
  return (
    <section className="page page-grid ctl-grid-page" aria-labelledby="seo-title">
      <div className="page-head">
        <h1 id="seo-title">{t('cat.seo.title')}</h1>
        {total !== null && <span className="muted">{t('common.total', { n: total })}</span>}
      </div>
      {selected && (
        <SeoForm
          key={`${selected.kind}-${selected.id}`}
          row={selected}
          canEdit={rights.manage}
          onClose={() => setSelected(null)}
          onSaved={() => apiRef.current?.refreshInfiniteCache()}
        />
      )}
      <div className="toolbar">
        <label className="search">
          <span className="visually-hidden">{t('cat.masters.search')}</span>
          <input
            type="search"
            placeholder={t('cat.masters.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="seo-search"
          />
        </label>
        <label className="ctl-filter">
          <span className="visually-hidden">{t('cat.seo.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="seo-kind">
            <option value="">
              {t('cat.seo.kind')}: {t('cat.all')}
            </option>
            <option value="master">{t('cat.seo.master')}</option>
            <option value="category">{t('cat.seo.category')}</option>
          </select>
        </label>
      </div>
      {failure === 'error' && (
        <div className="banner banner-error" role="alert">
          {t('cat.load_failed')}{' '}
          <button type="button" className="btn btn-small" onClick={() => apiRef.current?.purgeInfiniteCache()}>
            {t('app.retry')}
          </button>
        </div>
      )}
      <div className="grid-wrap" data-testid="seo-grid">
        <AgGridReact<SeoTextRow>
          key={lang}
          localeText={{ ...gridLocaleText(lang), noRowsToShow: t('cat.empty') }}
          theme={catalogueGridTheme}
          rowModelType="infinite"
          cacheBlockSize={100}
          infiniteInitialRowCount={1}
          getRowId={(p) => `${p.data.kind}-${p.data.id}`}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: false, resizable: true, filter: false }}
          onGridReady={onGridReady}
          onRowClicked={(e: RowClickedEvent<SeoTextRow>) => setSelected(e.data ?? null)}
          rowClass="clickable-row"
          animateRows={false}
        />
      </div>
    </section>
  );
}

function SeoForm({ row, canEdit, onClose, onSaved }: { row: SeoTextRow; canEdit: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ seo_title: row.seo_title ?? '', seo_description: row.seo_description ?? '' });
  const submit = form.submit(async () => {
    const save = seoTextSave(row, form.values);
    await send('PATCH', save.path, save.body);
    await client.invalidateQueries({ queryKey: row.kind === 'master' ? keys.master(row.id) : keys.categories });
    onSaved();
    onClose();
  });
  return (
    <form className="card ctl-form" onSubmit={(e) => void submit(e)} data-testid="seo-form" aria-labelledby="seo-form-title">
      <h2 className="card-title" id="seo-form-title">
        {row.name} <span className="mono muted">{row.seo_name}</span>
      </h2>
      <Field
        name="seo_title"
        label={t('cat.seo.title_field')}
        errors={form.errors}
        hint={t('cat.seo.length', { n: form.values.seo_title.length, max: TITLE_HINT })}
      >
        {(aria) => (
          <input
            {...aria}
            name="seo_title"
            value={form.values.seo_title}
            maxLength={200}
            onChange={(e) => form.set('seo_title', e.target.value)}
            readOnly={!canEdit}
          />
        )}
      </Field>
      <Field
        name="seo_description"
        label={t('cat.seo.description_field')}
        errors={form.errors}
        hint={t('cat.seo.length', { n: form.values.seo_description.length, max: DESCRIPTION_HINT })}
      >
        {(aria) => (
          <textarea
            {...aria}
            name="seo_description"
            rows={3}
            maxLength={500}
            value={form.values.seo_description}
            onChange={(e) => form.set('seo_description', e.target.value)}
            readOnly={!canEdit}
          />
        )}
      </Field>
      <FormErrors form={form} known={['seo_title', 'seo_description']} />
      <div className="form-buttons">
        {canEdit && (
          <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="seo-save">
            {t('cat.save')}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('action.close')}
        </button>
      </div>
    </form>
  );
}
