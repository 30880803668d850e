import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type IGetRowsParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { getJson, isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { errorText } from '../../i18n';
import { gridLocaleText } from '../../i18n/grid-locale';
import { changeAssignment } from './api';
import { mastersUrl, type AssignmentMasterRow, type MastersPage } from './masters';
import { pathLabel, type CategoryRow } from './tree';

ModuleRegistry.registerModules([AllCommunityModule]);

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

type Notice = { readonly kind: 'success' | 'error' | 'info'; readonly text: string; readonly detail?: string };

/**
 * The product-to-category assignment grid (spec 2): the master products in
 * AG Grid's infinite model (sorted and filtered on the server), several
 * selected at once, put into or taken out of the chosen categories.
 */
export function AssignmentPanel({
  rows,
  treeState,
  canManage,
  onRetry,
  onChanged,
}: {
  rows: readonly CategoryRow[];
  treeState: 'loading' | 'error' | 'ready';
  canManage: boolean;
  onRetry: () => void;
  onChanged: () => Promise<void>;
}) {
  const { t, lang } = useT();
  const apiRef = useRef<GridApi<AssignmentMasterRow> | null>(null);
  const [masters, setMasters] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [categoryFilter, setCategoryFilter] = useState('');
  const [shownIn, setShownIn] = useState('');
  const [search, setSearch] = useState('');
  const [quick, setQuick] = useState('');
  const [total, setTotal] = useState<number | null>(null);
  const [gridFailed, setGridFailed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const query = useRef({ shownIn, quick });
  query.current = { shownIn, quick };

  const names = useMemo(() => new Map(rows.map((row) => [row.id, row.name])), [rows]);
  const paths = useMemo(() => new Map(rows.map((row) => [row.id, pathLabel(row)])), [rows]);

  useEffect(() => {
    const timer = setTimeout(() => setQuick(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params: IGetRowsParams) => {
        const url = mastersUrl(params, query.current);
        getJson<MastersPage>(url)
          .then((page) => {
            setGridFailed(false);
            setTotal(page.total);
            params.successCallback([...page.rows], page.total);
          })
          .catch(() => {
            setGridFailed(true);
            params.failCallback();
          });
      },
    }),
    [],
  );

  // Another category to show or another search starts the rows over.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apiRef.current?.purgeInfiniteCache();
  }, [shownIn, quick]);

  const columnDefs = useMemo<ColDef<AssignmentMasterRow>[]>(
    () => [
      { colId: 'name', field: 'name', headerName: t('categories.col_name'), flex: 2, minWidth: 180, sortable: true },
      {
        colId: 'manufacturer',
        headerName: t('categories.col_manufacturer'),
        valueGetter: (p) => p.data?.manufacturer_name ?? p.data?.manufacturer_id ?? '',
        flex: 1,
        minWidth: 120,
        sortable: false,
      },
      {
        colId: 'type_device',
        headerName: t('categories.col_type_device'),
        valueGetter: (p) => p.data?.type_device_name ?? p.data?.type_device_id ?? '',
        flex: 1,
        minWidth: 110,
        sortable: false,
      },
      {
        colId: 'category_ids',
        headerName: t('categories.col_categories'),
        valueGetter: (p) => (p.data?.category_ids ?? []).map((id) => names.get(id) ?? id).join(', '),
        tooltipValueGetter: (p) => (p.data?.category_ids ?? []).map((id) => paths.get(id) ?? id).join('\n'),
        flex: 2,
        minWidth: 160,
        sortable: false,
      },
    ],
    [lang, names, paths],
  );

  const onGridReady = (event: GridReadyEvent<AssignmentMasterRow>) => {
    apiRef.current = event.api;
    event.api.setGridOption('datasource', datasource);
  };

  const submit = async (direction: 'assign' | 'unassign') => {
    setNotice(null);
    // Spec 5: nothing happens without a selection on both sides; the server says the same.
    if (masters.length === 0 || categories.length === 0) {
      setNotice({ kind: 'error', text: errorText('catalogue.category.selection_required', lang) });
      return;
    }
    setBusy(true);
    try {
      const result = await changeAssignment(direction, { masterProductIds: masters, typeCategoryIds: categories });
      apiRef.current?.refreshInfiniteCache();
      await onChanged();
      setNotice(
        result.changed ? { kind: 'success', text: t('categories.saved') } : { kind: 'info', text: t('categories.unchanged') },
      );
    } catch (caught) {
      const detail = isApiError(caught)
        ? Object.values(caught.problem.messages ?? {})
            .flat()
            .join(' ') || caught.problem.title
        : undefined;
      setNotice({ kind: 'error', text: t('categories.save_failed'), ...(detail ? { detail } : {}) });
    } finally {
      setBusy(false);
    }
  };

  const needle = categoryFilter.trim().toLocaleLowerCase();
  const offered = rows.filter((row) => needle === '' || pathLabel(row).toLocaleLowerCase().includes(needle));

  return (
    <div className="cat-assign">
      <p className="muted">{t('categories.assign_intro')}</p>
      {notice && (
        <div
          className={`banner ${notice.kind === 'success' ? 'banner-success' : notice.kind === 'info' ? 'banner-warning' : 'banner-error'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="assignment-notice"
          data-kind={notice.kind}
        >
          <p>{notice.text}</p>
          {notice.detail && <p>{notice.detail}</p>}
        </div>
      )}
      <div className="cat-assign-layout">
        <div className="card cat-assign-grid">
          <div className="toolbar">
            <label className="search">
              <span className="visually-hidden">{t('categories.search_products')}</span>
              <input
                type="search"
                placeholder={t('categories.search_products')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                data-testid="assignment-search"
              />
            </label>
            <label className="inline-field">
              <span>{t('categories.show_in')}</span>
              <select value={shownIn} onChange={(e) => setShownIn(e.target.value)} data-testid="assignment-show-in">
                <option value="">{t('categories.all_products')}</option>
                {rows.map((row) => (
                  <option key={row.id} value={row.id}>
                    {pathLabel(row)}
                  </option>
                ))}
              </select>
            </label>
            {total !== null && (
              <span className="muted small" aria-live="polite">
                {t('categories.products_total', { n: total })}
              </span>
            )}
          </div>
          {gridFailed && (
            <div className="banner banner-error" role="alert">
              <p>{t('categories.grid_failed')}</p>
              <button type="button" className="btn btn-small" onClick={() => apiRef.current?.purgeInfiniteCache()}>
                {t('app.retry')}
              </button>
            </div>
          )}
          <div className="grid-wrap cat-grid" data-testid="assignment-grid">
            <AgGridReact<AssignmentMasterRow>
              key={lang}
              localeText={gridLocaleText(lang)}
              theme={gridTheme}
              rowModelType="infinite"
              cacheBlockSize={100}
              maxBlocksInCache={20}
              maxConcurrentDatasourceRequests={2}
              infiniteInitialRowCount={1}
              getRowId={(p) => p.data.id}
              columnDefs={columnDefs}
              defaultColDef={{ resizable: true, filter: false }}
              rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: true }}
              onSelectionChanged={(event) => setMasters(event.api.getSelectedRows().map((row) => row.id))}
              onGridReady={onGridReady}
              animateRows={false}
              tooltipShowDelay={300}
            />
          </div>
        </div>

        <div className="card cat-assign-side">
          <fieldset className="field cat-assign-categories">
            <legend>{t('categories.assign_categories')}</legend>
            <input
              type="search"
              placeholder={t('categories.assign_filter')}
              aria-label={t('categories.assign_filter')}
              value={categoryFilter}
              onChange={(e) => setCategoryFilter(e.target.value)}
            />
            <div className="cat-assign-list" data-testid="assignment-categories">
              {treeState === 'loading' && <span className="muted small">{t('app.loading')}</span>}
              {treeState === 'error' && (
                <div className="banner banner-error" role="alert">
                  <p>{t('categories.load_failed')}</p>
                  <button type="button" className="btn btn-small" onClick={onRetry}>
                    {t('app.retry')}
                  </button>
                </div>
              )}
              {treeState === 'ready' && rows.length === 0 && <span className="muted small">{t('categories.empty')}</span>}
              {offered.map((row) => (
                <label key={row.id} className="inline-field" style={{ paddingLeft: `${(row.depth - 1) * 0.9}rem` }}>
                  <input
                    type="checkbox"
                    value={row.id}
                    checked={categories.includes(row.id)}
                    onChange={(e) =>
                      setCategories((chosen) => (e.target.checked ? [...chosen, row.id] : chosen.filter((id) => id !== row.id)))
                    }
                    data-testid={`assignment-category-${row.id}`}
                  />
                  <span title={pathLabel(row)}>{row.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="muted small" aria-live="polite" data-testid="assignment-summary">
            {t('categories.assign_summary', { products: masters.length, categories: categories.length })}
          </p>
          {canManage && (
            <div className="form-buttons cat-assign-buttons">
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => void submit('assign')}
                data-testid="assignment-assign"
              >
                {t('categories.assign')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void submit('unassign')}
                data-testid="assignment-unassign"
              >
                {t('categories.unassign')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={busy || (masters.length === 0 && categories.length === 0)}
                onClick={() => {
                  apiRef.current?.deselectAll();
                  setCategories([]);
                  setNotice(null);
                }}
              >
                {t('categories.clear_selection')}
              </button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
