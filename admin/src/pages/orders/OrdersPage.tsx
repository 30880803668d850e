import { Link } from 'react-router';
import { AllCommunityModule, ModuleRegistry, type ColDef, type ICellRendererParams } from 'ag-grid-community';
import type { MessageKey } from '../../i18n';
import { formatDateTime, formatMoney, timeZoneOf } from '../../i18n/format';
import { OrderGridPage } from './grid';
import { codeLabel, customerLabel, SORTABLE, type OrderRow } from './orders';

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
  return (
    <OrderGridPage<OrderRow>
      path="/api/admin/orders"
      titleId="orders-title"
      title="ord.title"
      gridTestId="orders-grid"
      withUnfinished
      columns={columns}
      detailPath={(number) => `/orders/${number}`}
    />
  );
}
