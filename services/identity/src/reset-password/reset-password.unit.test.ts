import { describe, it } from 'vitest';
import { RequestRefused, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { userDecider } from '../user-decider';
import type { UserEvent } from '../user';

const { given } = deciderSpec(userDecider);
const at = '2026-11-22T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'eva@example.cz', passwordHash: 'h0', roles: ['customer'], kind: 'customer', createdBy: null, at },
};
const requested = (resetId: string, tokenHash: string, expiresAt: string): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { resetId, tokenHash, expiresAt, clientAddress: '10.0.0.1', at },
});
const reset = (tokenHash: string, when = '2026-11-22T10:30:00.000Z') =>
  ({ type: 'ResetPassword', tokenHash, passwordHash: 'h1', clientAddress: '10.0.0.2', at: when }) as const;

describe('reset password', () => {
  it('a valid link sets the new password', () => {
    given(registered, requested('r1', 't1', '2026-11-22T11:00:00.000Z'))
      .when(reset('t1'))
      .then({
        type: 'PasswordReset',
        data: { resetId: 'r1', passwordHash: 'h1', clientAddress: '10.0.0.2', at: '2026-11-22T10:30:00.000Z' },
      });
  });

  it('a used link, an expired link and an unknown link are refused under the token field', () => {
    const used: UserEvent = { type: 'PasswordReset', data: { resetId: 'r1', passwordHash: 'h1', clientAddress: 'x', at } };
    given(registered, requested('r1', 't1', '2026-11-22T11:00:00.000Z'), used)
      .when(reset('t1'))
      .thenThrows(ValidationError, 'validation.failed');
    given(registered, requested('r1', 't1', '2026-11-22T11:00:00.000Z'))
      .when(reset('t1', '2026-11-22T11:00:00.000Z'))
      .thenThrows(ValidationError);
    given(registered, requested('r1', 't1', '2026-11-22T11:00:00.000Z'))
      .when(reset('other'))
      .thenThrows(ValidationError);
  });

  it('a password change spends every outstanding link', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { passwordHash: 'h2', clientAddress: 'x', at } };
    given(registered, requested('r1', 't1', '2026-11-22T11:00:00.000Z'), changed)
      .when(reset('t1'))
      .thenThrows(ValidationError);
  });

  it('a removed account has no working links', () => {
    const removed: UserEvent = { type: 'AccountRemoved', data: { removedBy: 'u1', clientAddress: 'x', at } };
    given(registered, requested('r1', 't1', '2026-11-22T11:00:00.000Z'), removed)
      .when(reset('t1'))
      .thenThrows(ValidationError);
  });

  it('(other slices) a shop account cannot change personal data', () => {
    const shop: UserEvent = { type: 'UserRegistered', data: { ...registered.data, roles: ['shop_account'] } } as UserEvent;
    given(shop)
      .when({
        type: 'ChangePersonalData',
        personal: { degree_before_name: null, first_name: 'A', last_name: 'B', phone_number: null, birth_date: null },
        at,
      })
      .thenThrows(RequestRefused, 'auth.shop_account_read_only');
  });
});
