import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { usersProjection } from './users-projection';

const at = '2026-11-22T09:00:00.000Z';

describe('users projection', () => {
  it('given an account’s life, one grid row with roles, name, last login and failed logins; removal deletes it', () => {
    const documents = project(usersProjection, [
      recorded(
        'UserRegistered',
        { userId: 'u1', email: 'jiri@example.cz', passwordHash: 'h', roles: ['warehouse'], kind: 'staff', createdBy: 'a', at },
        'user-u1',
      ),
      recorded('LoginFailed', { reason: 'wrong_password', clientAddress: '10.0.0.1', at }, 'user-u1'),
      recorded('PersonalDataChanged', { personal: { first_name: 'Jiří', last_name: 'Křížek' }, at }, 'user-u1'),
      recorded(
        'RolesChanged',
        { roles: ['warehouse', 'supervisor'], previous: ['warehouse'], changedBy: 'a', clientAddress: 'x', at },
        'user-u1',
      ),
      recorded(
        'UserRegistered',
        { userId: 'u2', email: 'ana@example.ro', passwordHash: 'h', roles: ['customer'], kind: 'customer', createdBy: null, at },
        'user-u2',
      ),
      recorded(
        'LoggedIn',
        { sessionRef: 's', clientAddress: '10.0.0.2', userAgent: null, at: '2026-11-22T10:00:00.000Z' },
        'user-u2',
      ),
      recorded(
        'UserRegistered',
        { userId: 'u3', email: 'gone@example.cz', passwordHash: 'h', roles: ['customer'], kind: 'customer', createdBy: null, at },
        'user-u3',
      ),
      recorded('AccountRemoved', { removedBy: 'u3', clientAddress: 'x', at }, 'user-u3'),
      recorded('EmailClaimed', { userId: 'u9', at }, 'email-abc'),
    ]);
    expect([...documents.keys()].sort()).toEqual(['u1', 'u2']);
    expect(documents.get('u1')).toMatchObject({
      name: 'Jiří Křížek',
      roles: ['warehouse', 'supervisor'],
      roles_text: 'warehouse supervisor',
      failed_logins: 1,
      last_login_at: null,
    });
    expect(documents.get('u2')).toMatchObject({ kind: 'customer', last_login_at: '2026-11-22T10:00:00.000Z', failed_logins: 0 });
    // Nothing secret reaches the read model.
    expect(JSON.stringify([...documents.values()])).not.toContain('passwordHash');
  });
});
