import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GridApi, GridReadyEvent, IDatasource, IGetRowsParams } from 'ag-grid-community';
import { getJson, isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { ORDER_STATUSES, codeLabel, isOrderNumber, orderGridUrl, type OrderGridQuery } from './orders';

/**
 * AG Grid's infinite model over one of the order grids: each block asks the
 * API with the grid's sort and the toolbar's filters; a change of the
 * filters starts the grid over.
 */
export function useOrderGrid<Row>(path: '/api/admin/orders' | '/api/admin/order-deliveries', query: OrderGridQuery) {
  const apiRef = useRef<GridApi<Row> | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [failure, setFailure] = useState<'forbidden' | 'error' | null>(null);
  const current = useRef(query);
  current.current = query;

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params: IGetRowsParams) => {
        const url = orderGridUrl(path, params, params.sortModel as { colId: string; sort: 'asc' | 'desc' }[], current.current);
        getJson<{ rows: Row[]; lastRow: number }>(url)
          .then((page) => {
            setFailure(null);
            setTotal(page.lastRow);
            params.successCallback(page.rows, page.lastRow);
            if (page.lastRow === 0) apiRef.current?.showNoRowsOverlay();
            else apiRef.current?.hideOverlay();
          })
          .catch((error: unknown) => {
            setFailure(isApiError(error) && error.status === 403 ? 'forbidden' : 'error');
            params.failCallback();
          });
      },
    }),
    [path],
  );

  // A number still being typed changes nothing the API is asked: the grid starts over only for whole ones.
  const key = `${query.statuses.join(',')}|${isOrderNumber(query.number) ? query.number.trim() : ''}|${query.unfinished}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apiRef.current?.purgeInfiniteCache();
  }, [key]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<Row>) => {
      apiRef.current = event.api;
      event.api.setGridOption('datasource', datasource);
    },
    [datasource],
  );
  return { onGridReady, total, failure };
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
