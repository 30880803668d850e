import { expect } from 'vitest';
import { fold, type Decider, type DomainEvent } from './decider';
import { DomainError } from './errors';

/**
 * Given/When/Then specs for deciders (DESIGN.md sections 8 and 10):
 *
 *   const { given } = deciderSpec(buyBack);
 *   given(submitted, received).when(inspect).then({ type: 'DeviceInspected', data: … });
 *   given(submitted).when(inspect).thenThrows(IllegalState, 'buyback.not_received');
 *
 * A separate entry point (`@buyloop/kit/spec`) because it imports vitest,
 * which production code must never load.
 */

/** Any error class, abstract ones included, so `thenThrows(DomainError)` reads as "some refusal". */
export type ErrorClass = abstract new (...args: never[]) => Error;

export interface WhenStep<Event extends DomainEvent> {
  /** The command decides exactly these events, in this order; no arguments means it decides nothing. */
  then(...expected: Event[]): void;
  /** The command is refused with this error class and, when given, this stable error code. */
  thenThrows(errorClass: ErrorClass, code?: string): void;
}

export interface GivenStep<Command, Event extends DomainEvent> {
  when(command: Command): WhenStep<Event>;
}

export interface DeciderSpec<Command, Event extends DomainEvent> {
  given(...events: Event[]): GivenStep<Command, Event>;
}

export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
): DeciderSpec<Command, Event> {
  // Arrow functions throughout, so `const { given } = deciderSpec(d)` works.
  const given = (...history: Event[]): GivenStep<Command, Event> => ({
    when: (command: Command): WhenStep<Event> => {
      // Folded inside each step, so a throwing evolve fails the test that exercises it.
      const decide = (): readonly Event[] => decider.decide(command, fold(decider, history));
      return {
        then: (...expected: Event[]) => {
          expect(decide()).toEqual(expected);
        },
        thenThrows: (errorClass: ErrorClass, code?: string) => {
          let decided: readonly Event[];
          try {
            decided = decide();
          } catch (error) {
            expect(error).toBeInstanceOf(errorClass);
            if (code !== undefined) {
              expect(error, 'only DomainErrors carry a code').toBeInstanceOf(DomainError);
              expect((error as DomainError).code).toBe(code);
            }
            return;
          }
          expect.fail(
            `expected ${errorClass.name}${code ? ` (${code})` : ''}, but the command decided ${JSON.stringify(decided)}`,
          );
        },
      };
    },
  });
  return { given };
}
