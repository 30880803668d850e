/** The message keys of the catalogue's vocabularies (every value of each vocabulary list has one). */
import type { MessageKey } from '../../i18n';
import type { ParamType, ProductKind, ProductQuality } from '@buyloop/contracts/catalogue/vocabulary';

export const QUALITY_LABELS: Readonly<Record<ProductQuality, MessageKey>> = {
  new: 'cat.quality.new',
  newish: 'cat.quality.newish',
  used: 'cat.quality.used',
};

export const KIND_LABELS: Readonly<Record<ProductKind, MessageKey>> = {
  device: 'cat.kind.device',
  accessory: 'cat.kind.accessory',
  insurance: 'cat.kind.insurance',
  warranty_extension: 'cat.kind.warranty_extension',
  service: 'cat.kind.service',
};

export const PARAM_TYPE_LABELS: Readonly<Record<ParamType, MessageKey>> = {
  text: 'cat.param_type.text',
  number: 'cat.param_type.number',
  boolean: 'cat.param_type.boolean',
};
