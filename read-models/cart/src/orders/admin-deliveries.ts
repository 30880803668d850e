import { z } from 'zod';
import type { OrderService } from '@buyloop/cart';
import { adminOrderQuerySchema, ORDER_SORT_FIELDS, ORDER_STATUSES } from '@buyloop/contracts/cart/orders';
import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput, type Clock } from '@buyloop/kit';
import { customerOf, deliveryDetailsOf, mapLimited, STREAM_READS_AT_ONCE } from './admin-orders';
import { findOrderPage, type AdminQueryDeps } from './admin-query';

export interface OrderDeliveryRouteDeps extends AdminQueryDeps {
  readonly orders: Pick<OrderService, 'state'>;
  readonly clock: Clock;
}

const orderDeliveryRowSchema = z
  .strictObject({
    number: z.string(),
    status: z.enum(ORDER_STATUSES).meta({ description: 'The order’s status' }),
    placed_at: z.string(),
    method: z.string(),
    label: z.string(),
    delivery_status: z.string(),
    delivery_number: z.string().nullable().meta({ description: 'The carrier’s shipment number, once shipped' }),
    place_id: z.string().nullable(),
    store_id: z.string().nullable(),
    city: z.string().nullable(),
    customer_name: z.string(),
    shipped_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'OrderDeliveryRow' });

const orderDeliveryPageSchema = z
  .strictObject({ rows: z.array(orderDeliveryRowSchema), lastRow: z.number().int() })
  .meta({ id: 'OrderDeliveryPage' });

/**
 * Spec 2's order delivery grid: each order's delivery (method, pickup place
 * or store, shipment number, status, when it was shipped and delivered). Its
 * detail is the order's own (`GET /api/admin/orders/{number}`, delivery_details).
 */
export function orderDeliveryRoutes(admin: SecuredRouter, deps: OrderDeliveryRouteDeps): void {
  admin.get(
    '/api/admin/order-deliveries',
    'orders.read',
    {
      summary: 'The order delivery grid (AG Grid’s infinite row model)',
      description: `The same paging, sortModel (${ORDER_SORT_FIELDS.join(', ')}) and filterModel (the order's status, its number) as the order grid; each row is the order's delivery.`,
      query: adminOrderQuerySchema,
      responses: { 200: json('A page of deliveries and how many match', orderDeliveryPageSchema) },
    },
    async (req, res) => {
      const query = parseInput(adminOrderQuerySchema, req.query);
      const page = await findOrderPage(deps, query, deps.clock());
      // Place, store, dates and the name are in the order's stream, not in the read model.
      const states = await mapLimited(page.documents, STREAM_READS_AT_ONCE, (document) => deps.orders.state(document.number));
      res.set('Cache-Control', 'no-store').json({
        rows: page.documents.map((document, index) => {
          const state = states[index];
          const details = state ? deliveryDetailsOf(state) : null;
          return {
            number: document.number,
            status: document.status,
            placed_at: document.placed_at,
            method: document.delivery.method,
            label: document.delivery.label,
            delivery_status: document.delivery.status,
            delivery_number: document.delivery.number ?? null,
            place_id: details?.place_id ?? null,
            store_id: details?.store_id ?? null,
            city: details?.city ?? null,
            customer_name: customerOf(state?.placed ?? null).customer_name,
            shipped_at: details?.shipped_at ?? null,
            delivered_at: details?.delivered_at ?? null,
          };
        }),
        lastRow: page.total,
      });
    },
  );
}
