import { commandHandler, type Actor, type Clock, type StreamStore } from '@buyloop/kit';
import type { BuyBackCatalogue } from '../catalogue/types';
import { catalogueDecider, catalogueStream, type CatalogueEvent } from './decide';

/** Publishes a market's catalogue (demo data at start, later the staff's CSV import and editor). */
export async function publishCatalogue(
  store: StreamStore,
  input: { catalogue: BuyBackCatalogue; source: CatalogueEvent['data']['source'] },
  context: { actor: Actor; clock: Clock },
): Promise<{ published: boolean; checkpoint: string | null }> {
  const result = await commandHandler(store, catalogueDecider)(
    catalogueStream(input.catalogue.market),
    { type: 'PublishCatalogue', ...input, publishedBy: context.actor.userId, at: context.clock().toISOString() },
    { actor: context.actor, market: input.catalogue.market },
  );
  return { published: result.events.length > 0, checkpoint: result.checkpoint };
}
