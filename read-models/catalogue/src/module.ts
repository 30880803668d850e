import { CATALOGUE_PERMISSIONS, type Capability } from '@buyloop/contracts';
import type { Module, OpenedModule } from '@buyloop/projector';
import type { CataloguePart, OpenedPart } from './part';
import { productsPart } from './products/part';
import { categoriesPart } from './categories/part';
import { pricingPart } from './pricing/part';
import { stockPart } from './stock/part';
import { mediaPart } from './media/part';
import { demoPart } from './demo/part';
import { shopPart, type ShopHandle } from './shop/part';
import { favouritesPart } from './favourites/part';

export interface CatalogueModuleOptions {
  /** How long a command's answer waits for the read models to show it. */
  readonly settleMs?: number;
}

/** What tests and tools reach inside the catalogue for: each area's handle by its name. */
export type CatalogueHandle = Readonly<Record<string, unknown>>;

/**
 * The catalogue as a module: products and their variants, categories,
 * prices, stock and images. Demo data loads last, once every area is open.
 */
export function catalogueModule(options: CatalogueModuleOptions = {}): Module<CatalogueHandle> {
  const handles: Record<string, unknown> = {};
  const parts: readonly CataloguePart[] = [
    productsPart(),
    categoriesPart(),
    pricingPart(),
    stockPart(),
    mediaPart(),
    shopPart(),
    // Reads the shop area's cards through its handle, once the module has opened it.
    favouritesPart(() => handles.shop as ShopHandle | undefined),
    demoPart(),
  ];
  const streams: Record<string, Module['streams'][string]> = {};
  for (const part of parts)
    for (const [category, folder] of Object.entries(part.streams)) {
      if (category in streams) throw new Error(`Stream category ${category} is claimed by two catalogue areas`);
      streams[category] = folder;
    }
  return {
    name: 'catalogue',
    capabilities: Object.keys(CATALOGUE_PERMISSIONS) as Capability[],
    projections: parts.flatMap((part) => part.projections),
    streams,
    logRedactions: parts.flatMap((part) => part.logRedactions ?? []),
    ...(options.settleMs ? { settleMs: options.settleMs } : {}),
    async open(context): Promise<OpenedModule<CatalogueHandle>> {
      const opened: OpenedPart[] = [];
      for (const part of parts) {
        const one = await part.open(context);
        opened.push(one);
        handles[part.name] = one.handle;
      }
      return {
        routes: opened.flatMap((part) => part.routes),
        jobs: opened.flatMap((part) => part.jobs ?? []),
        processManagers: opened.flatMap((part) => part.processManagers ?? []),
        handle: Object.fromEntries(parts.map((part, index) => [part.name, opened[index]?.handle])),
        async loadDemoData() {
          const lines: string[] = [];
          for (const part of opened) if (part.loadDemoData) lines.push(...(await part.loadDemoData()));
          return lines;
        },
        async start() {
          for (const part of opened) await part.start?.();
        },
        async stop() {
          for (const part of [...opened].reverse()) await part.stop?.();
        },
      };
    },
  };
}
