import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AllCommunityModule,
  ModuleRegistry,
  type ColDef,
  type ICellRendererParams,
  type RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { formatDateTime, formatMoney, timeZoneOf } from '../../i18n/format';
import { gridLocaleText } from '../../i18n/grid-locale';
import { Forbidden } from '../Forbidden';
import { catalogueGridTheme } from '../catalogue/grid-theme';
import { OrderFilters, useOrderGrid } from './grid';
import { codeLabel, customerLabel, isOrderNumber, SORTABLE, type OrderGridQuery, type OrderRow } from './orders';

ModuleRegistry.registerModules([AllCommunityModule]);

type T = (key: MessageKey) => string;

const sortable = (colId: string) => (SORTABLE as readonly string[]).includes(colId);

function columns(t: T): ColDef<OrderRow>[] {
  const coded = (colId: keyof OrderRow & string, prefix: string, header: MessageKey, width: number): ColDef<OrderRow> => ({
    colId,
    headerName: t(header),
    width,
    sortable: sortable(colId),
    valueGetter: (p) => (p.data ? codeLabel(prefix, String(p.data[colId]), t) : ''),
  });
  return [
    {
      colId: 'number',
      headerName: t('ord.field.number'),
      width: 170,
      pinned: 'left',
      cellRenderer: (p: ICellRendererParams<OrderRow>) =>
        p.data ? (
          <span className="ord-number-cell">
            <Link to={`/orders/${p.data.number}`} className="cell-link mono" data-testid={`order-${p.data.number}`}>
              {p.data.number}
            </Link>
            {p.data.unfinished && (
              <span className="flag" title={t('ord.unfinished_hint')} data-testid="flag-unfinished">
                {t('ord.unfinished')}
              </span>
            )}
          </span>
        ) : (
          <span className="cell-loading" aria-hidden="true" />
        ),
    },
    {
      colId: 'placed_at',
      headerName: t('ord.field.placed_at'),
      width: 150,
      valueGetter: (p) => (p.data ? formatDateTime(p.data.placed_at, timeZoneOf(p.data.currency)) : ''),
    },
    {
      colId: 'customer_name',
      headerName: t('ord.field.customer'),
      width: 240,
      sortable: false,
      valueGetter: (p) => (p.data ? customerLabel(p.data.customer_name, p.data.company) : ''),
    },
    {
      colId: 'total',
      headerName: t('ord.field.total'),
      width: 120,
      type: 'rightAligned',
      valueGetter: (p) => (p.data ? formatMoney(p.data.total, p.data.currency) : ''),
    },
    coded('status', 'ord.status', 'ord.field.status', 170),
    coded('payment_method', 'ord.pay', 'ord.field.payment_method', 150),
    coded('payment_status', 'ord.payment', 'ord.field.payment_status', 160),
    coded('delivery_method', 'ord.method', 'ord.field.delivery_method', 190),
    coded('delivery_status', 'ord.delivery', 'ord.field.delivery_status', 140),
    {
      colId: 'delivery_number',
      headerName: t('ord.field.delivery_number'),
      width: 160,
      sortable: false,
      cellClass: 'mono',
      valueGetter: (p) => p.data?.delivery_number ?? '',
    },
  ];
}

/** The order grid: AG Grid's infinite model over GET /api/admin/orders, sorted and filtered by the server. */
export function OrdersPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState<OrderGridQuery>({ statuses: [], number: '', unfinished: false });
  const grid = useOrderGrid<OrderRow>('/api/admin/orders', query);
  const columnDefs = useMemo(() => columns(t), [lang]);

  const onRowClicked = (event: RowClickedEvent<OrderRow>) => {
    const target = event.event?.target;
    if (target instanceof HTMLElement && target.closest('a')) return;
    if (event.data) void navigate(`/orders/${event.data.number}`);
  };

  if (grid.failure === 'forbidden') return <Forbidden />;
  const typed = query.number.trim();
  return (
    <section aria-labelledby="orders-title" className="ord-page">
      <div className="toolbar">
        <h1 id="orders-title">{t('ord.title')}</h1>
        <OrderFilters query={query} onChange={setQuery} withUnfinished />
        {grid.total !== null && <span className="muted">{t('common.total').replace('{n}', String(grid.total))}</span>}
      </div>
      {typed !== '' && !isOrderNumber(typed) && <p className="muted">{t('ord.number_hint')}</p>}
      {grid.failure === 'error' && (
        <p className="banner banner-error" role="alert">
          {t('ord.load_failed')}
        </p>
      )}
      <div className="ord-grid" data-testid="orders-grid">
        <AgGridReact<OrderRow>
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
