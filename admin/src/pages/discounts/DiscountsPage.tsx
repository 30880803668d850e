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
import { getJson } from '../../api/client';
import { useInfiniteGrid } from '../../lib/infinite-grid';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { gridLocaleText } from '../../i18n/grid-locale';
import { Forbidden } from '../Forbidden';
import { catalogueGridTheme } from '../catalogue/grid-theme';
import { discountsUrl, type DiscountRow } from './form';

ModuleRegistry.registerModules([AllCommunityModule]);

const TEXT_FILTER = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains', 'equals'], maxNumConditions: 1 },
};
const NUMBER_FILTER = {
  filter: 'agNumberColumnFilter',
  filterParams: { filterOptions: ['equals', 'lessThan', 'greaterThan', 'inRange'], maxNumConditions: 1 },
};
const DATE_FILTER = {
  filter: 'agDateColumnFilter',
  filterParams: { filterOptions: ['equals', 'lessThan', 'greaterThan', 'inRange'], maxNumConditions: 1 },
};

type T = (key: MessageKey) => string;

const yesNo = (t: T, value: boolean | undefined) => (value === undefined ? '' : t(value ? 'common.yes' : 'common.no'));

function columns(t: T): ColDef<DiscountRow>[] {
  const flag = (colId: 'is_active' | 'is_public' | 'is_combinable' | 'is_automatic_assignment'): ColDef<DiscountRow> => ({
    colId,
    headerName: t(`disc.field.${colId}`),
    width: 120,
    filter: false,
    valueGetter: (p) => yesNo(t, p.data?.[colId]),
  });
  return [
    {
      colId: 'title',
      field: 'title',
      headerName: t('disc.field.title'),
      width: 260,
      pinned: 'left',
      ...TEXT_FILTER,
      cellRenderer: (p: ICellRendererParams<DiscountRow>) =>
        p.data ? (
          <Link to={`/discounts/${encodeURIComponent(p.data.id)}`} className="cell-link" data-testid={`discount-${p.data.id}`}>
            {p.data.title}
            {p.data.archived ? ` (${t('disc.archived')})` : ''}
          </Link>
        ) : (
          <span className="cell-loading" aria-hidden="true" />
        ),
    },
    { colId: 'marketing_name', field: 'marketing_name', headerName: t('disc.field.marketing_name'), width: 200, ...TEXT_FILTER },
    {
      colId: 'discount_type',
      headerName: t('disc.field.discount_type'),
      width: 130,
      filter: false,
      valueGetter: (p) => (p.data ? t(`disc.type.${p.data.discount_type}` as MessageKey) : ''),
    },
    {
      colId: 'discount_value',
      field: 'discount_value',
      headerName: t('disc.field.discount_value'),
      width: 110,
      type: 'rightAligned',
      ...NUMBER_FILTER,
      valueFormatter: (p) => (p.data ? `${p.data.discount_value}${p.data.discount_type === 'percentage' ? ' %' : ''}` : ''),
    },
    {
      colId: 'codes',
      headerName: t('disc.field.codes'),
      width: 180,
      sortable: false,
      filter: false,
      valueGetter: (p) => p.data?.codes.join(', ') ?? '',
      cellClass: 'mono',
    },
    flag('is_active'),
    flag('is_public'),
    flag('is_combinable'),
    flag('is_automatic_assignment'),
    {
      colId: 'valid_from',
      field: 'valid_from',
      headerName: t('disc.field.valid_from'),
      width: 120,
      ...DATE_FILTER,
      valueFormatter: (p) => formatDate(p.data?.valid_from),
    },
    {
      colId: 'valid_to',
      field: 'valid_to',
      headerName: t('disc.field.valid_to'),
      width: 120,
      ...DATE_FILTER,
      valueFormatter: (p) => formatDate(p.data?.valid_to),
    },
    {
      colId: 'generated_codes',
      field: 'generated_codes',
      headerName: t('disc.field.generated_codes'),
      width: 130,
      type: 'rightAligned',
      ...NUMBER_FILTER,
    },
    {
      colId: 'updated_at',
      field: 'updated_at',
      headerName: t('disc.field.updated_at'),
      width: 120,
      ...DATE_FILTER,
      valueFormatter: (p) => formatDate(p.data?.updated_at),
    },
  ];
}

/** The discount grid: AG Grid's infinite model over GET /api/admin/discounts, sorted and filtered by the server. */
export function DiscountsPage({ manage }: { manage: boolean }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [quick, setQuick] = useState('');
  const [archived, setArchived] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setQuick(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const { onGridReady, total, failure } = useInfiniteGrid<DiscountRow>(
    (params) =>
      getJson<{ rows: DiscountRow[]; total: number }>(
        discountsUrl(
          params,
          params.sortModel as { colId: string; sort: 'asc' | 'desc' }[],
          params.filterModel as Record<string, unknown>,
          quick,
          archived,
        ),
      ),
    JSON.stringify([quick, archived]),
  );

  const columnDefs = useMemo(() => columns(t), [lang]);
  const onRowClicked = (event: RowClickedEvent<DiscountRow>) => {
    const target = event.event?.target;
    if (target instanceof HTMLElement && target.closest('a')) return;
    if (event.data) void navigate(`/discounts/${encodeURIComponent(event.data.id)}`);
  };

  if (failure === 'forbidden') return <Forbidden />;
  return (
    <section aria-labelledby="discounts-title">
      <div className="ctl-toolbar">
        <h1 id="discounts-title">{t('disc.title')}</h1>
        <label className="ctl-filter">
          <span className="visually-hidden">{t('disc.search')}</span>
          <input
            type="search"
            value={search}
            placeholder={t('disc.search')}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="discounts-search"
          />
        </label>
        <label className="ctl-check">
          <input
            type="checkbox"
            checked={archived}
            onChange={(e) => setArchived(e.target.checked)}
            data-testid="discounts-archived"
          />{' '}
          {t('disc.show_archived')}
        </label>
        {total !== null && <span className="muted">{t('common.total').replace('{n}', String(total))}</span>}
        {manage && (
          <Link className="btn btn-primary" to="/discounts/new" data-testid="discount-new">
            {t('disc.new')}
          </Link>
        )}
      </div>
      {failure === 'error' && (
        <p className="banner banner-error" role="alert">
          {t('disc.load_failed')}
        </p>
      )}
      <div className="ctl-grid" style={{ height: 'calc(100vh - 220px)', minHeight: 360 }} data-testid="discounts-grid">
        <AgGridReact<DiscountRow>
          theme={catalogueGridTheme}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true }}
          rowModelType="infinite"
          cacheBlockSize={100}
          onGridReady={onGridReady}
          onRowClicked={onRowClicked}
          localeText={gridLocaleText(lang)}
          overlayNoRowsTemplate={t('disc.none')}
          getRowId={(p) => p.data.id}
        />
      </div>
    </section>
  );
}
