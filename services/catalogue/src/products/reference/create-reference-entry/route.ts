import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { commandResultSchema, referenceCreateRequestSchemas, REFERENCE_LISTS } from '@buyloop/contracts/catalogue/products';
import type { ReferenceKind } from '../../events';
import {
  callOptions,
  createdHeaders,
  idempotencyKeyHeaderSchema,
  jsonBody,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../../http/route-deps';

/** The reference list each path serves. */
export const REFERENCE_KIND_OF: Readonly<Record<(typeof REFERENCE_LISTS)[number], ReferenceKind>> = {
  'type-devices': 'type_device',
  manufacturers: 'manufacturer',
  units: 'unit',
  'attribute-names': 'attribute_name',
};

const SUMMARIES: Readonly<Record<ReferenceKind, string>> = {
  type_device: 'Add a type device (phone, tablet, smartwatch, accessory, …)',
  manufacturer: 'Add a manufacturer',
  unit: 'Add a unit (with its symbol)',
  attribute_name: 'Add an attribute name (spec 7’s attr-name choices for component parameters)',
};

export function createReferenceEntryRoutes(r: SecuredRouter, deps: ProductsRouteDeps): void {
  for (const list of REFERENCE_LISTS) {
    const kind = REFERENCE_KIND_OF[list];
    const schema = referenceCreateRequestSchemas[list];
    r.post(
      `/api/admin/catalogue/${list}`,
      'catalogue.manage',
      {
        summary: SUMMARIES[kind],
        headers: idempotencyKeyHeaderSchema,
        body: schema,
        responses: {
          201: json('Added', commandResultSchema, createdHeaders),
          400: responses.invalid,
          422: responses.invalid,
        },
      },
      async (req, res) => {
        const body = parseInput(schema, jsonBody(req)) as {
          name: string;
          symbol?: string | null;
          value_type?: 'text' | 'number' | 'boolean';
          unit_id?: string | null;
        };
        const written = await deps.service.createReferenceEntry(
          kind,
          {
            name: body.name,
            ...(body.symbol !== undefined ? { symbol: body.symbol } : {}),
            ...(body.value_type !== undefined ? { valueType: body.value_type } : {}),
            ...(body.unit_id !== undefined ? { unitId: body.unit_id } : {}),
          },
          callOptions(req, res, true),
        );
        await sendWritten(res, deps, written, 201, `/api/admin/catalogue/${list}/${written.id}`);
      },
    );
  }
}
