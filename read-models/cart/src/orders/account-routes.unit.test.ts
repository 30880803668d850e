import { describe, expect, it } from 'vitest';
import { systemActor, type Actor, type RecordedEvent } from '@buyloop/kit';
import { accountOrdersProjection, isAccountActor } from './account-routes';

const placed = (actor: Actor): RecordedEvent => ({
  id: 'e1',
  type: 'OrderPlaced',
  data: { number: '6000000001', placed_at: '2026-11-24T10:00:00.000Z', customer: { email: 'jana@example.cz' } },
  schemaVersion: 1,
  stream: 'order-6000000001',
  streamVersion: 1n,
  globalPosition: 1n,
  recordedAt: new Date('2026-11-24T10:00:00Z'),
  metadata: { correlationId: 'e1', causationId: null, actor, market: 'cz' },
  checkpoint: '1',
});

describe('whose order it is', () => {
  it('the account signed in when it was placed; a visitor’s and the system’s belong to no account', () => {
    const jana = { userId: '2f0c5a1e-0000-4000-8000-000000000001', role: 'customer' };
    expect(accountOrdersProjection.key(placed(jana))).toBe('6000000001');
    expect(accountOrdersProjection.evolve(null, placed(jana))).toEqual({
      number: '6000000001',
      customer_id: jana.userId,
      placed_at: '2026-11-24T10:00:00.000Z',
    });
    for (const nobody of [{ userId: 'visitor:127.0.0.1', role: 'visitor' }, systemActor]) {
      expect(isAccountActor(nobody)).toBe(false);
      expect(accountOrdersProjection.evolve(null, placed(nobody))).toBeNull();
    }
    // The e-mail typed into the checkout is never kept: it proves nothing about the account.
    expect(JSON.stringify(accountOrdersProjection.evolve(null, placed(jana)))).not.toContain('jana@example.cz');
  });

  it('an order placed once stays its first owner’s (a replayed event changes nothing)', () => {
    const first = accountOrdersProjection.evolve(null, placed({ userId: 'a', role: 'customer' }));
    expect(accountOrdersProjection.evolve(first, placed({ userId: 'b', role: 'customer' }))).toBe(first);
  });
});
