import { describe, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { userDecider } from '../user-decider';
import type { UserEvent } from '../user';

const { given } = deciderSpec(userDecider);
const at = '2026-11-22T10:00:00.000Z';
const staff: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'sklad@example.cz',
    passwordHash: 'h',
    roles: ['warehouse'],
    kind: 'staff',
    createdBy: 'admin',
    at,
  },
};
const customer: UserEvent = {
  type: 'UserRegistered',
  data: { ...staff.data, roles: ['customer'], kind: 'customer' },
} as UserEvent;

describe('change roles', () => {
  it('records the new and the previous roles and who changed them', () => {
    given(staff)
      .when({ type: 'ChangeRoles', roles: ['warehouse', 'supervisor'], changedBy: 'admin', clientAddress: '10.0.0.9', at })
      .then({
        type: 'RolesChanged',
        data: { roles: ['warehouse', 'supervisor'], previous: ['warehouse'], changedBy: 'admin', clientAddress: '10.0.0.9', at },
      });
  });

  it('changes nothing when the roles are the same, in any order', () => {
    given(staff, {
      type: 'RolesChanged',
      data: { roles: ['warehouse', 'finance'], previous: ['warehouse'], changedBy: 'a', clientAddress: 'x', at },
    })
      .when({ type: 'ChangeRoles', roles: ['finance', 'warehouse'], changedBy: 'admin', clientAddress: '10.0.0.9', at })
      .then();
  });

  it('never turns a staff account into a customer or the other way round', () => {
    given(staff)
      .when({ type: 'ChangeRoles', roles: ['customer'], changedBy: 'admin', clientAddress: '10.0.0.9', at })
      .thenThrows(ValidationError);
    given(customer)
      .when({ type: 'ChangeRoles', roles: ['administrator'], changedBy: 'admin', clientAddress: '10.0.0.9', at })
      .thenThrows(ValidationError);
    given(customer)
      .when({ type: 'ChangeRoles', roles: ['customer', 'shop_account'], changedBy: 'admin', clientAddress: '10.0.0.9', at })
      .thenThrows(ValidationError);
  });
});
