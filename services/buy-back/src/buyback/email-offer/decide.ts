import { isCurrency, type Currency } from '@buyloop/kit';
import { isQuality, type Quality } from '../../catalogue/types';
import type { BuybackEvent } from '../events';
import { FieldErrors, illegal } from '../rules';
import type { BuybackState } from '../state';
import type { SealedPersonalData } from '../../personal-data/sealed';

/** The appraisal sent to the customer's e-mail; the caller appraised it and stores the address encrypted. */
export interface EmailOffer {
  readonly type: 'EmailOffer';
  readonly buyoutNumber: string;
  readonly modelId: string;
  readonly colorId: string;
  readonly deviceLabel: string;
  readonly declaredQuality: Quality;
  readonly declaredChoices: readonly string[];
  readonly price: number;
  readonly currency: Currency;
  readonly priceListVersion: number;
  readonly subjectId: string;
  readonly contact: SealedPersonalData;
  readonly accessTokenHash: string;
  readonly at: string;
}

export function decideEmailOffer(command: EmailOffer, state: BuybackState): BuybackEvent[] {
  if (state.status !== 'new') throw illegal('buyback.already_exists', `Buy-back ${command.buyoutNumber} already exists`);
  const errors = new FieldErrors()
    .text('buyoutNumber', command.buyoutNumber)
    .text('modelId', command.modelId)
    .text('colorId', command.colorId)
    .text('subjectId', command.subjectId)
    .text('deviceLabel', command.deviceLabel)
    .text('accessTokenHash', command.accessTokenHash)
    .amount('price', command.price)
    .time('at', command.at);
  if (!isQuality(command.declaredQuality)) errors.add('declaredQuality', 'buyback.quality_unknown');
  if (!isCurrency(command.currency)) errors.add('currency', 'buyback.price_list.currency_invalid');
  if (!Number.isSafeInteger(command.priceListVersion) || command.priceListVersion < 1)
    errors.add('priceListVersion', 'buyback.price_list.version_invalid');
  if (command.contact.subjectId !== command.subjectId) errors.add('contact', 'buyback.subject_mismatch');
  errors.throwIfAny('The offer cannot be e-mailed');
  const { type: _type, declaredChoices, ...rest } = command;
  return [{ type: 'OfferEmailed', data: { ...rest, declaredChoices: [...declaredChoices] } }];
}
