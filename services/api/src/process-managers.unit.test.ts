import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '@buyloop/document-store';
import type { EventStore } from '@buyloop/event-store';
import { fixedClock, type ProcessManager } from '@buyloop/kit';
import type { ModuleProcessManager } from '@buyloop/projector';
import { silentLogger } from './logger';
import { ModuleProcessManagers } from './process-managers';

/** Registration does no I/O: stores that fail on use prove it. */
const unused = new Proxy({} as never, {
  get: () => () => {
    throw new Error('the store was used');
  },
});

const manager = (name: string): ProcessManager => ({ name, handles: ['Happened'], react: () => [] });
const running = (name: string): ModuleProcessManager => ({
  manager: manager(name),
  deliverer: { deliver: async () => ({ outcome: 'delivered', reference: null }) },
});

const registry = () =>
  new ModuleProcessManagers({
    events: unused as EventStore,
    documents: unused as DocumentStore,
    clock: fixedClock('2026-11-20T10:00:00.000Z'),
    logger: silentLogger,
  });

describe("modules' process managers", () => {
  it("gives a module its own managers' outboxes, the same one its runner records into", () => {
    const managers = registry();
    const asked = managers.outboxOf('buy-back', manager('buyback-notifier'));
    managers.register('buy-back', [running('buyback-notifier')]);
    expect(managers.outboxOf('buy-back', manager('buyback-notifier'))).toBe(asked);
    expect(asked.name).toBe('buyback-notifier');
    expect(managers.namesOf('buy-back')).toEqual(['buyback-notifier']);
    expect(managers.namesOf('identity')).toEqual([]);
  });

  it("refuses a module reaching for another module's outbox, before or after that one registered", () => {
    const managers = registry();
    managers.register('orders', [running('picking-lists')]);
    expect(() => managers.outboxOf('buy-back', manager('picking-lists'))).toThrow(/which orders runs/);
    managers.outboxOf('buy-back', manager('invoices'));
    expect(() => managers.register('buy-back', [running('buyback-notifier')])).toThrow(
      /outbox of invoices, which it does not run/,
    );
  });

  it('refuses two modules running a manager of the same name, and names a manager can not be stored under', () => {
    const managers = registry();
    managers.register('orders', [running('picking-lists')]);
    expect(() => managers.register('warehouse', [running('picking-lists')])).toThrow(/registered by both orders and warehouse/);
    expect(() => registry().register('orders', [running('Picking Lists')])).toThrow(/lower-case words joined by dashes/);
  });
});
