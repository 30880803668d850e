import type { ProductEvent, ProductRelations } from '../../events';
import { FieldErrors, MAX_RELATED, sameValue, type ProductKind } from '../../rules';
import { assertProductActive } from '../fields';
import type { ProductState } from '../state';

/** What the service read of each product a relation names: its kind and whether it is sold (null: no such product). */
export type RelatedFacts = Readonly<Record<string, { readonly kind: ProductKind; readonly active: boolean } | null>>;

/** Replaces what is offered with a catalogue product: accessories, gifts, special offers, insurance, warranty extensions. */
export interface SetRelations {
  readonly type: 'SetRelations';
  readonly code: string;
  readonly relations: ProductRelations;
  readonly related: RelatedFacts;
  readonly at: string;
}

/** Each list's request field and the kind its products must have (none: any kind). */
export const RELATION_LISTS: readonly { key: keyof ProductRelations; field: string; kind: ProductKind | null }[] = [
  { key: 'accessories', field: 'accessories', kind: 'accessory' },
  { key: 'gifts', field: 'gifts', kind: null },
  { key: 'specialOffers', field: 'special_offers', kind: null },
  { key: 'insurance', field: 'insurance', kind: 'insurance' },
  { key: 'warrantyExtensions', field: 'warranty_extensions', kind: 'warranty_extension' },
];

export function decideSetRelations(command: SetRelations, state: ProductState): ProductEvent[] {
  assertProductActive(state, command.code);
  const errors = new FieldErrors().time('at', command.at);
  for (const { key, field, kind } of RELATION_LISTS) {
    const codes = command.relations[key];
    if (codes.length > MAX_RELATED) errors.add(field, 'validation.too_many_items');
    const seen = new Set<string>();
    codes.forEach((code, index) => {
      const at = `${field}.${index}`;
      const facts = command.related[code];
      if (code === command.code) errors.add(at, 'catalogue.product.relation_self');
      else if (seen.has(code)) errors.add(at, 'catalogue.product.relation_duplicate');
      else if (!facts?.active) errors.add(at, 'catalogue.product.relation_not_found');
      else if (kind !== null && facts.kind !== kind) errors.add(at, `catalogue.product.relation_kind_${kind}`);
      seen.add(code);
    });
  }
  errors.throwIfAny('The relations cannot be saved');
  if (sameValue(command.relations, state.relations)) return [];
  return [
    {
      type: 'CatalogueProductRelationsSet',
      data: { code: command.code, masterProductId: state.masterProductId, ...command.relations, at: command.at },
    },
  ];
}
