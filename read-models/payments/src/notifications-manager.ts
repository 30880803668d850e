import { NOTIFICATION_RECEIVED, type NotificationReceivedData, type PaymentsService } from '@buyloop/payments';
import type { ModuleProcessManager } from '@buyloop/projector';

/**
 * Store first, then apply: the notification route applies what it stored at
 * once, and this manager applies every stored notification again from the
 * log, so one stored just before a crash is applied after it without
 * waiting for the gateway to resend it. The ledger remembers the ids it
 * applied: the second application records nothing.
 */
export function notificationsManager(service: PaymentsService): ModuleProcessManager<NotificationReceivedData> {
  return {
    manager: {
      name: 'payment-notifications',
      handles: [NOTIFICATION_RECEIVED],
      react: (event) => [{ id: event.id, payload: event.data as NotificationReceivedData }],
    },
    deliverer: {
      async deliver(entry) {
        const outcome = await service.applyStored(entry.payload);
        return outcome === 'refused'
          ? { outcome: 'dropped', reason: 'the ledger refuses it (kept in its notice stream for staff)' }
          : { outcome: 'delivered', reference: outcome };
      },
    },
  };
}
