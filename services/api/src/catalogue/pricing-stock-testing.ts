/** Set-up shared by the pricing and stock API tests. */
import { systemActor } from '@buyloop/kit';
import type { Shop } from '../identity/harness';

/** The stock area's per-product read model, which folds the products area's events too. */
const PRODUCT_STOCK_PROJECTION = 'catalogue_stock';

/**
 * A catalogue product as the products area publishes it: the pinned
 * CatalogueProductCreated event in `product-<code>` (pricing and stock only
 * read that stream). Written straight to the event store because the API
 * package does not depend on the catalogue's write side.
 */
export async function catalogueProduct(
  shop: Shop,
  code: string,
  flags: { readonly preOrder?: boolean; readonly externalStock?: boolean } = {},
): Promise<void> {
  const appended = await shop.events.append(
    `product-${code}`,
    [
      {
        type: 'CatalogueProductCreated',
        data: {
          code,
          masterProductId: 'test-master',
          ean: null,
          colour: 'Black',
          capacity: '128 GB',
          quality: 'new',
          grade: null,
          longName: `Test phone ${code}`,
          shortName: `Test ${code}`,
          vatRate: 21,
          preOrder: flags.preOrder ?? false,
          electronicLicence: false,
          externalStock: flags.externalStock ?? false,
          legalWarrantyMonths: 24,
          kind: 'device',
          extensionMonths: null,
          at: shop.time.clock().toISOString(),
        },
      },
    ],
    { expectedVersion: 'no_stream', actor: systemActor, market: 'cz' },
  );
  await shop.projector.waitFor(PRODUCT_STOCK_PROJECTION, appended.checkpoint, 10_000);
}

export async function discontinueProduct(shop: Shop, code: string): Promise<void> {
  const appended = await shop.events.append(
    `product-${code}`,
    [{ type: 'CatalogueProductDiscontinued', data: { code, reason: 'End of line', at: shop.time.clock().toISOString() } }],
    { actor: systemActor, market: 'cz' },
  );
  await shop.projector.waitFor(PRODUCT_STOCK_PROJECTION, appended.checkpoint, 10_000);
}

interface Handles {
  readonly pricing: { tick(): Promise<{ readonly marked: readonly string[] }> };
  readonly stock: {
    tick(): Promise<{ readonly expired: readonly string[]; readonly completedTransfers: readonly string[] }>;
    defineDemoLocations(): Promise<readonly string[]>;
  };
}

/** The pricing and stock areas' handles (their jobs' rounds, the demo locations). */
export const catalogueHandles = (shop: Shop): Handles => {
  if (!shop.catalogue) throw new Error('Open the shop with { catalogue: true }');
  return { pricing: shop.catalogue.pricing as Handles['pricing'], stock: shop.catalogue.stock as Handles['stock'] };
};

export const streamLength = async (shop: Shop, stream: string): Promise<number> => (await shop.events.readStream(stream)).length;
