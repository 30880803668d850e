import { streamSummary } from '@buyloop/audit-read-models';
import type { Projection } from '@buyloop/projector';
import { usersProjection } from '@buyloop/identity-read-models';
import {
  buybackDailyCountsProjection,
  buybacksProjection,
  buyoutCatalogueProjection,
  imeiBlacklistProjection,
  priceListHistoryProjection,
} from '@buyloop/buy-back-read-models';

/** Every projection the product runs. A bounded context adds its read models here. */
export const projections: readonly Projection[] = [
  streamSummary as unknown as Projection,
  usersProjection as unknown as Projection,
  buyoutCatalogueProjection as unknown as Projection,
  buybacksProjection as unknown as Projection,
  buybackDailyCountsProjection as unknown as Projection,
  imeiBlacklistProjection as unknown as Projection,
  priceListHistoryProjection as unknown as Projection,
];
