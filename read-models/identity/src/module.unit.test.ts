import { describe, expect, it } from 'vitest';
import { identityModule } from './module';

describe('the identity module', () => {
  it('folds user, approval and staff-roster streams for pnpm ops events:state', () => {
    const { streams } = identityModule();
    expect(Object.keys(streams).sort()).toEqual(['approval', 'staff', 'user']);
    const approval = streams.approval!;
    const state = approval.evolve(approval.initialState(), {
      type: 'ApprovalRequested',
      data: {
        approvalId: 'a1',
        action: 'payout',
        subject: '1',
        amount: 1,
        currency: 'CZK',
        reason: 'r',
        requestedBy: 'u1',
        at: '2026-11-01T00:00:00Z',
      },
    });
    expect(state).toMatchObject({ status: 'pending', requestedBy: 'u1' });
  });

  it('brings the users read model and declares only identity capabilities', () => {
    const module = identityModule();
    expect(module.projections.map((projection) => projection.name)).toEqual(['users']);
    expect(module.capabilities).toContain('admin.users.manage');
    expect(module.capabilities).not.toContain('buyback.read');
  });
});
