import type { Location } from '@buyloop/catalogue';
import type { Document } from '@buyloop/document-store';
import type { ModuleContext, ProjectorChange } from '@buyloop/projector';
import { categoryTreeProjection, type CategoryTreeDocument } from '../categories/category-tree-projection';
import { MASTERS_PROJECTION, type MasterDocument } from '../products/masters-projection';
import { REFERENCE_PROJECTION, type ReferenceDocument } from '../products/reference-projection';
import type { ShopCatalogue } from './shop-catalogue';
import {
  SHOP_LOCATIONS_PROJECTION,
  SHOP_PRODUCTS_PROJECTION,
  type ShopLocationsDocument,
  type ShopProductDocument,
} from './shop-products-projection';

const PAGE = 1000;
const WATCHED = [
  SHOP_PRODUCTS_PROJECTION,
  MASTERS_PROJECTION,
  categoryTreeProjection.name,
  REFERENCE_PROJECTION,
  SHOP_LOCATIONS_PROJECTION,
] as const;

type Context = Pick<ModuleContext, 'documents' | 'collection' | 'changes' | 'market' | 'logger'>;
type Subscription = ReturnType<ModuleContext['changes']['subscribe']>;

/**
 * Keeps the shop's in-memory catalogue up to date with the projector: the
 * documents each committed batch wrote are read (one getMany per
 * projection) and handed to the catalogue; a projection that reloaded (a
 * rebuild, a reset) reloads everything. Work runs one batch at a time, in
 * order; `settled()` resolves once what was heard so far is taken in, so a
 * route that awaits it shows every change its caller already waited for.
 */
export class ShopSync {
  private subscription: Subscription | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly dirty = new Map<string, Set<string>>();
  private reloadAll = false;
  private scheduled = false;

  constructor(
    private readonly context: Context,
    private readonly catalogue: ShopCatalogue,
  ) {}

  async start(): Promise<void> {
    // Subscribed before the first load: nothing written while it reads is missed (a change read twice is harmless).
    this.subscription = this.context.changes.subscribe({ next: (change) => this.heard(change) });
    await this.enqueue(() => this.loadAll());
  }

  stop(): Promise<void> {
    this.subscription?.unsubscribe();
    this.subscription = null;
    return this.queue;
  }

  /** Resolves when every change heard so far is in the catalogue. */
  settled(): Promise<void> {
    return this.queue;
  }

  private heard(change: ProjectorChange): void {
    if (!(WATCHED as readonly string[]).includes(change.projection)) return;
    if (change.kind === 'reload') this.reloadAll = true;
    else {
      const ids = this.dirty.get(change.projection) ?? new Set<string>();
      for (const id of change.written) ids.add(id);
      for (const id of change.deleted) ids.add(id);
      this.dirty.set(change.projection, ids);
    }
    if (this.scheduled) return;
    this.scheduled = true;
    void this.enqueue(() => this.flush());
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.context.logger.error('The shop catalogue could not take in a change', { error });
    });
    return this.queue;
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    if (this.reloadAll) {
      this.reloadAll = false;
      this.dirty.clear();
      await this.loadAll();
      return;
    }
    const dirty = new Map(this.dirty);
    this.dirty.clear();
    const read = async <D extends Document>(projection: string): Promise<Map<string, D | null> | undefined> => {
      const ids = dirty.get(projection);
      if (!ids || ids.size === 0) return undefined;
      const found = await this.context.documents.getMany<D>(await this.context.collection(projection), [...ids]);
      return new Map([...ids].map((id) => [id, found.get(id) ?? null]));
    };
    const products = await read<ShopProductDocument>(SHOP_PRODUCTS_PROJECTION);
    const masters = await read<MasterDocument>(MASTERS_PROJECTION);
    const references = await read<ReferenceDocument>(REFERENCE_PROJECTION);
    const trees = await read<CategoryTreeDocument>(categoryTreeProjection.name);
    const locations = await read<ShopLocationsDocument>(SHOP_LOCATIONS_PROJECTION);
    const market = this.context.market;
    this.catalogue.apply({
      ...(products ? { products } : {}),
      ...(masters ? { masters } : {}),
      ...(references ? { references } : {}),
      ...(trees?.has(market) ? { tree: trees.get(market) ?? null } : {}),
      ...(locations?.has(market) ? { locations: locationsOf(locations.get(market) ?? null) } : {}),
    });
  }

  private async loadAll(): Promise<void> {
    const { documents, market } = this.context;
    const all = async <D extends Document>(projection: string): Promise<Map<string, D>> => {
      const collection = await this.context.collection(projection);
      const out = new Map<string, D>();
      for (let offset = 0; ; offset += PAGE) {
        const page = await documents.find<D>(collection, { offset, limit: PAGE });
        for (const { id, document } of page.items) out.set(id, document);
        if (page.items.length < PAGE) break;
      }
      return out;
    };
    const [products, masters, references, tree, locations] = await Promise.all([
      all<ShopProductDocument>(SHOP_PRODUCTS_PROJECTION),
      all<MasterDocument>(MASTERS_PROJECTION),
      all<ReferenceDocument>(REFERENCE_PROJECTION),
      this.context.collection(categoryTreeProjection.name).then((c) => documents.get<CategoryTreeDocument>(c, market)),
      this.context.collection(SHOP_LOCATIONS_PROJECTION).then((c) => documents.get<ShopLocationsDocument>(c, market)),
    ]);
    this.catalogue.load({ products, masters, references, tree, locations: locationsOf(locations) });
  }
}

/** The warehouse first, then the stores by name (as the stock area lists them). */
function locationsOf(document: ShopLocationsDocument | null): readonly Location[] {
  return Object.values(document?.locations ?? {}).sort((a, b) =>
    a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'warehouse' ? -1 : 1,
  );
}
