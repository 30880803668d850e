import { IllegalState, ValidationError } from '@buyloop/kit';
import type { BuyBackCatalogue, ColorVariant, DeviceModel, PriceList } from '../catalogue/types';
import { appraise, checkVersion, isAnswerProblem, type AppraisalResult, type Appraised } from './appraise';

export interface OfferRequest {
  /** The colour variant's id. */
  readonly device_identifier: string;
  readonly appraisal_version: number;
  readonly device_condition_choices: readonly string[];
}

export interface PricedDevice {
  readonly model: DeviceModel;
  readonly color: ColorVariant;
  readonly priceList: PriceList;
}

/** "iPhone 13 128 GB, Blue": how the device is named in history, e-mails and the contract. */
export const deviceLabelOf = ({ model, color }: Pick<PricedDevice, 'model' | 'color'>): string =>
  `${model.label}, ${color.label}`;

/** The model, colour and price list a colour variant id names; a field error under `field` when there is none. */
export function deviceOf(catalogue: BuyBackCatalogue, colorId: string, field = 'device_identifier'): PricedDevice {
  for (const model of catalogue.models) {
    const color = model.colors.find((c) => c.id === colorId);
    if (!color) continue;
    const priceList = catalogue.price_lists.find((p) => p.model_id === model.id);
    if (priceList) return { model, color, priceList };
  }
  throw new ValidationError('validation.failed', { [field]: ['validation.invalid_value'] }, `Unknown colour ${colorId}`);
}

/**
 * What the server offers for a submission, recomputed from the price list in
 * force, never taken from the client. A submission made against another
 * version is refused with 409, naming the version and, where the same
 * answers still make sense, the price they give now.
 */
export function quoteOffer(catalogue: BuyBackCatalogue, request: OfferRequest): PricedDevice & { result: AppraisalResult } {
  const device = deviceOf(catalogue, request.device_identifier);
  const version = checkVersion(device.priceList, request.appraisal_version);
  if (!version.current) {
    const now = appraise(device.priceList, request.device_condition_choices);
    throw new IllegalState('buyback.price_list_changed', `The price list is now version ${device.priceList.version}`, {
      current_version: device.priceList.version,
      ...(now.can_buy ? { current_price: now.price, currency: now.currency, quality: now.quality } : {}),
    });
  }
  const result = appraise(device.priceList, request.device_condition_choices);
  if (isAnswerProblem(result))
    throw new ValidationError(
      'validation.failed',
      { device_condition_choices: [result.message_key] },
      `Answers: ${result.reason}`,
    );
  return { ...device, result };
}

/** quoteOffer for a sale or an e-mailed offer: a device that cannot be bought is a field error, not an offer. */
export function bindingOffer(catalogue: BuyBackCatalogue, request: OfferRequest): PricedDevice & { result: Appraised } {
  const quoted = quoteOffer(catalogue, request);
  if (!quoted.result.can_buy)
    throw new ValidationError(
      'validation.failed',
      { device_condition_choices: [quoted.result.message_key] },
      `The device cannot be bought: ${quoted.result.reason}`,
    );
  return { ...quoted, result: quoted.result };
}
