import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { ErrorSummary } from '../app/ErrorSummary';
import { Field } from '../app/Field';
import { Message } from '../app/ui';
import { useRevealOnMount } from '../app/reveal';
import { useT, type UiKey } from '../i18n';
import { DateInput } from '../widgets/DateInput';
import { validToRange } from '../widgets/calendar';
import {
  emptyForm,
  fieldErrors,
  sellOnlineRequest,
  summaryOf,
  type AppraisalFields,
  type SellOnlineForm as Form,
  type TextField,
} from './sell-online';
import type { CountriesResponse, SellOnlineResult } from './types';

type Errors = Partial<Record<TextField, string>>;

const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  titleBeforeName: 'honorific-prefix',
  firstName: 'given-name',
  lastName: 'family-name',
  street: 'address-line1',
  city: 'address-level2',
  postcode: 'postal-code',
  phoneNumber: 'tel',
  email: 'email',
  altStreet: 'shipping address-line1',
  altCity: 'shipping address-level2',
  altPostcode: 'shipping postal-code',
};

const TYPE: Partial<Record<TextField, string>> = { email: 'email', phoneNumber: 'tel' };

/**
 * The sell-online form (spec sections 2 and 5): the client-side field names, the server's
 * messages placed under their fields, one Idempotency-Key per attempt kept on retry, and on
 * success the Location the server gave (the thank-you page).
 */
export function SellOnlineForm({ appraisal, countries }: { appraisal: AppraisalFields; countries: CountriesResponse | null }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const [form, setForm] = useState<Form>(() => emptyForm(countries?.default ?? market.defaultCountry));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  // The server's form-wide messages of the last refusal, and how many refusals so far (each one reveals the summary).
  const [refusal, setRefusal] = useState<{ general: string[]; attempt: number }>({ general: [], attempt: 0 });
  const key = useRef<string | null>(null);
  const heading = useRevealOnMount<HTMLHeadingElement>();

  const set = (field: TextField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const sell = useMutation({
    mutationFn: () => {
      key.current ??= globalThis.crypto.randomUUID();
      return api.post<SellOnlineResult>('/api/buyout/sell-online', sellOnlineRequest(form, appraisal), {
        'idempotency-key': key.current,
      });
    },
    onMutate: () => setGeneral(null),
    onSuccess: (response) => {
      const target =
        response.location ??
        `${market.paths.base}/${market.paths.thankYou}?number=${encodeURIComponent(response.body.buyout_number)}`;
      globalThis.window.location.assign(target);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const mapped = fieldErrors(error.problem?.messages ?? {});
        setErrors(mapped.fields);
        setRefusal((r) => ({
          general:
            mapped.general.length > 0 || Object.keys(mapped.fields).length > 0 ? mapped.general : [t('buyback.sell.failed')],
          attempt: r.attempt + 1,
        }));
      } else {
        console.error('Selling online failed', error);
        setGeneral(error instanceof ApiError && error.problem?.title ? error.problem.title : t('common.error.text'));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sell.mutate();
  };

  const labelOf = (field: TextField) => t(`field.${field}` as UiKey);
  const summary = summaryOf(errors, labelOf);

  const text = (field: TextField, extra: { wide?: boolean; hint?: UiKey } = {}) => (
    <Field
      name={field}
      label={t(`field.${field}` as UiKey)}
      error={errors[field]}
      className={extra.wide ? 'field--wide' : ''}
      {...(extra.hint ? { hint: t(extra.hint) } : {})}
    >
      {(props) => (
        <input
          {...props}
          type={TYPE[field] ?? 'text'}
          autoComplete={AUTOCOMPLETE[field] ?? 'off'}
          value={form[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );

  const country = (field: TextField) => (
    <Field name={field} label={t(`field.${field}` as UiKey)} error={errors[field]}>
      {(props) => (
        <select {...props} value={form[field]} onChange={(e) => set(field, e.target.value)}>
          {(countries?.choices ?? [{ value: market.defaultCountry, label: market.defaultCountry }]).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <section className="card way" aria-labelledby="sell-online-title">
      <h2 id="sell-online-title" ref={heading} tabIndex={-1}>
        {t('buyback.sell.title')}
      </h2>
      <form data-testid="sell-online-form" onSubmit={submit} noValidate>
        {refusal.attempt > 0 && (summary.length > 0 || refusal.general.length > 0) && (
          <ErrorSummary
            title={t('buyback.sell.summary.title')}
            lead={t('buyback.sell.summary.lead')}
            general={refusal.general}
            items={summary}
            attempt={refusal.attempt}
          />
        )}
        <fieldset className="form-section">
          <legend>{t('buyback.sell.device')}</legend>
          <div className="form-grid">
            {text('imei', { hint: 'field.imei.hint' })}
            {text('serialNumber')}
            <Field name="note" label={t('field.note')} error={errors.note} className="field--wide">
              {(props) => <textarea {...props} rows={2} value={form.note} onChange={(e) => set('note', e.target.value)} />}
            </Field>
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('buyback.sell.personal')}</legend>
          <div className="form-grid">
            {text('titleBeforeName')}
            {text('firstName')}
            {text('lastName')}
            <Field name="gender" label={t('field.gender')} error={errors.gender}>
              {(props) => (
                <select {...props} value={form.gender} onChange={(e) => set('gender', e.target.value)}>
                  <option value="">{t('field.gender.choose')}</option>
                  <option value="male">{t('field.gender.male')}</option>
                  <option value="female">{t('field.gender.female')}</option>
                </select>
              )}
            </Field>
            {text('birthNumber')}
            {text('placeOfBirth')}
            {country('nationality')}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('buyback.sell.identity')}</legend>
          <div className="form-grid">
            {text('identityCardNumber')}
            {text('identityReleasedBy')}
            <DateInput
              id="field-identityValidTo"
              name="identityValidTo"
              label={t('field.identityValidTo')}
              value={form.identityValidTo}
              serverError={errors.identityValidTo}
              errorTestId="error-identityValidTo"
              pickerRange={validToRange}
              onChange={(value) => set('identityValidTo', value)}
            />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('buyback.sell.address')}</legend>
          <div className="form-grid">
            {text('street', { wide: true })}
            {text('city')}
            {text('district')}
            {text('postcode')}
            {country('country')}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('buyback.sell.contact')}</legend>
          <div className="form-grid">
            {text('email')}
            {text('phoneNumber')}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('buyback.sell.bank')}</legend>
          <div className="form-grid">
            {text('bankAccountNumber')}
            {text('bankCode')}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('buyback.sell.pickup')}</legend>
          <label className="checkbox" htmlFor="field-pickupAltAddress">
            <input
              type="checkbox"
              id="field-pickupAltAddress"
              name="pickupAltAddress"
              checked={form.pickupAltAddress}
              onChange={(e) => setForm((f) => ({ ...f, pickupAltAddress: e.target.checked }))}
            />
            <span>{t('field.pickupAltAddress')}</span>
          </label>
          {form.pickupAltAddress && (
            <div className="form-grid">
              {text('altStreet', { wide: true })}
              {text('altCity')}
              {text('altDistrict')}
              {text('altPostcode')}
              {country('altCountry')}
            </div>
          )}
        </fieldset>
        {general && (
          <div data-testid="form-error">
            <Message kind="error">{general}</Message>
          </div>
        )}
        <div className="form-actions">
          <button
            type="submit"
            className="button button--primary button--large"
            data-testid="sell-online-submit"
            disabled={sell.isPending}
          >
            {sell.isPending ? t('buyback.sell.submitting') : t('buyback.sell.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
