import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ColDef, RowClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { getJson } from '../../api/client';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { gridLocaleText } from '../../i18n/grid-locale';
import { useInfiniteGrid } from '../../lib/infinite-grid';
import { Forbidden } from '../Forbidden';
import { catalogueGridTheme } from '../catalogue/grid-theme';
import { ORDER_STATUSES, codeLabel, isOrderNumber, orderGridUrl, type OrderGridQuery } from './orders';

/**
 * AG Grid's infinite model over one of the order grids: each block asks the
 * API with the grid's sort and the toolbar's filters; a change of the
 * filters starts the grid over.
 */
export function useOrderGrid<Row>(path: '/api/admin/orders' | '/api/admin/order-deliveries', query: OrderGridQuery) {
  // A number still being typed changes nothing the API is asked: the grid starts over only for whole ones.
  const key = `${query.statuses.join(',')}|${isOrderNumber(query.number) ? query.number.trim() : ''}|${query.unfinished}`;
  return useInfiniteGrid<Row>(
    (params) =>
      getJson<{ rows: Row[]; lastRow: number }>(
        orderGridUrl(path, params, params.sortModel as { colId: string; sort: 'asc' | 'desc' }[], query),
      ).then((page) => ({ rows: page.rows, total: page.lastRow })),
    key,
  );
}

/**
 * One page of the orders section over an order grid: the title, the toolbar's
 * filters and the total, the hint for a half-typed number, and rows that open
 * their detail. Orders and deliveries differ only in what is passed here.
 */
export function OrderGridPage<Row extends { number: string }>({
  path,
  titleId,
  title,
  gridTestId,
  withUnfinished,
  columns,
  detailPath,
}: {
  path: '/api/admin/orders' | '/api/admin/order-deliveries';
  titleId: string;
  title: MessageKey;
  gridTestId: string;
  withUnfinished: boolean;
  columns: (t: (key: MessageKey) => string) => ColDef<Row>[];
  detailPath: (number: string) => string;
}) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState<OrderGridQuery>({ statuses: [], number: '', unfinished: false });
  const grid = useOrderGrid<Row>(path, query);
  const columnDefs = useMemo(() => columns(t), [lang]);

  const onRowClicked = (event: RowClickedEvent<Row>) => {
    const target = event.event?.target;
    if (target instanceof HTMLElement && target.closest('a')) return;
    if (event.data) void navigate(detailPath(event.data.number));
  };

  if (grid.failure === 'forbidden') return <Forbidden />;
  const typed = query.number.trim();
  return (
    <section aria-labelledby={titleId} className="ord-page">
      <div className="toolbar">
        <h1 id={titleId}>{t(title)}</h1>
        <OrderFilters query={query} onChange={setQuery} withUnfinished={withUnfinished} />
        {grid.total !== null && <span className="muted">{t('common.total').replace('{n}', String(grid.total))}</span>}
      </div>
      {typed !== '' && !isOrderNumber(typed) && <p className="muted">{t('ord.number_hint')}</p>}
      {grid.failure === 'error' && (
        <p className="banner banner-error" role="alert">
          {t('ord.load_failed')}
        </p>
      )}
      <div className="ord-grid" data-testid={gridTestId}>
        <AgGridReact<Row>
          theme={catalogueGridTheme}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true, filter: false }}
          rowModelType="infinite"
          cacheBlockSize={50}
          onGridReady={grid.onGridReady}
          onRowClicked={onRowClicked}
          rowClass="clickable-row"
          localeText={gridLocaleText(lang)}
          overlayNoRowsTemplate={t('ord.none')}
          getRowId={(p) => p.data.number}
        />
      </div>
    </section>
  );
}

/** The toolbar's filters shared by both grids: the order's number, its status and (orders only) spec 9's flag. */
export function OrderFilters({
  query,
  onChange,
  withUnfinished,
}: {
  query: OrderGridQuery;
  onChange: (query: OrderGridQuery) => void;
  withUnfinished: boolean;
}) {
  const { t } = useT();
  const typed = query.number.trim();
  return (
    <>
      <label className="ctl-filter">
        <span className="visually-hidden">{t('ord.field.number')}</span>
        <input
          type="search"
          inputMode="numeric"
          maxLength={10}
          value={query.number}
          placeholder={t('ord.field.number')}
          aria-invalid={typed !== '' && !isOrderNumber(typed) ? true : undefined}
          onChange={(e) => onChange({ ...query, number: e.target.value })}
          data-testid="orders-number"
        />
      </label>
      <label className="ctl-filter">
        <span className="visually-hidden">{t('ord.field.status')}</span>
        <select
          value={query.statuses[0] ?? ''}
          onChange={(e) => onChange({ ...query, statuses: e.target.value ? [e.target.value] : [] })}
          data-testid="orders-status"
        >
          <option value="">{t('ord.all_statuses')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {codeLabel('ord.status', status, t)}
            </option>
          ))}
        </select>
      </label>
      {withUnfinished && (
        <label className="ctl-check">
          <input
            type="checkbox"
            checked={query.unfinished}
            onChange={(e) => onChange({ ...query, unfinished: e.target.checked })}
            data-testid="orders-unfinished"
          />{' '}
          {t('ord.unfinished_only')}
        </label>
      )}
    </>
  );
}
