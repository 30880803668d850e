import type { BuybackEvent } from '../events';
import { FieldErrors, wrongState } from '../rules';
import type { BuybackState } from '../state';

/**
 * The data subject's key has been destroyed (right to erasure): the buy-back
 * records that its personal data is gone. Erasing twice changes nothing.
 */
export interface ErasePersonalData {
  readonly type: 'ErasePersonalData';
  readonly subjectId: string;
  readonly at: string;
}

export function decideErasePersonalData(command: ErasePersonalData, state: BuybackState): BuybackEvent[] {
  if (state.status === 'new') throw wrongState(state, 'ErasePersonalData');
  const errors = new FieldErrors().text('subjectId', command.subjectId).time('at', command.at);
  if (command.subjectId !== state.subjectId) errors.add('subjectId', 'buyback.subject_mismatch');
  errors.throwIfAny('The personal data cannot be erased');
  if (state.personalDataErased) return [];
  return [{ type: 'PersonalDataErased', data: { subjectId: command.subjectId, at: command.at } }];
}
