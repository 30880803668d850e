import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GridApi, GridReadyEvent, IDatasource, IGetRowsParams } from 'ag-grid-community';
import { isApiError } from '../api/client';

/** One block of rows as the back office's grid endpoints answer it: the rows and how many match in all. */
export interface GridPage<Row> {
  readonly rows: Row[];
  readonly total: number;
}

/**
 * AG Grid's infinite model over one server-sorted, server-filtered list: each
 * block is fetched with the toolbar's current filters, and a change of
 * `restartOn` starts the grid over. The fetch is read through a ref so the
 * datasource stays the one handed to the grid at start, yet always sees the
 * latest filters.
 */
export function useInfiniteGrid<Row>(
  fetchPage: (params: IGetRowsParams) => Promise<GridPage<Row>>,
  restartOn: unknown,
  options: { scrollToTopOnRestart?: boolean } = {},
) {
  const apiRef = useRef<GridApi<Row> | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [failure, setFailure] = useState<'forbidden' | 'error' | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params: IGetRowsParams) => {
        fetchRef
          .current(params)
          .then((page) => {
            setFailure(null);
            setTotal(page.total);
            params.successCallback(page.rows, page.total);
            if (page.total === 0) apiRef.current?.showNoRowsOverlay();
            else apiRef.current?.hideOverlay();
          })
          .catch((error: unknown) => {
            setFailure(isApiError(error) && error.status === 403 ? 'forbidden' : 'error');
            params.failCallback();
          });
      },
    }),
    [],
  );

  // The grid fetches its first block itself once ready: starting over on the first render would ask twice.
  const first = useRef(true);
  const scrollToTop = options.scrollToTopOnRestart === true;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apiRef.current?.purgeInfiniteCache();
    if (scrollToTop) apiRef.current?.ensureIndexVisible(0, 'top');
  }, [restartOn]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<Row>) => {
      apiRef.current = event.api;
      event.api.setGridOption('datasource', datasource);
    },
    [datasource],
  );
  return { apiRef, onGridReady, total, failure };
}
