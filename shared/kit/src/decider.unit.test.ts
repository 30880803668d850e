import { describe, expect, it } from 'vitest';
import { fold, type Decider, type DomainEvent } from './decider';

type Counted = DomainEvent<'Counted', { by: number }>;
const counter: Decider<{ by: number }, Counted, number> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command) => (command.by === 0 ? [] : [{ type: 'Counted', data: { by: command.by } }]),
};

describe('fold', () => {
  it('replays events in order from the initial state', () => {
    const order: number[] = [];
    const tracking = {
      ...counter,
      evolve: (total: number, event: Counted) => {
        order.push(event.data.by);
        return total + event.data.by;
      },
    };
    expect(
      fold(tracking, [
        { type: 'Counted', data: { by: 2 } },
        { type: 'Counted', data: { by: 5 } },
      ]),
    ).toBe(7);
    expect(order).toEqual([2, 5]);
  });

  it('returns the initial state for an empty stream and continues from a given state', () => {
    expect(fold(counter, [])).toBe(0);
    expect(fold(counter, [{ type: 'Counted', data: { by: 1 } }], 10)).toBe(11);
  });
});
