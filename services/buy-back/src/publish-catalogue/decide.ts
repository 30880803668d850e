import { canonicalJson, ValidationError, type Decider, type Market } from '@buyloop/kit';
import type { BuyBackCatalogue, PriceList } from '../catalogue/types';
import { validateCatalogue } from '../catalogue/validate';

/**
 * The buy-back catalogue of a market (`buyback-catalogue-<market>`): models,
 * colours and price lists, published as a whole. A publication is an event,
 * so every quote and sale can be traced to the price list it used.
 */
export type CatalogueEvent = {
  type: 'CataloguePublished';
  data: {
    market: Market;
    catalogue: BuyBackCatalogue;
    source: 'demo' | 'import' | 'edit';
    publishedBy: string;
    at: string;
  };
};

export interface CatalogueState {
  readonly catalogue: BuyBackCatalogue | null;
}

export interface PublishCatalogue {
  readonly type: 'PublishCatalogue';
  readonly catalogue: BuyBackCatalogue;
  readonly source: CatalogueEvent['data']['source'];
  readonly publishedBy: string;
  readonly at: string;
}

export const catalogueStream = (market: Market): string => `buyback-catalogue-${market}`;

// Canonical: the catalogue in force comes back from the store with its keys reordered.
const sameList = (a: PriceList, b: PriceList): boolean => canonicalJson(a) === canonicalJson(b);

/**
 * A catalogue is published only when it is valid and every changed price
 * list carries a higher version than the one in force (quotes name the
 * version they used, so a version never means two price lists). Publishing
 * what is already in force changes nothing: the demo data can be loaded at
 * every start.
 */
export function decidePublishCatalogue(command: PublishCatalogue, state: CatalogueState): CatalogueEvent[] {
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const problem of validateCatalogue(command.catalogue)) (errors[problem.path] ??= []).push(problem.code);
  const current = new Map((state.catalogue?.price_lists ?? []).map((list) => [list.model_id, list]));
  command.catalogue.price_lists.forEach((list, i) => {
    const before = current.get(list.model_id);
    if (before && !sameList(before, list) && list.version <= before.version)
      (errors[`price_lists[${i}].version`] ??= []).push('buyback.price_list.version_not_increased');
  });
  if (Object.keys(errors).length > 0)
    throw new ValidationError('validation.failed', errors, `The catalogue cannot be published: ${JSON.stringify(errors)}`);
  if (state.catalogue && canonicalJson(state.catalogue) === canonicalJson(command.catalogue)) return [];
  const { catalogue, source, publishedBy, at } = command;
  return [{ type: 'CataloguePublished', data: { market: catalogue.market, catalogue, source, publishedBy, at } }];
}

export const catalogueDecider: Decider<PublishCatalogue, CatalogueEvent, CatalogueState> = {
  initialState: () => ({ catalogue: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'CataloguePublished':
        return { catalogue: event.data.catalogue };
      default:
        return neverEvent(event.type);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PublishCatalogue':
        return decidePublishCatalogue(command, state);
      default:
        return neverEvent(command.type);
    }
  },
};

function neverEvent(value: never): never {
  throw new Error(`Unhandled catalogue case ${JSON.stringify(value)}`);
}
