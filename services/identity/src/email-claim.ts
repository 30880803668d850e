import { createHash } from 'node:crypto';
import type { Decider } from '@buyloop/kit';
import { fieldError } from './errors';

/**
 * An e-mail address belongs to one account at a time. The claim lives in a
 * stream of its own (`email-<sha256 of the address>`), appended with the
 * version that was read, so two registrations racing for one address cannot
 * both win. Registration claims first and writes the user stream second; a
 * claim whose user stream never got written (a crash in between) is taken
 * over by the next registration.
 */
export type EmailEvent =
  | { type: 'EmailClaimed'; data: { userId: string; at: string } }
  | { type: 'EmailReleased'; data: { userId: string; at: string } };

export interface EmailState {
  readonly owner: string | null;
  readonly claimedAt: string | null;
}

/**
 * A claim whose account was never written (the registering process died in
 * between) may be taken over only after this long: a registration that is
 * merely slow (hashing its password) keeps its address.
 */
export const ABANDONED_CLAIM_MS = 2 * 60_000;

export type EmailCommand =
  { type: 'ClaimEmail'; userId: string; ownerExists: boolean; at: string } | { type: 'ReleaseEmail'; userId: string; at: string };

export const emailStream = (normalisedEmail: string): string =>
  `email-${createHash('sha256').update(normalisedEmail).digest('hex')}`;

export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  initialState: () => ({ owner: null, claimedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'EmailClaimed':
        return { owner: event.data.userId, claimedAt: event.data.at };
      case 'EmailReleased':
        return state.owner === event.data.userId ? { owner: null, claimedAt: null } : state;
      default:
        return never(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ClaimEmail':
        if (state.owner === command.userId) return [];
        if (
          state.owner !== null &&
          (command.ownerExists || Date.parse(command.at) - Date.parse(state.claimedAt ?? command.at) < ABANDONED_CLAIM_MS)
        )
          throw fieldError('email', 'auth.email_taken', 'The e-mail address has an account');
        return [{ type: 'EmailClaimed', data: { userId: command.userId, at: command.at } }];
      case 'ReleaseEmail':
        if (state.owner !== command.userId) return [];
        return [{ type: 'EmailReleased', data: { userId: command.userId, at: command.at } }];
      default:
        return never(command);
    }
  },
};

function never(value: never): never {
  throw new Error(`Unhandled e-mail claim case ${JSON.stringify(value)}`);
}
