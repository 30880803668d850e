export {
  BuybackNotifier,
  type BuybackNotifierOptions,
  type Delivery,
  type DeliveryWait,
  type NotifierRole,
  type OutboxPage,
  type OutboxQuery,
  type PersonalDataOpener,
} from './notifier';
export {
  DEFAULT_RETRY,
  DELIVERY_STATUSES,
  NOTIFIER_LEASE,
  NOTIFIER_STATE_COLLECTION,
  OUTBOX_COLLECTION,
  backoffDelay,
  type DeliveryStatus,
  type DropReason,
  type OutboxItem,
  type RetryPolicy,
} from './outbox';
export {
  escapeHtml,
  formatAmount,
  formatDay,
  renderBuybackMail,
  type BuybackMail,
  type BuybackMailContext,
  type BuybackMailKind,
  type RenderOptions,
  type RenderedMail,
} from './templates';
