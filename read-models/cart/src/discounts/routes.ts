import {
  discountDetailSchema,
  discountGridQuerySchema,
  discountIdParamsSchema,
  discountPageSchema,
  type DiscountDetail,
  type DiscountRow,
} from '@buyloop/contracts/cart/discounts';
import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { discountIdParam, discountProblems } from '@buyloop/cart';
import type { DocumentStore } from '@buyloop/document-store';
import { json, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { discountGridQuery } from './grid';
import { DISCOUNTS_PROJECTION, type DiscountDocument } from './projections';

export interface DiscountReadDeps {
  readonly documents: Pick<DocumentStore, 'get' | 'find'>;
  readonly collection: (projection: string) => Promise<string>;
}

const rowOf = (document: DiscountDocument): DiscountRow => ({
  id: document.id,
  title: document.title,
  marketing_name: document.marketing_name,
  is_active: document.is_active,
  is_public: document.is_public,
  is_combinable: document.is_combinable,
  is_automatic_assignment: document.is_automatic_assignment,
  is_isic: document.is_isic,
  discount_type: document.discount_type,
  discount_value: document.discount_value,
  valid_from: document.valid_from,
  valid_to: document.valid_to,
  codes: [...document.codes],
  archived: document.archived,
  generated_codes: document.generated_codes,
  updated_at: document.updated_at,
});

const detailOf = (document: DiscountDocument): DiscountDetail => ({
  ...rowOf(document),
  minimal_order_total: document.minimal_order_total,
  minimal_pieces: document.minimal_pieces,
  product_codes: [...document.product_codes],
  product_kinds: [...document.product_kinds],
  categories: [...(document.categories ?? [])],
  is_discount_per_piece: document.is_discount_per_piece,
  is_cumulative_bonus: document.is_cumulative_bonus,
  discount_detail_url: document.discount_detail_url,
  internal_note: document.internal_note,
  archived_at: document.archived_at,
  created_at: document.created_at,
  stream_version: document.stream_version,
  warnings: document.warnings.filter((warning) => warning === DISCOUNT_ERROR_CODES.highPercentage),
});

/** The discount grid and detail of the back office (capability `discounts.read`). */
export function discountReadRoutes(r: SecuredRouter, deps: DiscountReadDeps): void {
  r.get(
    '/api/admin/discounts',
    'discounts.read',
    {
      summary: 'The discount grid (spec 2 "discount grid")',
      description:
        'AG Grid’s infinite row model: startRow/endRow, sortModel and filterModel as JSON, `quick` words in the title, marketing name or codes. Archived definitions are hidden unless `archived=true|all`.',
      query: discountGridQuerySchema,
      responses: { 200: json('One block of rows', discountPageSchema), 400: discountProblems.invalid },
    },
    async (req, res) => {
      const query = discountGridQuery(parseInput(discountGridQuerySchema, req.query));
      const page = await deps.documents.find<DiscountDocument>(await deps.collection(DISCOUNTS_PROJECTION), query);
      res.set('Cache-Control', 'no-store').json({ rows: page.items.map((item) => rowOf(item.document)), total: page.total });
    },
  );

  r.get(
    '/api/admin/discounts/:id',
    'discounts.read',
    {
      summary: 'A discount definition with every field (spec 3)',
      params: discountIdParamsSchema,
      responses: {
        200: json('The definition; its version is the ETag for If-Match', discountDetailSchema, {
          ETag: 'The version, for If-Match',
        }),
        404: discountProblems.notFound,
      },
    },
    async (req, res) => {
      const id = discountIdParam(req.params.id);
      const document = await deps.documents.get<DiscountDocument>(await deps.collection(DISCOUNTS_PROJECTION), id);
      if (!document) throw new NotFound(DISCOUNT_ERROR_CODES.notFound, 'There is no such discount');
      res.set('Cache-Control', 'no-store').set('ETag', `"${document.stream_version}"`).json(detailOf(document));
    },
  );
}
