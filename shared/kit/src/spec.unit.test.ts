import { describe, expect, it } from 'vitest';
import type { Decider, DomainEvent } from './decider';
import { DomainError, IllegalState, NotFound, ValidationError, assertNever } from './errors';
import { deciderSpec } from './spec';

// A trade-in crate in miniature: opened, devices added up to a capacity, closed.
type CrateEvent =
  | DomainEvent<'CrateOpened', { capacity: number }>
  | DomainEvent<'DeviceAdded', { imei: string }>
  | DomainEvent<'CrateClosed', { devices: number }>;
type CrateCommand = { type: 'Open'; capacity: number } | { type: 'Add'; imei: string } | { type: 'Close' };
type Crate = { status: 'none' | 'open' | 'closed'; capacity: number; imeis: string[] };

const crate: Decider<CrateCommand, CrateEvent, Crate> = {
  initialState: () => ({ status: 'none', capacity: 0, imeis: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CrateOpened':
        return { ...state, status: 'open', capacity: event.data.capacity };
      case 'DeviceAdded':
        return { ...state, imeis: [...state.imeis, event.data.imei] };
      case 'CrateClosed':
        return { ...state, status: 'closed' };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Open':
        if (state.status !== 'none') throw new IllegalState('crate.already_open');
        if (command.capacity < 1) throw new ValidationError('crate.capacity_invalid', { capacity: ['validation.min'] });
        return [{ type: 'CrateOpened', data: { capacity: command.capacity } }];
      case 'Add':
        if (state.status !== 'open') throw new IllegalState('crate.not_open');
        if (state.imeis.includes(command.imei)) return [];
        if (state.imeis.length >= state.capacity) throw new IllegalState('crate.full');
        return [{ type: 'DeviceAdded', data: { imei: command.imei } }];
      case 'Close':
        if (state.status !== 'open') throw new IllegalState('crate.not_open');
        return [{ type: 'CrateClosed', data: { devices: state.imeis.length } }];
      default:
        return assertNever(command);
    }
  },
};

const opened = (capacity = 2): CrateEvent => ({ type: 'CrateOpened', data: { capacity } });
const added = (imei: string): CrateEvent => ({ type: 'DeviceAdded', data: { imei } });
const { given } = deciderSpec(crate);

describe('deciderSpec', () => {
  it('decides on the state folded from the given events', () => {
    given(opened(), added('111'), added('222'))
      .when({ type: 'Close' })
      .then({ type: 'CrateClosed', data: { devices: 2 } });
    given().when({ type: 'Open', capacity: 3 }).then(opened(3));
  });

  it('then() without events asserts the command changes nothing', () => {
    given(opened(), added('111')).when({ type: 'Add', imei: '111' }).then();
    expect(() => given(opened()).when({ type: 'Add', imei: '111' }).then()).toThrow();
  });

  it('fails when the decided events differ in data, order or number', () => {
    expect(() =>
      given(opened(), added('1'))
        .when({ type: 'Close' })
        .then({ type: 'CrateClosed', data: { devices: 2 } }),
    ).toThrow();
    expect(() => given(opened()).when({ type: 'Add', imei: '1' }).then(added('1'), added('1'))).toThrow();
    expect(() => given().when({ type: 'Open', capacity: 3 }).then(opened(4))).toThrow();
  });

  it('thenThrows matches the error class, a base class, and the stable code', () => {
    given().when({ type: 'Close' }).thenThrows(IllegalState);
    given().when({ type: 'Close' }).thenThrows(DomainError, 'crate.not_open');
    given(opened(1), added('1')).when({ type: 'Add', imei: '2' }).thenThrows(IllegalState, 'crate.full');
    given().when({ type: 'Open', capacity: 0 }).thenThrows(ValidationError, 'crate.capacity_invalid');
  });

  it('thenThrows fails on another class, another code, or when nothing is thrown', () => {
    expect(() => given().when({ type: 'Close' }).thenThrows(NotFound)).toThrow();
    expect(() => given().when({ type: 'Close' }).thenThrows(IllegalState, 'crate.full')).toThrow();
    expect(() => given(opened()).when({ type: 'Close' }).thenThrows(IllegalState)).toThrow(/CrateClosed/);
  });

  it('thenThrows with a code fails for an error that is not a DomainError', () => {
    const broken = deciderSpec<null, CrateEvent, null>({
      initialState: () => null,
      evolve: (state) => state,
      decide: () => {
        throw new TypeError('bug');
      },
    });
    broken.given().when(null).thenThrows(TypeError);
    expect(() => broken.given().when(null).thenThrows(TypeError, 'bug')).toThrow(/DomainError/);
  });

  it('an evolve that throws fails the step that folds it', () => {
    expect(() =>
      given(opened(), { type: 'Unknown' } as unknown as CrateEvent)
        .when({ type: 'Close' })
        .then(),
    ).toThrow(/Unhandled/);
  });
});
