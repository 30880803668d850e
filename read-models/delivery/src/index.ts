export {
  deliveryModule,
  deliverySettings,
  type DeliveryHandle,
  type DeliveryModuleOptions,
  type DeliverySettings,
} from './module';
export { importPickupPoints, searchPickupPoints, PICKUP_POINTS_COLLECTION, type PickupPointDocument } from './pickup-points';
export { startSandboxServer } from './sandbox-server';
// The sandbox carrier's feed, for tests that check what the import and the search answer.
export { sandboxFeed, type FeedPoint } from '@buyloop/delivery';
