import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type ColumnState,
  type GridApi,
  type GridReadyEvent,
  type ICellRendererParams,
  type CellKeyDownEvent,
  type IDatasource,
  type IGetRowsParams,
  type RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { isApiError, postJson } from '../api/client';
import { useT } from '../app/lang';
import type { Me } from '../app/session';
import { formatDateTime, formatMoney, timeZoneOf } from '../i18n/format';
import { statusLabel, type Lang, type MessageKey } from '../i18n';
import { gridLocaleText } from '../i18n/grid-locale';
import {
  clearColumnState,
  csvExportUrl,
  gridRequest,
  loadColumnState,
  mergeFilters,
  QUICK_STATUSES,
  saveColumnState,
  toggleStatus,
  type FilterModel,
  type SortModelItem,
} from '../lib/grid';
import { Forbidden } from './Forbidden';
import type { BuybackGridRow } from '@buyloop/contracts/buy-back/http';

ModuleRegistry.registerModules([AllCommunityModule]);

/** One row as the API answers it (AG Grid's infinite row model). */
export type BuybackRow = BuybackGridRow;

const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 12,
  headerFontWeight: 600,
  rowHeight: 34,
  headerHeight: 36,
  spacing: 6,
  accentColor: '#2454d6',
  borderRadius: 4,
  wrapperBorderRadius: 6,
  headerBackgroundColor: '#f4f6fa',
  oddRowBackgroundColor: '#fbfcfe',
});

const TEXT_FILTER = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains', 'equals'], maxNumConditions: 1 },
};
const NUMBER_FILTER = {
  filter: 'agNumberColumnFilter',
  filterParams: {
    filterOptions: ['equals', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'inRange'],
    maxNumConditions: 1,
  },
};
const DATE_FILTER = {
  filter: 'agDateColumnFilter',
  filterParams: { filterOptions: ['equals', 'lessThan', 'greaterThan', 'inRange'], maxNumConditions: 1 },
};

const FLAG_KEYS: Readonly<Record<string, MessageKey>> = {
  untouched_30_min: 'flag.untouched_30_min',
  revised_offer_expiring: 'flag.revised_offer_expiring',
  quarantined: 'flag.quarantined',
};

function columns(t: (key: MessageKey) => string, lang: Lang): ColDef<BuybackRow>[] {
  const money = (field: 'offered_price' | 'current_price' | 'final_price', header: MessageKey): ColDef<BuybackRow> => ({
    colId: field,
    field,
    headerName: t(header),
    type: 'rightAligned',
    headerTooltip: t(header),
    width: 115,
    ...NUMBER_FILTER,
    valueFormatter: (p) => (p.data ? formatMoney(p.data[field], p.data.currency) : ''),
  });
  return [
    {
      colId: 'buyout_number',
      field: 'buyout_number',
      headerName: t('col.number'),
      width: 150,
      pinned: 'left',
      ...TEXT_FILTER,
      cellRenderer: (p: ICellRendererParams<BuybackRow>) =>
        p.data ? (
          <Link
            to={`/buybacks/${encodeURIComponent(p.data.buyout_number)}`}
            data-testid={`open-${p.data.buyout_number}`}
            className="cell-link"
            // The grid is one Tab stop moved in by arrows; Enter on the row opens it (onCellKeyDown).
            tabIndex={-1}
          >
            {p.data.buyout_number}
          </Link>
        ) : (
          <span className="cell-loading" aria-hidden="true" />
        ),
    },
    {
      colId: 'created_at',
      field: 'created_at',
      headerName: t('col.created'),
      width: 150,
      ...DATE_FILTER,
      valueFormatter: (p) => (p.data ? formatDateTime(p.data.created_at, timeZoneOf(p.data.currency)) : ''),
    },
    { colId: 'device_label', field: 'device_label', headerName: t('col.device'), width: 200, ...TEXT_FILTER },
    { colId: 'imei', field: 'imei', headerName: t('col.imei'), width: 150, ...TEXT_FILTER, cellClass: 'mono' },
    {
      colId: 'declared_quality',
      field: 'declared_quality',
      headerName: t('col.declared'),
      headerTooltip: t('col.declared'),
      width: 80,
      filter: false,
    },
    {
      colId: 'inspected_quality',
      field: 'inspected_quality',
      headerName: t('col.inspected'),
      headerTooltip: t('col.inspected'),
      width: 80,
      filter: false,
    },
    money('offered_price', 'col.offered'),
    money('current_price', 'col.current'),
    money('final_price', 'col.final'),
    {
      colId: 'status',
      field: 'status',
      headerName: t('col.status'),
      width: 170,
      filter: false,
      cellRenderer: (p: ICellRendererParams<BuybackRow>) =>
        p.data ? (
          <span className={`status-badge status-${p.data.status}`} data-status={p.data.status}>
            {statusLabel(p.data.status, lang)}
          </span>
        ) : null,
    },
    {
      colId: 'customer_name',
      field: 'customer_name',
      headerName: t('col.customer'),
      width: 160,
      sortable: false,
      filter: false,
      valueFormatter: (p) => (p.data?.personal_data_erased ? '—' : (p.data?.customer_name ?? '')),
    },
    { colId: 'customer_city', field: 'customer_city', headerName: t('col.city'), width: 120, sortable: false, filter: false },
    {
      colId: 'days_in_status',
      field: 'days_in_status',
      headerName: t('col.days'),
      width: 100,
      type: 'rightAligned',
      filter: false,
    },
    {
      colId: 'flags',
      field: 'flags',
      headerName: t('col.flags'),
      width: 200,
      sortable: false,
      filter: false,
      cellRenderer: (p: ICellRendererParams<BuybackRow>) =>
        p.data ? (
          <span className="flags">
            {p.data.flags.map((flag) => (
              <span key={flag} className={`flag flag-${flag}`}>
                {FLAG_KEYS[flag] ? t(FLAG_KEYS[flag]) : flag}
              </span>
            ))}
            {p.data.personal_data_erased && <span className="flag flag-erased">{t('flag.erased')}</span>}
          </span>
        ) : null,
    },
  ];
}

const sortModelOf = (state: readonly ColumnState[]): SortModelItem[] =>
  state
    .filter((c) => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' }));

export function BuybacksPage({ user }: { user: Me }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const apiRef = useRef<GridApi<BuybackRow> | null>(null);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [quick, setQuick] = useState('');
  const [gridFilters, setGridFilters] = useState<FilterModel>({});
  const [sortModel, setSortModel] = useState<SortModelItem[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [failure, setFailure] = useState<'forbidden' | 'error' | null>(null);
  const current = useRef({ statuses, quick });
  current.current = { statuses, quick };

  // The search goes out 300 ms after the last key.
  useEffect(() => {
    const timer = setTimeout(() => setQuick(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params: IGetRowsParams) => {
        const { statuses: selected, quick: text } = current.current;
        const body = gridRequest(params.startRow, params.endRow, {
          sortModel: params.sortModel as SortModelItem[],
          filterModel: mergeFilters(params.filterModel as FilterModel, selected),
          quick: text,
        });
        postJson<{ rows: BuybackRow[]; lastRow: number }>('/api/admin/buybacks/query', body)
          .then((page) => {
            setFailure(null);
            setTotal(page.lastRow);
            params.successCallback(page.rows, page.lastRow);
          })
          .catch((error: unknown) => {
            setFailure(isApiError(error) && error.status === 403 ? 'forbidden' : 'error');
            params.failCallback();
          });
      },
    }),
    [],
  );

  // A new status selection or search starts the rows over.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apiRef.current?.purgeInfiniteCache();
    apiRef.current?.ensureIndexVisible(0, 'top');
  }, [statuses, quick]);

  const columnDefs = useMemo(() => columns(t, lang), [lang]);

  const saveState = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const state = api.getColumnState();
    saveColumnState(localStorage, user.user_id, state);
    setSortModel(sortModelOf(state));
  }, [user.user_id]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<BuybackRow>) => {
      apiRef.current = event.api;
      const saved = loadColumnState(localStorage, user.user_id);
      if (saved) event.api.applyColumnState({ state: saved as ColumnState[], applyOrder: true });
      setSortModel(sortModelOf(event.api.getColumnState()));
      event.api.setGridOption('datasource', datasource);
    },
    [datasource, user.user_id],
  );

  const resetColumns = () => {
    clearColumnState(localStorage, user.user_id);
    apiRef.current?.resetColumnState();
    setSortModel([]);
  };

  // Enter on a focused cell opens its buy-back, as a click on its row does.
  const onCellKeyDown = (event: CellKeyDownEvent<BuybackRow>) => {
    const key = (event.event as KeyboardEvent | null | undefined)?.key;
    if (key === 'Enter' && event.data) void navigate(`/buybacks/${encodeURIComponent(event.data.buyout_number)}`);
  };

  const onRowClicked = (event: RowClickedEvent<BuybackRow>) => {
    const target = event.event?.target;
    if (target instanceof HTMLElement && target.closest('a')) return;
    if (event.data) void navigate(`/buybacks/${encodeURIComponent(event.data.buyout_number)}`);
  };

  const query = { sortModel, filterModel: mergeFilters(gridFilters, statuses), quick };

  if (failure === 'forbidden') return <Forbidden />;

  return (
    <section className="page page-grid" aria-labelledby="grid-title">
      <div className="page-head">
        <h1 id="grid-title">{t('grid.title')}</h1>
        {total !== null && (
          <span className="muted" aria-live="polite">
            {t('grid.count', { n: total })}
          </span>
        )}
        <div className="page-head-actions">
          <button type="button" className="btn btn-ghost" onClick={resetColumns}>
            {t('grid.reset_columns')}
          </button>
          <a className="btn" href={csvExportUrl(query)} data-testid="grid-export" download>
            {t('grid.export')}
          </a>
        </div>
      </div>
      <div className="toolbar">
        <label className="search">
          <span className="visually-hidden">{t('grid.search')}</span>
          <input
            type="search"
            data-testid="grid-search"
            placeholder={t('grid.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setQuick(search);
            }}
          />
        </label>
        <div className="chips" role="group" aria-label={t('grid.status_filter')}>
          <button
            type="button"
            className={`chip${statuses.length === 0 ? ' on' : ''}`}
            aria-pressed={statuses.length === 0}
            data-testid="status-filter-all"
            onClick={() => setStatuses([])}
          >
            {t('grid.all')}
          </button>
          {QUICK_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className={`chip chip-${status}${statuses.includes(status) ? ' on' : ''}`}
              aria-pressed={statuses.includes(status)}
              data-testid={`status-filter-${status}`}
              onClick={() => setStatuses((selected) => toggleStatus(selected, status))}
            >
              {statusLabel(status, lang)}
            </button>
          ))}
        </div>
      </div>
      {failure === 'error' && (
        <div className="banner banner-error" role="alert">
          {t('app.error')}{' '}
          <button type="button" className="btn btn-small" onClick={() => apiRef.current?.purgeInfiniteCache()}>
            {t('app.retry')}
          </button>
        </div>
      )}
      <div className="grid-wrap">
        <AgGridReact<BuybackRow>
          key={lang}
          localeText={gridLocaleText(lang)}
          theme={gridTheme}
          rowModelType="infinite"
          cacheBlockSize={100}
          maxBlocksInCache={20}
          maxConcurrentDatasourceRequests={2}
          infiniteInitialRowCount={1}
          getRowId={(p) => p.data.buyout_number}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true, suppressHeaderMenuButton: false }}
          onGridReady={onGridReady}
          onSortChanged={saveState}
          onColumnMoved={(e) => {
            if (e.finished) saveState();
          }}
          onColumnResized={(e) => {
            if (e.finished) saveState();
          }}
          onColumnVisible={saveState}
          onColumnPinned={saveState}
          onFilterChanged={(e) => setGridFilters(e.api.getFilterModel() as FilterModel)}
          onRowClicked={onRowClicked}
          onCellKeyDown={onCellKeyDown}
          // Tab leaves the grid (the browser moves on) instead of walking every header and cell: the arrows
          // move inside it. Without this a keyboard user was trapped among hundreds of cells.
          tabToNextCell={() => false}
          tabToNextHeader={() => false}
          rowClass="clickable-row"
          animateRows={false}
          tooltipShowDelay={300}
        />
      </div>
    </section>
  );
}
