/**
 * The write-side model (DESIGN.md section 3): one decider per stream type.
 * Deciders are pure so that the same code replays history, answers commands
 * and runs in Given/When/Then specs without a database; time, ids and prices
 * arrive in the command. Refusals are thrown errors from errors.ts, so the
 * API maps them to HTTP in one place; expected outcomes are events.
 */

/** An event as a decider sees it: the `type`/`data` pair that NewEvent and RecordedEvent share. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  /** The state of a stream that has no events yet. */
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** The events the command causes; an empty list when it changes nothing. Throws to refuse. */
  decide(command: Command, state: State): readonly Event[];
}

/** Replays events onto the initial state. */
export const fold = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  from: State = decider.initialState(),
): State => events.reduce((state, event) => decider.evolve(state, event), from);
