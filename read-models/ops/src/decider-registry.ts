import type { Decider, DomainEvent } from '@buyloop/kit';
import { buybackDecider, catalogueDecider, imeiBlacklistDecider } from '@buyloop/buy-back';
import { approvalDecider, userDecider } from '@buyloop/identity';

/**
 * What `events:state` replays a stream with. Only replay is needed, never a
 * decision, so any context's decider fits whatever its command type is.
 * Method syntax in Decider keeps its parameters bivariant, which is what lets
 * a `Decider<BuyBackCommand, BuyBackEvent, BuyBackState>` be registered here.
 */
export type RegisteredDecider = Pick<Decider<never, DomainEvent, unknown>, 'initialState' | 'evolve'>;

export type DeciderRegistry = ReadonlyMap<string, RegisteredDecider>;

/**
 * Stream category → the decider of that stream type (DESIGN.md section 3:
 * one decider per stream type). A bounded context registers its decider by
 * adding one entry here, e.g. `['buyback', buyBackDecider]` for streams named
 * `buyback-<id>`.
 */
/**
 * `buyback-<number>` and the catalogue's `buyback-catalogue-<market>` share a
 * category; the catalogue's one event type tells them apart.
 */
const buybackCategory: RegisteredDecider = {
  initialState: () => null,
  evolve(state: unknown, event: DomainEvent) {
    if (event.type === 'CataloguePublished')
      return catalogueDecider.evolve((state ?? catalogueDecider.initialState()) as never, event as never);
    return buybackDecider.evolve((state ?? buybackDecider.initialState()) as never, event as never);
  },
};

export const deciderRegistry: DeciderRegistry = new Map<string, RegisteredDecider>([
  ['buyback', buybackCategory],
  ['imei', imeiBlacklistDecider as unknown as RegisteredDecider],
  ['user', userDecider as unknown as RegisteredDecider],
  ['approval', approvalDecider as unknown as RegisteredDecider],
]);

/** The category is the part of a stream name before the first '-' (the whole name when there is none). */
export function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}
