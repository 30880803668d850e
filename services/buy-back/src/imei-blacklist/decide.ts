import { IllegalState, type Decider } from '@buyloop/kit';
import { checkImei } from '@buyloop/validation';
import { FieldErrors } from '../buyback/rules';
import {
  evolveImeiBlacklist,
  imeiBlacklistId,
  initialImeiBlacklistState,
  isImeiBlacklistSource,
  neverImeiBlacklistCase,
  type ImeiBlacklistEvent,
  type ImeiBlacklistSource,
  type ImeiBlacklistState,
} from './events';

/** Puts an IMEI on the blacklist: a buy-back of that device is then refused. */
export interface BlacklistImei {
  readonly type: 'BlacklistImei';
  readonly imei: string;
  readonly reason: string;
  readonly source: ImeiBlacklistSource;
  readonly at: string;
}

/** Takes an IMEI off the blacklist (the device was found, the report was a mistake). */
export interface ClearImei {
  readonly type: 'ClearImei';
  readonly imei: string;
  readonly reason: string;
  readonly at: string;
}

export type ImeiBlacklistCommand = BlacklistImei | ClearImei;

/** Long enough for a police case number and a sentence, short enough for the back office's grid. */
export const IMEI_BLACKLIST_REASON_MAX_LENGTH = 500;

function checkInput(command: { imei: unknown; reason: unknown; at: string }, errors: FieldErrors): void {
  for (const code of checkImei(command.imei)) errors.add('imei', code);
  const reason = typeof command.reason === 'string' ? command.reason : '';
  errors.text('reason', reason);
  if (reason.trim().length > IMEI_BLACKLIST_REASON_MAX_LENGTH) errors.add('reason', 'validation.max_length');
  errors.time('at', command.at);
}

/** The handler routes by imeiBlacklistStream(command.imei), so another IMEI here is a wiring bug, not a refusal. */
function assertSameImei(state: ImeiBlacklistState, imei: string): void {
  if (state.imei !== null && state.imei !== imei)
    throw new Error(`IMEI blacklist stream of ${state.imei} was given a command for ${imei}`);
}

export function decideBlacklistImei(command: BlacklistImei, state: ImeiBlacklistState): ImeiBlacklistEvent[] {
  const errors = new FieldErrors();
  checkInput(command, errors);
  if (!isImeiBlacklistSource(command.source)) errors.add('source', 'validation.invalid_value');
  errors.throwIfAny('The IMEI cannot be blacklisted');
  const imei = imeiBlacklistId(command.imei);
  assertSameImei(state, imei);
  // Refused rather than overwritten: the first listing's reason and source are the evidence, and a second report adds nothing to act on.
  if (state.listed)
    throw new IllegalState('imei_blacklist.already_listed', `IMEI ${imei} is already blacklisted`, {
      source: state.source,
      listed_at: state.listedAt,
    });
  return [{ type: 'ImeiBlacklisted', data: { imei, reason: command.reason.trim(), source: command.source, at: command.at } }];
}

export function decideClearImei(command: ClearImei, state: ImeiBlacklistState): ImeiBlacklistEvent[] {
  const errors = new FieldErrors();
  checkInput(command, errors);
  errors.throwIfAny('The IMEI cannot be cleared');
  const imei = imeiBlacklistId(command.imei);
  assertSameImei(state, imei);
  if (!state.listed) throw new IllegalState('imei_blacklist.not_listed', `IMEI ${imei} is not blacklisted`);
  return [{ type: 'ImeiCleared', data: { imei, reason: command.reason.trim(), at: command.at } }];
}

export const imeiBlacklistDecider: Decider<ImeiBlacklistCommand, ImeiBlacklistEvent, ImeiBlacklistState> = {
  initialState: initialImeiBlacklistState,
  evolve: evolveImeiBlacklist,
  decide(command, state) {
    switch (command.type) {
      case 'BlacklistImei':
        return decideBlacklistImei(command, state);
      case 'ClearImei':
        return decideClearImei(command, state);
      default:
        return neverImeiBlacklistCase(command);
    }
  },
};
