import { foldText, type DocumentStore, type Filter, type Query } from '@buyloop/document-store';
import { NotFound } from '@buyloop/kit';
import type { ReferenceKind } from '@buyloop/catalogue';
import type { CatalogueProductView, MasterDetail, MasterRow, ReferenceEntry } from '@buyloop/contracts/catalogue/products';
import { compileGrid, type GridColumn } from './grid';
import { MASTER_CATEGORIES_PROJECTION, type MasterCategoriesDocument } from './master-categories-projection';
import { MASTERS_PROJECTION, type MasterDocument } from './masters-projection';
import { META_MASTERS_PROJECTION, type MetaMasterDocument } from './meta-masters-projection';
import { PRODUCTS_PROJECTION, type ProductDocument } from './products-projection';
import { REFERENCE_PROJECTION, type ReferenceDocument } from './reference-projection';

/** The master grid's columns (ids are the row's field names). */
export const MASTER_GRID_COLUMNS: Readonly<Record<string, GridColumn>> = {
  name: { filters: ['text'] },
  seo_name: { filters: ['text'] },
  manufacturer_id: { filters: ['set', 'text'] },
  type_device_id: { filters: ['set', 'text'] },
  meta_master_id: { filters: ['set', 'text'] },
  seo_title: { filters: ['text'] },
  variant_count: { filters: ['number'] },
  active_variant_count: { filters: ['number'] },
  created_at: { filters: ['date'] },
  updated_at: { filters: ['date'] },
  // Shown with names joined when read: sorting them sorts by id, filtering filters by id.
  manufacturer_name: { field: 'manufacturer_id', sortable: true },
  type_device_name: { field: 'type_device_id', sortable: true },
};
/** Columns answered by a join: a master's categories live in the categories area's stream. */
const CATEGORY_COLUMNS = ['category_ids', 'category_id'];

export interface MasterGridFilters {
  readonly category_id?: string;
  readonly manufacturer_id?: string;
  readonly type_device_id?: string;
  readonly meta_master_id?: string;
}

export interface SeoTextRow {
  readonly kind: 'master' | 'category';
  readonly id: string;
  readonly name: string;
  readonly seo_name: string;
  readonly seo_title: string | null;
  readonly seo_description: string | null;
}

/** The store answers at most this many documents at once; listings read page by page. */
const PAGE = 1000;

export interface ProductQueriesDeps {
  readonly documents: DocumentStore;
  readonly market: string;
  /** A projection's serving collection. */
  readonly collection: (projection: string) => Promise<string>;
  /** The categories for the SEO grid (the categories area's tree), with their SEO texts. */
  readonly categories?: () => Promise<
    readonly {
      id: string;
      name: string;
      seo_name: string;
      seo_title: string | null;
      seo_description: string | null;
    }[]
  >;
}

export type ProductQueries = ReturnType<typeof productQueries>;

export function productQueries(deps: ProductQueriesDeps) {
  const { documents } = deps;
  const find = async <D extends Record<string, unknown>>(projection: string, query: Query) =>
    documents.find<D>(await deps.collection(projection), query);
  const get = async <D extends Record<string, unknown>>(projection: string, id: string) =>
    documents.get<D>(await deps.collection(projection), id);
  const all = async <D extends Record<string, unknown>>(
    projection: string,
    filters: readonly Filter[] = [],
    sortField = 'name',
  ) => {
    const items: D[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await find<D>(projection, { filters, sort: [{ field: sortField, direction: 'asc' }], offset, limit: PAGE });
      items.push(...page.items.map((item) => item.document));
      if (page.items.length < PAGE) return items;
    }
  };

  const categoriesOfMasters = async (): Promise<Readonly<Record<string, readonly string[]>>> =>
    (await get<MasterCategoriesDocument>(MASTER_CATEGORIES_PROJECTION, `categorytree-${deps.market}`))?.masters ?? {};

  /** Names of reference entries and meta masters, for the rows on one page. */
  const names = async (kind: ReferenceKind, ids: readonly string[]): Promise<Map<string, string>> => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const found = await documents.getMany<ReferenceDocument>(
      await deps.collection(REFERENCE_PROJECTION),
      unique.map((id) => `${kind}:${id}`),
    );
    return new Map([...found.values()].map((doc) => [doc.id, doc.name]));
  };
  const metaMasterNames = async (ids: readonly (string | null)[]): Promise<Map<string, string>> => {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    if (unique.length === 0) return new Map();
    const found = await documents.getMany<MetaMasterDocument>(await deps.collection(META_MASTERS_PROJECTION), unique);
    return new Map([...found.values()].map((doc) => [doc.id, doc.name]));
  };

  async function masterRows(documentsOf: readonly MasterDocument[]): Promise<MasterRow[]> {
    const [manufacturers, typeDevices, metaMasters, categories] = await Promise.all([
      names(
        'manufacturer',
        documentsOf.map((d) => d.manufacturer_id),
      ),
      names(
        'type_device',
        documentsOf.map((d) => d.type_device_id),
      ),
      metaMasterNames(documentsOf.map((d) => d.meta_master_id)),
      categoriesOfMasters(),
    ]);
    return documentsOf.map((doc) => {
      // A deleted meta master's members are in none.
      const metaMasterName = doc.meta_master_id ? (metaMasters.get(doc.meta_master_id) ?? null) : null;
      return {
        id: doc.id,
        name: doc.name,
        seo_name: doc.seo_name,
        manufacturer_id: doc.manufacturer_id,
        manufacturer_name: manufacturers.get(doc.manufacturer_id) ?? null,
        type_device_id: doc.type_device_id,
        type_device_name: typeDevices.get(doc.type_device_id) ?? null,
        meta_master_id: metaMasterName === null ? null : doc.meta_master_id,
        meta_master_name: metaMasterName,
        category_ids: [...(categories[doc.id] ?? [])],
        photo_ids: [...doc.photo_ids],
        seo_title: doc.seo_title,
        seo_description: doc.seo_description,
        variant_count: doc.variant_count,
        active_variant_count: doc.active_variant_count,
        created_at: doc.created_at,
        updated_at: doc.updated_at,
        stream_version: doc.stream_version,
      };
    });
  }

  function productView(doc: ProductDocument, master: MasterRow | null): CatalogueProductView {
    return {
      code: doc.code,
      master_product_id: doc.master_product_id,
      master_name: master?.name ?? null,
      master_seo_name: master?.seo_name ?? null,
      manufacturer_id: master?.manufacturer_id ?? null,
      manufacturer_name: master?.manufacturer_name ?? null,
      type_device_id: master?.type_device_id ?? null,
      type_device_name: master?.type_device_name ?? null,
      ean: doc.ean,
      colour: doc.colour,
      capacity: doc.capacity,
      quality: doc.quality,
      grade: doc.grade,
      long_name: doc.long_name,
      short_name: doc.short_name,
      vat_rate: doc.vat_rate,
      pre_order: doc.pre_order,
      electronic_licence: doc.electronic_licence,
      external_stock: doc.external_stock,
      legal_warranty_months: doc.legal_warranty_months,
      kind: doc.kind,
      extension_months: doc.extension_months,
      status: doc.status,
      discontinued_reason: doc.discontinued_reason,
      relations: {
        accessories: [...doc.relations.accessories],
        gifts: [...doc.relations.gifts],
        special_offers: [...doc.relations.special_offers],
        insurance: [...doc.relations.insurance],
        warranty_extensions: [...doc.relations.warranty_extensions],
      },
      created_at: doc.created_at,
      updated_at: doc.updated_at,
      stream_version: doc.stream_version,
    };
  }

  return {
    /** One reference list, by name. */
    async references(kind: ReferenceKind): Promise<ReferenceEntry[]> {
      const entries = await all<ReferenceDocument>(REFERENCE_PROJECTION, [{ field: 'kind', op: 'equals', value: kind }]);
      return entries.map((doc) => ({
        id: doc.id,
        name: doc.name,
        ...(kind === 'unit' ? { symbol: doc.symbol ?? null } : {}),
        ...(kind === 'attribute_name' ? { value_type: doc.value_type ?? 'text', unit_id: doc.unit_id ?? null } : {}),
        stream_version: doc.stream_version,
      }));
    },

    /**
     * One block of the master grid: AG Grid's request, plus the plain
     * filters other screens use (the assignment grid's category). A
     * category filter becomes the list of masters in it (a join).
     */
    async masterGrid(request: unknown, plain: MasterGridFilters = {}): Promise<{ rows: MasterRow[]; total: number }> {
      const { query, special } = compileGrid(MASTER_GRID_COLUMNS, request, {
        defaultSort: [{ field: 'name', direction: 'asc' }],
        special: CATEGORY_COLUMNS,
      });
      const filters: Filter[] = [...(query.filters ?? [])];
      for (const field of ['manufacturer_id', 'type_device_id', 'meta_master_id'] as const)
        if (plain[field]) filters.push({ field, op: 'equals', value: plain[field] });
      const categoryIds = [
        ...(plain.category_id ? [plain.category_id] : []),
        ...CATEGORY_COLUMNS.flatMap((c) => special[c] ?? []),
      ];
      if (categoryIds.length > 0) {
        const wanted = new Set(categoryIds);
        const inCategory = Object.entries(await categoriesOfMasters())
          .filter(([, categories]) => categories.some((c) => wanted.has(c)))
          .map(([id]) => id);
        if (inCategory.length === 0) return { rows: [], total: 0 };
        filters.push({ field: 'master_id', op: 'in', values: inCategory });
      }
      const page = await find<MasterDocument>(MASTERS_PROJECTION, { ...query, filters });
      return { rows: await masterRows(page.items.map((item) => item.document)), total: page.total };
    },

    async master(id: string): Promise<MasterDetail> {
      const doc = await get<MasterDocument>(MASTERS_PROJECTION, id);
      if (!doc) throw new NotFound('catalogue.product.master_not_found', `There is no master product ${id}`);
      const [row] = await masterRows([doc]);
      const variants = await all<ProductDocument>(
        PRODUCTS_PROJECTION,
        [{ field: 'master_product_id', op: 'equals', value: id }],
        'created_at',
      );
      return {
        ...row!,
        description: doc.description,
        params: doc.params.map((p) => ({ ...p })),
        package: doc.package ? { ...doc.package } : null,
        variants: variants.map((variant) => productView(variant, row!)),
      };
    },

    async product(code: string): Promise<CatalogueProductView> {
      const doc = await get<ProductDocument>(PRODUCTS_PROJECTION, code);
      if (!doc) throw new NotFound('catalogue.product.not_found', `There is no catalogue product ${code}`);
      const master = await get<MasterDocument>(MASTERS_PROJECTION, doc.master_product_id);
      const [row] = master ? await masterRows([master]) : [];
      return productView(doc, row ?? null);
    },

    /** Spec 7's list and exclude-meta-master: every meta master (but one), with how many masters each holds. */
    async metaMasters(exclude?: string) {
      const list = (await all<MetaMasterDocument>(META_MASTERS_PROJECTION)).filter((doc) => doc.id !== exclude);
      return Promise.all(
        list.map(async (doc) => ({
          id: doc.id,
          name: doc.name,
          description: doc.description,
          master_count: (
            await find<MasterDocument>(MASTERS_PROJECTION, {
              filters: [{ field: 'meta_master_id', op: 'equals', value: doc.id }],
              limit: 1,
            })
          ).total,
        })),
      );
    },

    /** Spec 7's get-meta-master: it and its master products. */
    async metaMaster(id: string) {
      const doc = await get<MetaMasterDocument>(META_MASTERS_PROJECTION, id);
      if (!doc) throw new NotFound('catalogue.product.meta_master_not_found', `There is no meta master ${id}`);
      const masters = await all<MasterDocument>(MASTERS_PROJECTION, [{ field: 'meta_master_id', op: 'equals', value: id }]);
      return {
        id: doc.id,
        name: doc.name,
        description: doc.description,
        masters: masters.map((m) => ({ id: m.id, name: m.name, seo_name: m.seo_name })),
        created_at: doc.created_at,
        updated_at: doc.updated_at,
        stream_version: doc.stream_version,
      };
    },

    /** The SEO texts grid: masters and categories, by kind then name; a quick search looks at names and slugs. */
    async seoTexts(query: { kind?: 'master' | 'category'; quick?: string; startRow?: number; endRow?: number }) {
      const masters: SeoTextRow[] =
        query.kind === 'category'
          ? []
          : (await all<MasterDocument>(MASTERS_PROJECTION)).map((m) => ({
              kind: 'master',
              id: m.id,
              name: m.name,
              seo_name: m.seo_name,
              seo_title: m.seo_title,
              seo_description: m.seo_description,
            }));
      const categories: SeoTextRow[] =
        query.kind === 'master' || !deps.categories
          ? []
          : (await deps.categories()).map((c) => ({
              kind: 'category',
              id: c.id,
              name: c.name,
              seo_name: c.seo_name,
              seo_title: c.seo_title,
              seo_description: c.seo_description,
            }));
      const words = foldText(query.quick ?? '')
        .split(/\s+/)
        .filter(Boolean);
      const rows = [...masters, ...categories].filter((row) =>
        words.every((word) => foldText(`${row.name} ${row.seo_name}`).includes(word)),
      );
      const start = query.startRow ?? 0;
      const end = Math.min(query.endRow ?? start + 100, start + 1000);
      return { rows: rows.slice(start, end), total: rows.length };
    },
  };
}
