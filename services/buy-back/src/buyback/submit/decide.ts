import { isCurrency, type Currency } from '@buyloop/kit';
import { isQuality, type Quality } from '../../catalogue/types';
import type { BuybackEvent, PickupMethod, SubmittedDevice } from '../events';
import { FieldErrors, IMEI_PATTERN, illegal } from '../rules';
import type { BuybackState } from '../state';
import type { SealedPersonalData } from '../../personal-data/sealed';

/**
 * Sold online: the customer agrees to the price. The caller has recomputed
 * the price from the price list in force (a stale version is refused before
 * this point) and stored the personal data under `subjectId`.
 */
export interface Submit {
  readonly type: 'Submit';
  readonly buyoutNumber: string;
  readonly device: SubmittedDevice;
  readonly declaredQuality: Quality;
  readonly declaredChoices: readonly string[];
  readonly price: number;
  readonly currency: Currency;
  readonly priceListVersion: number;
  readonly subjectId: string;
  readonly customer: SealedPersonalData;
  readonly accessTokenHash: string;
  readonly ownerUserId: string | null;
  readonly pickup: PickupMethod;
  readonly at: string;
}

export function decideSubmit(command: Submit, state: BuybackState): BuybackEvent[] {
  if (state.status !== 'new' && state.status !== 'offered')
    throw illegal('buyback.already_submitted', `Buy-back ${command.buyoutNumber} has already been submitted`);
  const errors = new FieldErrors()
    .text('buyoutNumber', command.buyoutNumber)
    .text('device.modelId', command.device.modelId)
    .text('device.colorId', command.device.colorId)
    .text('subjectId', command.subjectId)
    .text('device.label', command.device.label)
    .text('accessTokenHash', command.accessTokenHash)
    .amount('price', command.price)
    .time('at', command.at);
  if (!IMEI_PATTERN.test(command.device.imei)) errors.add('device.imei', 'validation.imei_invalid');
  if (!isQuality(command.declaredQuality)) errors.add('declaredQuality', 'buyback.quality_unknown');
  if (!isCurrency(command.currency)) errors.add('currency', 'buyback.price_list.currency_invalid');
  if (!Number.isSafeInteger(command.priceListVersion) || command.priceListVersion < 1)
    errors.add('priceListVersion', 'buyback.price_list.version_invalid');
  if (command.pickup !== 'courier' && command.pickup !== 'centre') errors.add('pickup', 'validation.invalid_value');
  if (command.customer.subjectId !== command.subjectId) errors.add('customer', 'buyback.subject_mismatch');
  if (state.buyoutNumber !== null && state.buyoutNumber !== command.buyoutNumber)
    errors.add('buyoutNumber', 'buyback.number_mismatch');
  errors.throwIfAny('The buy-back cannot be submitted');
  const { type: _type, declaredChoices, device, ...rest } = command;
  return [{ type: 'Submitted', data: { ...rest, device: { ...device }, declaredChoices: [...declaredChoices] } }];
}
