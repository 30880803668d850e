import { useT } from '../../app/lang';
import { optionalNumber } from './forms';
import { useMarket } from './hooks';
import { KIND_LABELS, QUALITY_LABELS } from './labels';
import {
  gradeRuleOf,
  isIntangibleKind,
  PRODUCT_KINDS,
  PRODUCT_QUALITIES,
  PRODUCT_VAT_RATES,
  WARRANTY_EXTENSION_MONTHS,
} from '@buyloop/contracts/catalogue/vocabulary';
import type { CatalogueProductView } from './types';
import { CheckField, FormErrors, SelectField, TextField, useForm, type Form } from './ui';

export type VariantValues = {
  code: string;
  kind: string;
  ean: string;
  colour: string;
  capacity: string;
  quality: string;
  grade: string;
  long_name: string;
  short_name: string;
  vat_rate: string;
  legal_warranty_months: string;
  extension_months: string;
  pre_order: boolean;
  electronic_licence: boolean;
  external_stock: boolean;
};

const FIELDS = [
  'code',
  'kind',
  'ean',
  'colour',
  'capacity',
  'quality',
  'grade',
  'long_name',
  'short_name',
  'vat_rate',
  'legal_warranty_months',
  'extension_months',
  'pre_order',
  'electronic_licence',
  'external_stock',
];

export const variantValuesOf = (product: CatalogueProductView | null, defaults: { long_name?: string }): VariantValues => ({
  code: product?.code ?? '',
  kind: product?.kind ?? 'device',
  ean: product?.ean ?? '',
  colour: product?.colour ?? '',
  capacity: product?.capacity ?? '',
  quality: product?.quality ?? 'new',
  grade: product?.grade ?? '',
  long_name: product?.long_name ?? defaults.long_name ?? '',
  short_name: product?.short_name ?? '',
  vat_rate: product ? String(product.vat_rate) : '21',
  legal_warranty_months: product ? String(product.legal_warranty_months) : '24',
  extension_months: product?.extension_months ? String(product.extension_months) : '',
  pre_order: product?.pre_order ?? false,
  electronic_licence: product?.electronic_licence ?? false,
  external_stock: product?.external_stock ?? false,
});

/**
 * The request body of a variant: a create names its code, an edit cannot
 * change it. Numbers typed wrong go as typed, so the server's refusal lands
 * under their fields in its words.
 */
export function variantBody(values: VariantValues, withCode: boolean) {
  const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    ...(withCode ? { code: values.code.trim() } : {}),
    kind: values.kind,
    ean: blankToNull(values.ean),
    colour: blankToNull(values.colour),
    capacity: blankToNull(values.capacity),
    quality: values.quality,
    grade: values.grade === '' ? null : values.grade,
    long_name: values.long_name,
    short_name: values.short_name,
    vat_rate: optionalNumber(values.vat_rate),
    legal_warranty_months: optionalNumber(values.legal_warranty_months),
    extension_months: values.kind === 'warranty_extension' ? optionalNumber(values.extension_months) : null,
    pre_order: values.pre_order,
    electronic_licence: values.electronic_licence,
    external_stock: values.external_stock,
  };
}

/** Every field of a catalogue product (a sellable variant), for adding one to a master or editing it. */
export function VariantForm(props: {
  product: CatalogueProductView | null;
  defaultName?: string;
  onSubmit(body: ReturnType<typeof variantBody>): Promise<void>;
  onClose(): void;
  testId: string;
}) {
  const { t } = useT();
  const market = useMarket();
  const creating = props.product === null;
  const form: Form<VariantValues> = useForm(
    variantValuesOf(props.product, { ...(props.defaultName ? { long_name: props.defaultName } : {}) }),
  );
  const v = form.values;
  const intangible = isIntangibleKind(v.kind);
  const gradeRule = gradeRuleOf(v.quality);
  const rates = PRODUCT_VAT_RATES[market];

  const setQuality = (quality: string) => {
    form.set('quality', quality);
    // A grade the new quality does not take is dropped instead of being refused.
    const allowed: readonly string[] = gradeRuleOf(quality).allowed;
    if (!allowed.includes(form.values.grade)) form.set('grade', '');
  };

  const submit = form.submit(async () => {
    await props.onSubmit(variantBody(form.values, creating));
    props.onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form" data-testid={props.testId}>
      <div className="form-row form-row-top">
        {creating && (
          <TextField
            form={form}
            name="code"
            label={t('cat.field.code')}
            required
            className="ctl-field-mid"
            hint={t('cat.field.code_hint')}
            maxLength={40}
          />
        )}
        <SelectField
          form={form}
          name="kind"
          label={t('cat.field.kind')}
          choices={PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
          className="ctl-field-mid"
        />
        <TextField
          form={form}
          name="ean"
          label={t('cat.field.ean')}
          inputMode="numeric"
          className="ctl-field-mid"
          maxLength={13}
        />
      </div>
      <div className="form-row form-row-top">
        <TextField form={form} name="long_name" label={t('cat.field.long_name')} required maxLength={200} />
        <TextField
          form={form}
          name="short_name"
          label={t('cat.field.short_name')}
          required
          className="ctl-field-mid"
          maxLength={80}
        />
      </div>
      <div className="form-row form-row-top">
        <TextField form={form} name="colour" label={t('cat.field.colour')} className="ctl-field-mid" maxLength={50} />
        <TextField form={form} name="capacity" label={t('cat.field.capacity')} className="ctl-field-mid" maxLength={50} />
        <SelectField
          form={form}
          name="quality"
          label={t('cat.field.quality')}
          choices={PRODUCT_QUALITIES.map((q) => ({ value: q, label: t(QUALITY_LABELS[q]) }))}
          onValue={setQuality}
          className="ctl-field-mid"
        />
        <SelectField
          form={form}
          name="grade"
          label={t('cat.field.grade')}
          choices={gradeRule.allowed.map((g) => ({ value: g, label: g }))}
          // A used product must have one: the empty choice then only says to choose.
          empty={gradeRule.required ? t('cat.choose') : t('cat.grade.none')}
          className="ctl-field-short"
        />
      </div>
      <div className="form-row form-row-top">
        <SelectField
          form={form}
          name="vat_rate"
          label={t('cat.field.vat_rate')}
          choices={[...new Set([...rates, ...(v.vat_rate ? [Number(v.vat_rate)] : [])])].map((rate) => ({
            value: String(rate),
            label: `${rate} %`,
          }))}
          className="ctl-field-short"
        />
        <TextField
          form={form}
          name="legal_warranty_months"
          label={t('cat.field.warranty_months')}
          inputMode="numeric"
          className="ctl-field-short"
          hint={intangible ? undefined : t('cat.field.warranty_hint')}
        />
        {v.kind === 'warranty_extension' && (
          <SelectField
            form={form}
            name="extension_months"
            label={t('cat.field.extension_months')}
            choices={WARRANTY_EXTENSION_MONTHS.map((m) => ({ value: String(m), label: String(m) }))}
            empty={t('cat.choose')}
            className="ctl-field-short"
          />
        )}
      </div>
      <div className="form-row ctl-checks">
        <CheckField form={form} name="pre_order" label={t('cat.field.pre_order')} />
        <CheckField form={form} name="electronic_licence" label={t('cat.field.electronic_licence')} />
        <CheckField form={form} name="external_stock" label={t('cat.field.external_stock')} />
      </div>
      <FormErrors form={form} known={FIELDS} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid={`${props.testId}-submit`}>
          {creating ? t('cat.variants.add') : t('cat.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}
