import { IDENTITY_PERMISSIONS, isStaffRole, type Capability } from '@buyloop/contracts';
import {
  approvalDecider,
  argon2Hasher,
  identityRoutes,
  IdentityService,
  loadDemoUsers,
  LoginThrottle,
  SessionStore,
  staffRosterDecider,
  userDecider,
  type PasswordHasher,
} from '@buyloop/identity';
import type { Module, Projection, StreamFolder } from '@buyloop/projector';
import { usersProjection } from './users-projection';
import { usersQuery } from './users-query';
import { listUsersRoutes } from './list-users-route';

export interface IdentityModuleOptions {
  /** Tests hash with cheaper argon2id settings; the algorithm stays the same. */
  readonly passwords?: PasswordHasher;
}

/** What tests and tools reach inside identity for. */
export interface IdentityHandle {
  readonly service: IdentityService;
  readonly sessions: SessionStore;
}

/**
 * Identity as a module: accounts and sessions (it answers who is signed in
 * for every other module's routes), roles, the supervisor check, password
 * resets by e-mail, and the staff's user list.
 */
export function identityModule(options: IdentityModuleOptions = {}): Module<IdentityHandle> {
  return {
    name: 'identity',
    capabilities: Object.keys(IDENTITY_PERMISSIONS) as Capability[],
    projections: [usersProjection as unknown as Projection],
    streams: {
      user: userDecider as unknown as StreamFolder,
      approval: approvalDecider as unknown as StreamFolder,
      // `staff-roster`: who holds the roles the supervisor check depends on.
      staff: staffRosterDecider as unknown as StreamFolder,
    },
    async open(context) {
      const sessions = new SessionStore(context.documents, context.clock);
      const service = new IdentityService({
        events: context.events,
        sessions,
        throttle: new LoginThrottle(context.documents, context.clock),
        passwords: options.passwords ?? argon2Hasher(),
        mail: context.mail,
        clock: context.clock,
        market: context.market,
        publicUrl: context.publicUrl,
        onBackgroundError: (error) => context.logger.error('Background work of the identity context failed', { error }),
      });
      const routes = identityRoutes({ identity: service, sessions, market: context.market, clock: context.clock });
      listUsersRoutes(
        routes,
        usersQuery(context.documents, () => context.collection('users')),
      );
      return {
        routes: [routes],
        sessions,
        accounts: {
          async createByOperator(input, operator) {
            const kind = input.roles.every(isStaffRole) ? 'staff' : 'customer';
            const user = await service.createAccount(
              { ...input, roles: [...input.roles], kind },
              { actor: { userId: operator, role: 'administrator' } },
              operator,
              { trustedOperator: true },
            );
            return { user_id: user.user_id, email: user.email, roles: user.roles };
          },
        },
        handle: { service, sessions },
        async loadDemoData() {
          const { created } = await loadDemoUsers(service, context.mode);
          return created.length > 0 ? [`Demo users created (password in the README): ${created.join(', ')}`] : [];
        },
      };
    },
  };
}
