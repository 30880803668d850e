import { describe, it } from 'vitest';
import { IllegalState } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { staffRosterDecider, type RosterEvent } from './staff-roster';

const { given } = deciderSpec(staffRosterDecider);

const at = '2026-11-22T09:00:00.000Z';
const started: RosterEvent = {
  type: 'StaffRosterStarted',
  data: { holders: { supervisor: ['s1', 's2'], administrator: ['a1'] }, at },
};

describe('the staff roster', () => {
  it('starts once, from the holders found in the user streams', () => {
    given()
      .when({ type: 'StartRoster', holders: { supervisor: ['s1', 's2'], administrator: ['a1'] }, at })
      .then(started);
    given(started)
      .when({ type: 'StartRoster', holders: { supervisor: [], administrator: [] }, at })
      .then();
  });

  it('records only the guarded roles a person did not hold', () => {
    given(started)
      .when({ type: 'GrantGuardedRoles', userId: 's1', roles: ['supervisor', 'administrator', 'finance'], at })
      .then({ type: 'GuardedRoleGranted', data: { userId: 's1', role: 'administrator', at } });
  });

  it('lets a supervisor go while another remains', () => {
    given(started)
      .when({ type: 'WithdrawGuardedRoles', userId: 's1', roles: ['supervisor', 'warehouse'], at })
      .then({ type: 'GuardedRoleWithdrawn', data: { userId: 's1', role: 'supervisor', at } });
  });

  it('never lets the last supervisor or the last administrator go', () => {
    given(started, { type: 'GuardedRoleWithdrawn', data: { userId: 's1', role: 'supervisor', at } })
      .when({ type: 'WithdrawGuardedRoles', userId: 's2', roles: ['supervisor'], at })
      .thenThrows(IllegalState, 'auth.last_supervisor');
    given(started)
      .when({ type: 'WithdrawGuardedRoles', userId: 'a1', roles: ['administrator'], at })
      .thenThrows(IllegalState, 'auth.last_administrator');
  });

  it('has nothing to say about someone who holds no guarded role', () => {
    given(started)
      .when({ type: 'WithdrawGuardedRoles', userId: 'w1', roles: ['supervisor'], at })
      .then();
  });
});
