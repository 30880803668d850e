import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound } from '@buyloop/kit';
import { paymentDecider } from '../decider';
import type { ApplyNotification } from './decide';
import { PAYMENT_ID, authorised, failed, LATER, pending, refunded, refundRequested, started, succeeded } from '../testing';

const { given } = deciderSpec(paymentDecider);

const notice = (status: ApplyNotification['status'], notification_id: string, overrides: Partial<ApplyNotification> = {}) =>
  ({
    type: 'ApplyNotification',
    notification_id,
    payment_id: PAYMENT_ID,
    status,
    amount: 12_990,
    currency: 'CZK',
    at: LATER,
    ...overrides,
  }) as const;

describe('ApplyNotification', () => {
  it('refuses a notification for an order whose payment was never started', () => {
    given().when(notice('paid', 'n-paid')).thenThrows(NotFound, 'payment.not_found');
  });

  it('refuses a notification naming another payment than the order’s', () => {
    given(started())
      .when(notice('paid', 'n-paid', { payment_id: 'pay_6000000123_ffffffffffffffff' }))
      .thenThrows(NotFound, 'payment.not_found');
  });

  it('moves a started payment forward: pending, authorised (3-D Secure), paid', () => {
    given(started()).when(notice('pending', 'n-pending')).then(pending());
    given(started(), pending()).when(notice('authorised', 'n-auth')).then(authorised());
    given(started()).when(notice('authorised', 'n-auth')).then(authorised());
    given(started(), pending(), authorised()).when(notice('paid', 'n-paid')).then(succeeded());
    given(started()).when(notice('paid', 'n-paid')).then(succeeded());
  });

  it('a started payment fails, from any state before it was paid', () => {
    given(started()).when(notice('failed', 'n-failed')).then(failed());
    given(started(), pending()).when(notice('failed', 'n-failed')).then(failed());
    given(started(), authorised()).when(notice('failed', 'n-failed')).then(failed());
  });

  it('a duplicate notification (the same id) records nothing, whatever the state', () => {
    given(started(), succeeded('n-paid')).when(notice('paid', 'n-paid')).then();
    given(started(), pending('n-pending')).when(notice('pending', 'n-pending')).then();
    given(started(), failed('n-failed')).when(notice('failed', 'n-failed')).then();
  });

  it('a second "paid" under another id records nothing: the order is paid once', () => {
    given(started(), succeeded('n-paid')).when(notice('paid', 'n-paid-again')).then();
  });

  it('a late "pending" or "authorised" never undoes "paid"', () => {
    given(started(), succeeded()).when(notice('pending', 'n-late-pending')).then();
    given(started(), succeeded()).when(notice('authorised', 'n-late-auth')).then();
    given(started(), authorised()).when(notice('pending', 'n-late-pending')).then();
  });

  it('a "failed" after "paid" is recorded for staff and changes nothing; the same one twice once', () => {
    given(started(), succeeded())
      .when(notice('failed', 'n-late-failed'))
      .then({ type: 'PaymentLateFailureRecorded', data: { notification_id: 'n-late-failed', reported: 'failed', at: LATER } });
    given(started(), succeeded(), {
      type: 'PaymentLateFailureRecorded',
      data: { notification_id: 'n-late-failed', reported: 'failed', at: LATER },
    })
      .when(notice('failed', 'n-late-failed'))
      .then();
    given(started(), succeeded(), refunded())
      .when(notice('failed', 'n-late-failed'))
      .then({ type: 'PaymentLateFailureRecorded', data: { notification_id: 'n-late-failed', reported: 'failed', at: LATER } });
  });

  it('a second "failed" records nothing; money arriving after a failure is recorded as paid', () => {
    given(started(), failed()).when(notice('failed', 'n-failed-2')).then();
    given(started(), failed()).when(notice('pending', 'n-pending')).then();
    given(started(), failed()).when(notice('paid', 'n-paid')).then(succeeded());
  });

  it('refuses a "paid" for another amount or currency than the order’s', () => {
    given(started())
      .when(notice('paid', 'n-paid', { amount: 12_000 }))
      .thenThrows(IllegalState, 'payment.amount_mismatch');
    given(started())
      .when(notice('paid', 'n-paid', { currency: 'RON' }))
      .thenThrows(IllegalState, 'payment.amount_mismatch');
  });

  it('records a refund only of what was collected; a refund reported twice once', () => {
    given(started(), succeeded(), refundRequested()).when(notice('refunded', 'n-refunded')).then(refunded());
    given(started(), succeeded()).when(notice('refunded', 'n-refunded')).then(refunded());
    given(started()).when(notice('refunded', 'n-refunded')).then();
    given(started(), failed()).when(notice('refunded', 'n-refunded')).then();
    given(started(), succeeded(), refunded()).when(notice('refunded', 'n-refunded-2')).then();
    given(started(), succeeded(), refunded()).when(notice('paid', 'n-paid-late')).then();
  });
});
