import { IllegalState } from '@buyloop/kit';
import { assertActive } from '../errors';
import type { UserEvent, UserState } from '../user';

export interface VerifyCustomer {
  readonly type: 'VerifyCustomer';
  /** What made them verified (an order number delivered to them); the orders context sends it. */
  readonly reason: string;
  readonly at: string;
}

/** Spec 6: a customer who bought and received a product becomes verified and may review it. */
export function decideVerifyCustomer(command: VerifyCustomer, state: UserState): UserEvent[] {
  assertActive(state);
  if (state.roles.includes('verified_customer')) return [];
  if (!state.roles.includes('customer')) throw new IllegalState('auth.not_a_customer', 'Only customer accounts are verified');
  return [{ type: 'CustomerVerified', data: { reason: command.reason, at: command.at } }];
}
