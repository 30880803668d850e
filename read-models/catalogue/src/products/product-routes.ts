import type { Request } from 'express';
import { json, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput, ValidationError } from '@buyloop/kit';
import { z } from 'zod';
import { ENTITY_ID_PATTERN, PRODUCT_CODE_PATTERN, type ReferenceKind } from '@buyloop/catalogue';
import {
  masterDetailSchema,
  masterGridQuerySchema,
  masterPageSchema,
  metaMasterListQuerySchema,
  metaMasterListSchema,
  metaMasterSchema,
  productSchema,
  referenceListSchema,
  REFERENCE_LISTS,
  seoTextPageSchema,
  seoTextQuerySchema,
} from '@buyloop/contracts/catalogue/products';
import { problem } from '@buyloop/http';
import { gridRequestSchema } from './grid';
import type { ProductQueries } from './product-queries';

const KIND_OF: Readonly<Record<(typeof REFERENCE_LISTS)[number], ReferenceKind>> = {
  'type-devices': 'type_device',
  manufacturers: 'manufacturer',
  units: 'unit',
  'attribute-names': 'attribute_name',
};
const LIST_SUMMARIES: Readonly<Record<ReferenceKind, string>> = {
  type_device: 'The type devices (phone, tablet, smartwatch, accessory, …), by name',
  manufacturer: 'The manufacturers, by name',
  unit: 'The units, by name',
  attribute_name: 'The attribute names (spec 7’s attr-name choices), by name',
};

const idParams = z.strictObject({ id: z.string() });
const notFound = problem('No such entry');

/** The grid's request from a query string: AG Grid's models travel as JSON. */
function gridRequestOf(req: Request) {
  const query = parseInput(masterGridQuerySchema, req.query);
  const parsed = (field: 'sortModel' | 'filterModel', fallback: unknown) => {
    const value = query[field];
    if (value === undefined) return fallback;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new ValidationError('validation.failed', { [field]: ['request.malformed_json'] }, `${field} is not JSON`);
    }
  };
  return {
    request: {
      startRow: query.startRow ?? 0,
      endRow: query.endRow ?? (query.startRow ?? 0) + 100,
      sortModel: parsed('sortModel', []),
      filterModel: parsed('filterModel', {}),
      ...(query.quick ? { quick: query.quick } : {}),
    },
    plain: {
      ...(query.category_id ? { category_id: query.category_id } : {}),
      ...(query.manufacturer_id ? { manufacturer_id: query.manufacturer_id } : {}),
      ...(query.type_device_id ? { type_device_id: query.type_device_id } : {}),
      ...(query.meta_master_id ? { meta_master_id: query.meta_master_id } : {}),
    },
  };
}

const idOf = (value: unknown, code: string): string => {
  if (typeof value !== 'string' || !ENTITY_ID_PATTERN.test(value)) throw new NotFound(code, 'There is no such entry');
  return value;
};

/** The products area's reads for the back office: reference lists, the master grid and detail, products, meta masters, SEO texts. */
export function productQueryRoutes(r: SecuredRouter, queries: ProductQueries): void {
  for (const list of REFERENCE_LISTS) {
    const kind = KIND_OF[list];
    r.get(
      `/api/admin/catalogue/${list}`,
      'catalogue.read',
      { summary: LIST_SUMMARIES[kind], responses: { 200: json('The list', referenceListSchema) } },
      async (_req, res) => {
        res.set('Cache-Control', 'no-store').json({ items: await queries.references(kind) });
      },
    );
  }

  r.get(
    '/api/admin/catalogue/masters',
    'catalogue.read',
    {
      summary: 'The master product grid: one block of AG Grid’s infinite row model',
      description:
        'startRow, endRow, sortModel and filterModel (JSON) and a quick search; category_id, manufacturer_id, type_device_id and meta_master_id filter as plain parameters too (a category filter is also filterModel.category_ids as a set). Anything the grid does not offer is a field error keyed like the request.',
      query: masterGridQuerySchema,
      responses: { 200: json('The rows and how many match', masterPageSchema) },
    },
    async (req, res) => {
      const { request, plain } = gridRequestOf(req);
      res.set('Cache-Control', 'no-store').json(await queries.masterGrid(request, plain));
    },
  );

  r.post(
    '/api/admin/catalogue/masters/query',
    'catalogue.read',
    {
      summary: 'The master product grid with AG Grid’s request as a JSON body',
      body: gridRequestSchema,
      responses: { 200: json('The rows and how many match', masterPageSchema) },
    },
    async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await queries.masterGrid(req.body));
    },
  );

  r.get(
    '/api/admin/catalogue/masters/:id',
    'catalogue.read',
    {
      summary: 'A master product with its params, photos, package, variants, meta master and categories',
      params: idParams,
      responses: { 200: json('The master product', masterDetailSchema, { ETag: 'Its version, for If-Match' }), 404: notFound },
    },
    async (req, res) => {
      const master = await queries.master(idOf(req.params.id, 'catalogue.product.master_not_found'));
      res.set('Cache-Control', 'no-store').set('ETag', `"${master.stream_version}"`).json(master);
    },
  );

  r.get(
    '/api/admin/catalogue/products/:code',
    'catalogue.read',
    {
      summary: 'A catalogue product (sellable variant) with its master’s data and relations',
      params: z.strictObject({ code: z.string() }),
      responses: { 200: json('The catalogue product', productSchema, { ETag: 'Its version, for If-Match' }), 404: notFound },
    },
    async (req, res) => {
      const code = String(req.params.code).trim().toUpperCase();
      if (!PRODUCT_CODE_PATTERN.test(code))
        throw new NotFound('catalogue.product.not_found', 'There is no such catalogue product');
      const product = await queries.product(code);
      res.set('Cache-Control', 'no-store').set('ETag', `"${product.stream_version}"`).json(product);
    },
  );

  r.get(
    '/api/admin/catalogue/meta-masters',
    'catalogue.read',
    {
      summary: 'The meta masters (all, or all but the one in `exclude`: spec 7’s exclude-meta-master)',
      query: metaMasterListQuerySchema,
      responses: { 200: json('The meta masters', metaMasterListSchema) },
    },
    async (req, res) => {
      const query = parseInput(metaMasterListQuerySchema, req.query);
      res.set('Cache-Control', 'no-store').json({ items: await queries.metaMasters(query.exclude) });
    },
  );

  r.get(
    '/api/admin/catalogue/meta-masters/:id',
    'catalogue.read',
    {
      summary: 'A meta master and its master products (spec 7’s get-meta-master)',
      params: idParams,
      responses: { 200: json('The meta master', metaMasterSchema, { ETag: 'Its version, for If-Match' }), 404: notFound },
    },
    async (req, res) => {
      const meta = await queries.metaMaster(idOf(req.params.id, 'catalogue.product.meta_master_not_found'));
      res.set('Cache-Control', 'no-store').set('ETag', `"${meta.stream_version}"`).json(meta);
    },
  );

  r.get(
    '/api/admin/catalogue/seo-texts',
    'catalogue.read',
    {
      summary: 'The SEO texts grid: master products and categories with their slugs, titles and descriptions',
      query: seoTextQuerySchema,
      responses: { 200: json('The rows and how many match', seoTextPageSchema) },
    },
    async (req, res) => {
      const query = parseInput(seoTextQuerySchema, req.query);
      res.set('Cache-Control', 'no-store').json(await queries.seoTexts(query));
    },
  );
}
