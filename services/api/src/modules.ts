import type { Module } from '@buyloop/projector';
import { auditModule } from '@buyloop/audit-read-models';
import { identityModule } from '@buyloop/identity-read-models';
import { buyBackModule } from '@buyloop/buy-back-read-models';
import { catalogueModule } from '@buyloop/catalogue-read-models';
import { pageCacheModule } from './page-cache';
import { analyticsModule } from '@buyloop/analytics-read-models';
import { cartModule } from '@buyloop/cart-read-models';
import { deliveryModule } from '@buyloop/delivery-read-models';
import { paymentsModule } from '@buyloop/payments-read-models';

/**
 * Every bounded context the product runs, in the order they open (identity
 * first: it answers who is signed in). Adding a context is its own folders
 * and one line here; nothing else in the API names a context.
 */
export const modules = (): readonly Module[] => [
  auditModule(),
  identityModule(),
  buyBackModule(),
  // Before the modules whose answers it caches: its router runs ahead of theirs.
  pageCacheModule(),
  catalogueModule(),
  analyticsModule(),
  cartModule(),
  deliveryModule(),
  paymentsModule(),
];
