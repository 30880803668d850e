import { describe, it } from 'vitest';
import { NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { userDecider } from '../user-decider';
import type { UserEvent } from '../user';

const { given } = deciderSpec(userDecider);
const at = '2026-11-22T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'eva@example.cz', passwordHash: 'h0', roles: ['customer'], kind: 'customer', createdBy: null, at },
};
const logIn = (passwordMatches: boolean) =>
  ({ type: 'LogIn', passwordMatches, sessionRef: 's1', clientAddress: '10.0.0.1', userAgent: 'test', at }) as const;

describe('log in', () => {
  it('records a login with the session and the address', () => {
    given(registered)
      .when(logIn(true))
      .then({ type: 'LoggedIn', data: { sessionRef: 's1', clientAddress: '10.0.0.1', userAgent: 'test', at } });
  });

  it('records a failed login as an outcome, not a refusal', () => {
    given(registered)
      .when(logIn(false))
      .then({ type: 'LoginFailed', data: { reason: 'wrong_password', clientAddress: '10.0.0.1', at } });
  });

  it('there is nobody to log in to before registration or after removal', () => {
    given().when(logIn(true)).thenThrows(NotFound, 'auth.user_not_found');
    given(registered, { type: 'AccountRemoved', data: { removedBy: 'u1', clientAddress: 'x', at } })
      .when(logIn(true))
      .thenThrows(NotFound);
  });
});
