export { BUYBACK_MAIL_PROCESS, buybackMailProcess } from './mail-process';
export { buybackMailDeliverer, type BuybackMailDeliveryOptions, type PersonalDataOpener } from './mail-delivery';
export { BuybackMailbox, type Delivery, type DeliveryWait, type MailboxPage, type MailboxQuery } from './mailbox';
export {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type DropReason,
  type MailWork,
  type OutboxItem,
  type SealedRecipient,
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
