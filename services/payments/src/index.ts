export * from './events';
export * from './state';
export * from './decider';
export type { StartPayment } from './start-payment/decide';
export type { ApplyNotification } from './apply-notification/decide';
export type { RequestRefund } from './request-refund/decide';
