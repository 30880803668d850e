import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AllCommunityModule,
  ModuleRegistry,
  type ColDef,
  type ICellRendererParams,
  type RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useQueryClient } from '@tanstack/react-query';
import { get, paths, send } from './api';
import { useInfiniteGrid } from '../../lib/infinite-grid';
import { useT } from '../../app/lang';
import type { Me } from '../../app/session';
import type { MessageKey } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { gridLocaleText } from '../../i18n/grid-locale';
import { Forbidden } from '../Forbidden';
import type { CatalogueRights } from './rights';
import { catalogueGridTheme } from './grid-theme';
import { slugify } from './forms';
import { EMPTY_TOOLBAR, mastersUrl, type FilterModel, type SortItem, type Toolbar } from './grid-query';
import { choicesOf, nameOf, useCategories, useMetaMasters, useReference } from './hooks';
import type { MasterRow, Named } from './types';
import { FormErrors, SelectField, TextField, useForm } from './ui';

ModuleRegistry.registerModules([AllCommunityModule]);

const TEXT_FILTER = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains', 'equals'], maxNumConditions: 1 },
};
const NUMBER_FILTER = {
  filter: 'agNumberColumnFilter',
  filterParams: { filterOptions: ['equals', 'lessThan', 'greaterThan', 'inRange'], maxNumConditions: 1 },
};

function columns(t: (key: MessageKey) => string, categories: readonly Named[] | undefined): ColDef<MasterRow>[] {
  return [
    {
      colId: 'name',
      field: 'name',
      headerName: t('cat.field.name'),
      width: 260,
      pinned: 'left',
      ...TEXT_FILTER,
      cellRenderer: (p: ICellRendererParams<MasterRow>) =>
        p.data ? (
          <Link
            to={`/catalogue/masters/${encodeURIComponent(p.data.id)}`}
            className="cell-link"
            data-testid={`master-${p.data.id}`}
          >
            {p.data.name}
          </Link>
        ) : (
          <span className="cell-loading" aria-hidden="true" />
        ),
    },
    { colId: 'seo_name', field: 'seo_name', headerName: t('cat.field.seo_name'), width: 220, ...TEXT_FILTER, cellClass: 'mono' },
    {
      colId: 'manufacturer_name',
      field: 'manufacturer_name',
      headerName: t('cat.field.manufacturer'),
      width: 140,
      filter: false,
    },
    { colId: 'type_device_name', field: 'type_device_name', headerName: t('cat.field.type_device'), width: 140, filter: false },
    {
      colId: 'variant_count',
      headerName: t('cat.field.variants'),
      width: 120,
      type: 'rightAligned',
      ...NUMBER_FILTER,
      valueGetter: (p) => (p.data ? `${p.data.active_variant_count} / ${p.data.variant_count}` : ''),
      headerTooltip: t('cat.masters.variants_tooltip'),
    },
    {
      colId: 'meta_master_name',
      field: 'meta_master_name',
      headerName: t('cat.field.meta_master'),
      width: 170,
      sortable: false,
      filter: false,
    },
    {
      colId: 'category_ids',
      headerName: t('cat.field.categories'),
      width: 240,
      sortable: false,
      filter: false,
      valueGetter: (p) => (p.data?.category_ids ?? []).map((id) => nameOf(categories, id)).join(', '),
    },
    {
      colId: 'photo_ids',
      headerName: t('cat.photos.title'),
      width: 90,
      type: 'rightAligned',
      sortable: false,
      filter: false,
      valueGetter: (p) => p.data?.photo_ids.length ?? '',
    },
    {
      colId: 'updated_at',
      field: 'updated_at',
      headerName: t('cat.field.updated'),
      width: 120,
      filter: false,
      valueFormatter: (p) => formatDate(p.data?.updated_at),
    },
  ];
}

/** The master product grid: AG Grid's infinite model over GET /api/admin/catalogue/masters, sorted and filtered by the server. */
export function MastersPage({ user: _user, rights }: { user: Me; rights: CatalogueRights }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [toolbar, setToolbar] = useState<Toolbar>(EMPTY_TOOLBAR);
  const [creating, setCreating] = useState(false);

  const manufacturers = useReference('manufacturers');
  const typeDevices = useReference('type-devices');
  const categories = useCategories();
  const metaMasters = useMetaMasters();

  useEffect(() => {
    const timer = setTimeout(() => setToolbar((tb) => (tb.quick === search ? tb : { ...tb, quick: search })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const { apiRef, onGridReady, total, failure } = useInfiniteGrid<MasterRow>(
    (params) =>
      get<{ rows: MasterRow[]; total: number }>(
        mastersUrl(paths.masters, params, params.sortModel as SortItem[], params.filterModel as FilterModel, toolbar),
      ),
    toolbar,
    { scrollToTopOnRestart: true },
  );

  // The category names arrive after the grid: the columns are rebuilt once they are there.
  const columnDefs = useMemo(() => columns(t, categories.data), [lang, categories.data]);

  const onRowClicked = (event: RowClickedEvent<MasterRow>) => {
    const target = event.event?.target;
    if (target instanceof HTMLElement && target.closest('a')) return;
    if (event.data) void navigate(`/catalogue/masters/${encodeURIComponent(event.data.id)}`);
  };

  if (failure === 'forbidden') return <Forbidden />;

  const select = (key: keyof Omit<Toolbar, 'quick'>, label: string, items: readonly Named[] | undefined) => (
    <label className="ctl-filter">
      <span className="visually-hidden">{label}</span>
      <select
        value={toolbar[key]}
        onChange={(e) => setToolbar((tb) => ({ ...tb, [key]: e.target.value }))}
        data-testid={`masters-filter-${key}`}
      >
        <option value="">
          {label}: {t('cat.all')}
        </option>
        {choicesOf(items).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="page page-grid ctl-grid-page" aria-labelledby="masters-title">
      <div className="page-head">
        <h1 id="masters-title">{t('cat.masters.title')}</h1>
        {total !== null && (
          <span className="muted" aria-live="polite" data-testid="masters-count">
            {t('common.total', { n: total })}
          </span>
        )}
        {rights.manage && (
          <div className="page-head-actions">
            <button
              type="button"
              className="btn btn-primary"
              aria-expanded={creating}
              data-testid="master-create-open"
              onClick={() => setCreating((open) => !open)}
            >
              {t('cat.masters.create')}
            </button>
          </div>
        )}
      </div>
      {creating && (
        <CreateMaster
          manufacturers={manufacturers.data}
          typeDevices={typeDevices.data}
          onClose={() => setCreating(false)}
          onCreated={(id) => void navigate(`/catalogue/masters/${encodeURIComponent(id)}`)}
        />
      )}
      <div className="toolbar">
        <label className="search">
          <span className="visually-hidden">{t('cat.masters.search')}</span>
          <input
            type="search"
            data-testid="masters-search"
            placeholder={t('cat.masters.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setToolbar((tb) => ({ ...tb, quick: search }));
            }}
          />
        </label>
        {select('manufacturer', t('cat.field.manufacturer'), manufacturers.data)}
        {select('typeDevice', t('cat.field.type_device'), typeDevices.data)}
        {select('category', t('cat.field.category'), categories.data)}
        {select('metaMaster', t('cat.field.meta_master'), metaMasters.data)}
      </div>
      {failure === 'error' && (
        <div className="banner banner-error" role="alert">
          {t('cat.load_failed')}{' '}
          <button type="button" className="btn btn-small" onClick={() => apiRef.current?.purgeInfiniteCache()}>
            {t('app.retry')}
          </button>
        </div>
      )}
      <div className="grid-wrap" data-testid="masters-grid">
        <AgGridReact<MasterRow>
          key={lang}
          localeText={{ ...gridLocaleText(lang), noRowsToShow: t('cat.masters.none') }}
          theme={catalogueGridTheme}
          rowModelType="infinite"
          cacheBlockSize={100}
          maxBlocksInCache={20}
          maxConcurrentDatasourceRequests={2}
          infiniteInitialRowCount={1}
          getRowId={(p) => p.data.id}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true }}
          onGridReady={onGridReady}
          onRowClicked={onRowClicked}
          rowClass="clickable-row"
          animateRows={false}
        />
      </div>
    </section>
  );
}

function CreateMaster(props: {
  manufacturers: readonly Named[] | undefined;
  typeDevices: readonly Named[] | undefined;
  onClose(): void;
  onCreated(id: string): void;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ name: '', seo_name: '', manufacturer_id: '', type_device_id: '' });
  const [seoTouched, setSeoTouched] = useState(false);
  const setName = (name: string) => {
    form.set('name', name);
    if (!seoTouched) form.set('seo_name', slugify(name));
  };
  const submit = form.submit(async () => {
    const created = await send<{ id: string }>('POST', paths.masters, {
      name: form.values.name,
      seo_name: form.values.seo_name,
      manufacturer_id: form.values.manufacturer_id,
      type_device_id: form.values.type_device_id,
    });
    await client.invalidateQueries({ queryKey: ['catalogue'] });
    props.onCreated(created.id);
  });
  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="create-master-title" data-testid="master-create">
      <h2 className="card-title" id="create-master-title">
        {t('cat.masters.create')}
      </h2>
      <div className="form-row form-row-top">
        <TextField form={form} name="name" label={t('cat.field.name')} required autoFocus onValue={setName} />
        <TextField
          form={form}
          name="seo_name"
          label={t('cat.field.seo_name')}
          onValue={(value) => {
            setSeoTouched(true);
            form.set('seo_name', value);
          }}
        />
        <SelectField
          form={form}
          name="manufacturer_id"
          label={t('cat.field.manufacturer')}
          choices={choicesOf(props.manufacturers)}
          empty={t('cat.choose')}
          required
        />
        <SelectField
          form={form}
          name="type_device_id"
          label={t('cat.field.type_device')}
          choices={choicesOf(props.typeDevices)}
          empty={t('cat.choose')}
          required
        />
      </div>
      <FormErrors form={form} known={['name', 'seo_name', 'manufacturer_id', 'type_device_id']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="master-create-submit">
          {t('cat.create')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('action.close')}
        </button>
      </div>
    </form>
  );
}
