import { z } from 'zod';
import {
  fold,
  handleCommand,
  IllegalState,
  systemActor,
  type Deliverer,
  type Market,
  type ProcessManager,
  type StreamStore,
} from '@buyloop/kit';
import {
  orderDecider,
  orderNumberOfStream,
  orderStream,
  type OrderEvent,
  type PackingFacts,
  type SplitIntoPackages,
} from '@buyloop/cart';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import type { DocumentStore } from '@buyloop/document-store';
import { SHOP_PRODUCTS_COLLECTION } from '../catalogue-offers';

export interface PackingWork {
  readonly order_number: string;
  readonly at: string;
}

export const ORDER_PACKAGES_PROCESS = 'order-packages';

/** The two flags packing needs, from the catalogue's published shop read model (a context never imports another). */
const productFlagsSchema = z.object({
  product: z.object({ electronic_licence: z.boolean().optional(), external_stock: z.boolean().optional() }).nullish(),
});

/**
 * A confirmed order (paid, or placed for cash on delivery) is split into its
 * packages: the catalogue is asked which products are licences and which are
 * a supplier's stock, and the order's decider does the rest. The work's id is
 * the event's, and a second split records nothing.
 */
export const orderPackagesProcess: ProcessManager<PackingWork> = {
  name: ORDER_PACKAGES_PROCESS,
  handles: ['OrderConfirmed'],
  react(event) {
    const number = orderNumberOfStream(event.stream);
    if (number === null) return [];
    const data = event.data as { readonly at?: unknown };
    return [
      {
        id: event.id,
        payload: { order_number: number, at: typeof data.at === 'string' ? data.at : event.recordedAt.toISOString() },
      },
    ];
  },
};

export interface OrderPackagesDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly documents: Pick<DocumentStore, 'getMany'>;
  readonly collection: (projection: string) => Promise<string>;
}

export function orderPackagesDeliverer(deps: OrderPackagesDeps): Deliverer<PackingWork> {
  /** Facts per code; the catalogue not running in this process (a test of the cart alone) knows none. */
  async function factsOf(codes: readonly string[]): Promise<Record<string, PackingFacts>> {
    let collection: string;
    try {
      collection = await deps.collection(SHOP_PRODUCTS_COLLECTION);
    } catch {
      return {};
    }
    const found = await deps.documents.getMany(collection, [...new Set(codes)]);
    const facts: Record<string, PackingFacts> = {};
    for (const [code, raw] of found) {
      // A document of another shape is the catalogue's to fix: packed as ordinary stock, rather than never packed.
      const parsed = productFlagsSchema.safeParse(raw);
      const product = parsed.success ? parsed.data.product : null;
      facts[code] = {
        electronic_licence: product?.electronic_licence === true,
        external_stock: product?.external_stock === true,
      };
    }
    return facts;
  }

  return {
    async deliver({ payload }) {
      const stream = orderStream(payload.order_number);
      const state = fold(orderDecider, (await deps.events.readStream(stream)) as unknown as readonly OrderEvent[]);
      if (!state.placed) return { outcome: 'dropped', reason: `No order ${payload.order_number}` };
      const command: SplitIntoPackages = {
        type: 'SplitIntoPackages',
        products: await factsOf(state.placed.items.map((line) => line.product)),
        at: payload.at,
      };
      try {
        const result = await handleCommand(deps.events, orderDecider, stream, command, {
          actor: systemActor,
          market: deps.market,
          retry: { attempts: 5 },
        });
        return { outcome: 'delivered', reference: result.checkpoint };
      } catch (error) {
        if (error instanceof IllegalState && error.code === ORDER_ERROR_CODES.notPlaced)
          return { outcome: 'dropped', reason: `No order ${payload.order_number}` };
        throw error;
      }
    },
  };
}
