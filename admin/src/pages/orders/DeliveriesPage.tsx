import { Link } from 'react-router';
import { AllCommunityModule, ModuleRegistry, type ColDef, type ICellRendererParams } from 'ag-grid-community';
import type { MessageKey } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { OrderGridPage } from './grid';
import { codeLabel, SORTABLE, type DeliveryRow } from './orders';

ModuleRegistry.registerModules([AllCommunityModule]);

type T = (key: MessageKey) => string;

function columns(t: T): ColDef<DeliveryRow>[] {
  const date = (colId: 'placed_at' | 'shipped_at' | 'delivered_at', header: MessageKey): ColDef<DeliveryRow> => ({
    colId,
    headerName: t(header),
    width: 150,
    sortable: (SORTABLE as readonly string[]).includes(colId),
    valueGetter: (p) => formatDateTime(p.data?.[colId] ?? null),
  });
  return [
    {
      colId: 'number',
      headerName: t('ord.field.number'),
      width: 140,
      pinned: 'left',
      cellRenderer: (p: ICellRendererParams<DeliveryRow>) =>
        p.data ? (
          <Link to={`/orders/deliveries/${p.data.number}`} className="cell-link mono" data-testid={`delivery-${p.data.number}`}>
            {p.data.number}
          </Link>
        ) : (
          <span className="cell-loading" aria-hidden="true" />
        ),
    },
    date('placed_at', 'ord.field.placed_at'),
    {
      colId: 'method',
      headerName: t('ord.field.delivery_method'),
      width: 190,
      sortable: false,
      valueGetter: (p) => (p.data ? codeLabel('ord.method', p.data.method, t) : ''),
    },
    {
      colId: 'place',
      headerName: t('ord.field.place'),
      width: 220,
      sortable: false,
      valueGetter: (p) => (p.data ? [p.data.label, p.data.place_id ?? p.data.store_id].filter((part) => part).join(' · ') : ''),
    },
    { colId: 'city', headerName: t('ord.field.city'), width: 120, sortable: false, valueGetter: (p) => p.data?.city ?? '' },
    {
      colId: 'customer_name',
      headerName: t('ord.field.customer'),
      width: 180,
      sortable: false,
      valueGetter: (p) => p.data?.customer_name ?? '',
    },
    {
      colId: 'delivery_number',
      headerName: t('ord.field.delivery_number'),
      width: 160,
      sortable: false,
      cellClass: 'mono',
      valueGetter: (p) => p.data?.delivery_number ?? '',
    },
    {
      colId: 'delivery_status',
      headerName: t('ord.field.delivery_status'),
      width: 140,
      sortable: false,
      valueGetter: (p) => (p.data ? codeLabel('ord.delivery', p.data.delivery_status, t) : ''),
    },
    {
      colId: 'status',
      headerName: t('ord.field.status'),
      width: 160,
      valueGetter: (p) => (p.data ? codeLabel('ord.status', p.data.status, t) : ''),
    },
    date('shipped_at', 'ord.field.shipped_at'),
    date('delivered_at', 'ord.field.delivered_at'),
  ];
}

/** Spec 2's order delivery grid: each order's delivery over GET /api/admin/order-deliveries. */
export function DeliveriesPage() {
  return (
    <OrderGridPage<DeliveryRow>
      path="/api/admin/order-deliveries"
      titleId="deliveries-title"
      title="ord.deliveries"
      gridTestId="deliveries-grid"
      withUnfinished={false}
      columns={columns}
      detailPath={(number) => `/orders/deliveries/${number}`}
    />
  );
}
