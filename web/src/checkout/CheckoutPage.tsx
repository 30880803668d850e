import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError, query, useApi } from '../app/api';
import { ConfirmDialog } from '../app/ConfirmDialog';
import { useMarket } from '../app/context';
import { ErrorSummary } from '../app/ErrorSummary';
import { Field } from '../app/Field';
import { formatDateTime, formatMoney } from '../app/format';
import { ErrorState, Loading, Message } from '../app/ui';
import { useT, type UiKey } from '../i18n';
import { storesQuery } from '../stores/queries';
import { CartTotals, EmptyCart } from '../cart/CartPage';
import { CART_COUNT_KEY, CART_KEY, cartQuery, type CartSummary } from '../cart/queries';
import '../cart/cart.css';
import {
  FIELD_ORDER,
  emptyCheckout,
  finishRequest,
  needsAddress,
  needsPlace,
  needsStore,
  placeProblemMessages,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
} from './form';
import { finishAttempt, idempotencyKeyFor, keepBankTransfer } from './idempotency';
import { choicesOf, placesOf, pricedFor, timeslotsOf, type Choice } from './options';
import { PickupPointMap, type PickupPlace } from './PickupPointMap';

/** What POST /api/cart/finish answers with 201. */
export interface FinishAnswer {
  readonly order_number: string;
  readonly token?: string;
  readonly status_url: string;
  readonly total?: number;
  readonly currency?: string;
  readonly payment: { readonly method: string; readonly redirect_url?: string; readonly bank_transfer?: unknown };
}

const LABELS: Readonly<Record<CheckoutField, UiKey>> = {
  email: 'checkout.email',
  phone: 'checkout.phone',
  first_name: 'checkout.firstName',
  last_name: 'checkout.lastName',
  street: 'checkout.street',
  city: 'checkout.city',
  zip: 'checkout.zip',
  country: 'checkout.country',
  company: 'checkout.company',
  company_id: 'checkout.companyId',
  vat_id: 'checkout.vatId',
  delivery: 'checkout.delivery',
  place_id: 'checkout.place',
  store_id: 'checkout.store',
  timeslot_id: 'checkout.timeslot',
  delivery_street: 'checkout.street',
  delivery_city: 'checkout.city',
  delivery_zip: 'checkout.zip',
  payment: 'checkout.payment',
  terms: 'checkout.consentTerms',
  privacy: 'checkout.consentPrivacy',
  promotions: 'checkout.promotions',
  create_account: 'checkout.createAccount',
  note: 'checkout.note',
};

const COUNTRIES = { cz: ['CZ', 'SK'], ro: ['RO'] } as const;

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** A value that follows another after a pause: the pickup-point search asks once the visitor stops typing. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The checkout on one page: contact, delivery, payment, billing, consents, summary; submit is the order. */
export function CheckoutPage() {
  const t = useT();
  const api = useApi();
  const mounted = useMounted();
  const cart = useQuery({ ...cartQuery(api), enabled: mounted });
  return (
    <div className="container checkout-page" data-testid="checkout-page">
      <h1>{t('checkout.title')}</h1>
      {!mounted || cart.isPending ? (
        <Loading />
      ) : cart.isError ? (
        <ErrorState onRetry={() => void cart.refetch()} />
      ) : cart.data.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CheckoutView cart={cart.data} />
      )}
    </div>
  );
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function CheckoutView({ cart }: { cart: CartSummary }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const navigate = useNavigate();
  const money = (amount: number) => formatMoney(amount, cart.currency, market.locale);
  const [form, setForm] = useState<CheckoutForm>(() => emptyCheckout(market.defaultCountry));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [refusal, setRefusal] = useState<{ general: string[]; attempt: number }>({ general: [], attempt: 0 });
  const [newTotal, setNewTotal] = useState<number | null>(null);
  const [term, setTerm] = useState('');
  const settledTerm = useSettled(term.trim(), 250);
  const settledZip = useSettled(form.delivery_zip.trim(), 300);

  const deliveries = useQuery({
    queryKey: ['cart', 'deliveries'] as const,
    queryFn: () => api.get<unknown>('/api/cart/deliveries'),
    select: (body) => choicesOf(body, 'deliveries', 'methods').map((choice) => pricedFor(choice, cart.total)),
  });
  const payments = useQuery({
    queryKey: ['cart', 'payments', form.delivery] as const,
    queryFn: () => api.get<unknown>(`/api/cart/payments${query({ delivery: form.delivery })}`),
    select: (body) => choicesOf(body, 'payments', 'methods'),
    enabled: form.delivery !== '',
  });
  const places = useQuery({
    queryKey: ['cart', 'delivery-places', settledTerm] as const,
    queryFn: () => api.get<unknown>(`/api/cart/delivery-places?term=${encodeURIComponent(settledTerm)}&limit=50`),
    select: placesOf,
    enabled: needsPlace(form.delivery),
  });
  const chosen = deliveries.data?.find((d) => d.code === form.delivery) ?? null;
  // The delivery's own store list (with when a reservation is ready); the shop's stores if it has none.
  const stores = useQuery({ ...storesQuery(api), enabled: needsStore(form.delivery) && chosen?.stores.length === 0 });
  const storeOptions =
    chosen && chosen.stores.length > 0
      ? chosen.stores
      : (stores.data?.stores ?? []).map((store) => ({
          id: store.id,
          name: store.name,
          address: `${store.street}, ${store.city}`,
          ready_by: null,
        }));
  const timeslots = useQuery({
    queryKey: ['cart', 'delivery-timeslots', form.delivery, settledZip] as const,
    queryFn: () => api.get<unknown>(`/api/cart/delivery-timeslots${query({ method: form.delivery, zip: settledZip })}`),
    select: (body) => timeslotsOf(body, market.timeZone),
    enabled: form.delivery === 'courier' && settledZip.length >= 5,
  });

  const chosenDelivery = chosen;
  const chosenPayment = payments.data?.find((p) => p.code === form.payment) ?? null;
  const fees = [
    ...(chosenDelivery ? [{ label: `${t('cart.summary.delivery')}: ${chosenDelivery.label}`, amount: chosenDelivery.fee }] : []),
    ...(chosenPayment ? [{ label: `${t('cart.summary.payment')}: ${chosenPayment.label}`, amount: chosenPayment.fee }] : []),
  ];
  const total = cart.total + fees.reduce((sum, fee) => sum + fee.amount, 0);

  const set = <K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const chooseDelivery = (code: string) => {
    // Payments depend on the delivery: the earlier choice may not be offered with the new one.
    setForm((f) => ({ ...f, delivery: code, payment: '', place_id: '', place_name: '', store_id: '', timeslot_id: '' }));
    setErrors((e) => ({ ...e, delivery: undefined, payment: undefined }));
  };

  const refuse = (general: string[], fields: CheckoutErrors = {}) => {
    setErrors(fields);
    setRefusal((r) => ({ general, attempt: r.attempt + 1 }));
  };

  const finish = useMutation({
    mutationFn: (expected: number | undefined) => {
      const body = finishRequest(form, expected);
      return api.post<FinishAnswer>('/api/cart/finish', body, { 'idempotency-key': idempotencyKeyFor(JSON.stringify(body)) });
    },
    onSuccess: (response) => {
      const answer = response.body;
      finishAttempt();
      if (answer.payment.bank_transfer) keepBankTransfer(answer.order_number, answer.payment.bank_transfer);
      client.setQueryData(CART_COUNT_KEY, { count: 0 });
      void client.invalidateQueries({ queryKey: CART_KEY });
      globalThis.window.location.assign(answer.payment.redirect_url ?? answer.status_url);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        console.error('The checkout failed', error);
        return refuse([t('common.error.text')]);
      }
      const problem = error.problem as (ApiError['problem'] & { total?: unknown; params?: Record<string, unknown> }) | null;
      if (error.status === 409 && problem?.code === 'cart.price_changed') {
        const changed = numberOf(problem.total) ?? numberOf(problem.params?.total);
        if (changed !== null) {
          setNewTotal(changed);
          void client.invalidateQueries({ queryKey: CART_KEY });
          return;
        }
      }
      if (error.status === 429) return refuse([t('checkout.throttled')]);
      if (error.status >= 500) return refuse([t('checkout.gatewayError')]);
      const placed = placeProblemMessages(problem?.messages ?? {});
      const general = [...placed.general];
      if (Object.keys(placed.fields).length === 0 && general.length === 0)
        general.push(
          problem?.code === 'cart.product_unavailable' ? t('cart.unavailable') : (problem?.title ?? t('checkout.failed')),
        );
      refuse(general, placed.fields);
      void client.invalidateQueries({ queryKey: CART_KEY });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (finish.isPending) return;
    const local = validateCheckout(form, market.market);
    const keys = Object.entries(local) as [CheckoutField, UiKey][];
    if (keys.length > 0) return refuse([], Object.fromEntries(keys.map(([field, key]) => [field, t(key)])));
    finish.mutate(undefined);
  };

  const summaryItems = FIELD_ORDER.filter((field) => errors[field]).map((field) => ({
    id: `field-${field}`,
    label: t(LABELS[field]),
    message: errors[field] ?? '',
  }));

  const text = (
    field: CheckoutField & keyof CheckoutForm,
    options: { type?: string; autoComplete?: string; required?: boolean; wide?: boolean } = {},
  ) => (
    <Field name={field} label={t(LABELS[field])} error={errors[field]} className={options.wide ? 'field--wide' : ''}>
      {(props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          value={String(form[field])}
          onChange={(e) => set(field, e.target.value)}
          {...(options.required === false ? {} : { 'aria-required': true })}
        />
      )}
    </Field>
  );

  return (
    <form className="checkout-layout" onSubmit={submit} noValidate data-testid="checkout-form">
      <div className="checkout-main">
        {refusal.attempt > 0 && (summaryItems.length > 0 || refusal.general.length > 0) ? (
          <ErrorSummary
            title={t('cart.errors.title')}
            lead={t('cart.errors.lead')}
            general={refusal.general}
            items={summaryItems}
            attempt={refusal.attempt}
          />
        ) : null}

        <Section id="checkout-contact" title={t('checkout.contact')}>
          <div className="form-grid">
            {text('email', { type: 'email', autoComplete: 'email' })}
            {text('phone', { type: 'tel', autoComplete: 'tel' })}
            {text('first_name', { autoComplete: 'given-name' })}
            {text('last_name', { autoComplete: 'family-name' })}
          </div>
        </Section>

        <Section id="checkout-delivery" title={t('checkout.delivery')}>
          {deliveries.isPending ? (
            <Loading />
          ) : deliveries.isError ? (
            <ErrorState onRetry={() => void deliveries.refetch()} />
          ) : deliveries.data.length === 0 ? (
            <Message kind="warning">{t('checkout.noDeliveries')}</Message>
          ) : (
            <ChoiceList
              name="delivery"
              legend={t('checkout.delivery')}
              choices={deliveries.data}
              value={form.delivery}
              error={errors.delivery}
              money={money}
              onChoose={chooseDelivery}
            />
          )}

          {needsPlace(form.delivery) ? (
            <div className="checkout-section" data-testid="pickup-points">
              <div className="field">
                <label htmlFor="field-place_id">{t('checkout.placeSearch')}</label>
                <input
                  id="field-place_id"
                  type="search"
                  value={term}
                  onChange={(e) => setTerm(e.target.value)}
                  data-testid="place-search"
                  {...(errors.place_id ? { 'aria-invalid': true as const, 'aria-describedby': 'field-place_id-error' } : {})}
                />
              </div>
              {form.place_name ? (
                <p className="muted" role="status" data-testid="place-chosen">
                  {t('checkout.placeChosen', { name: form.place_name })}
                </p>
              ) : null}
              {places.isPending ? (
                <Loading />
              ) : places.isError ? (
                <ErrorState onRetry={() => void places.refetch()} />
              ) : places.data.length === 0 ? (
                <p className="muted">{t('checkout.placeNone')}</p>
              ) : (
                <PickupPointMap
                  places={places.data.map((place) => place.raw as unknown as PickupPlace)}
                  selectedId={form.place_id || null}
                  market={market.market}
                  searchable={false}
                  onSelect={(id) => {
                    const place = places.data.find((p) => p.id === id);
                    // Name and address: the summary stays when a new search no longer lists the chosen place.
                    const named = place ? [place.name, place.address].filter(Boolean).join(', ') : id;
                    setForm((f) => ({ ...f, place_id: id, place_name: named }));
                    setErrors((e) => ({ ...e, place_id: undefined }));
                  }}
                />
              )}
              <FieldError field="place_id" error={errors.place_id} />
            </div>
          ) : null}

          {needsStore(form.delivery) ? (
            <Field name="store_id" label={t('checkout.store')} error={errors.store_id}>
              {(props) => (
                <select
                  {...props}
                  value={form.store_id}
                  onChange={(e) => set('store_id', e.target.value)}
                  aria-required="true"
                  data-testid="store-select"
                >
                  <option value="">{t('checkout.storeChoose')}</option>
                  {storeOptions.map((store) => (
                    <option key={store.id} value={store.id}>
                      {store.name}, {store.address}
                      {store.ready_by
                        ? ` (${t('checkout.readyBy', { time: formatDateTime(store.ready_by, market.timeZone) })})`
                        : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}

          {needsAddress(form.delivery) ? (
            <div className="checkout-section">
              <h3>{t('checkout.deliveryAddress')}</h3>
              <div className="form-grid">
                {text('delivery_street', { autoComplete: 'shipping address-line1', wide: true })}
                {text('delivery_city', { autoComplete: 'shipping address-level2' })}
                {text('delivery_zip', { autoComplete: 'shipping postal-code' })}
              </div>
              {form.delivery === 'courier' ? (
                <Field name="timeslot_id" label={t('checkout.timeslot')} error={errors.timeslot_id}>
                  {(props) => (
                    <select
                      {...props}
                      value={form.timeslot_id}
                      onChange={(e) => set('timeslot_id', e.target.value)}
                      disabled={!timeslots.isSuccess}
                    >
                      <option value="">{timeslots.isSuccess ? t('checkout.timeslotChoose') : t('checkout.timeslotZip')}</option>
                      {(timeslots.data ?? []).map((slot) => (
                        <option key={slot.id} value={slot.id}>
                          {slot.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
            </div>
          ) : null}
        </Section>

        <Section id="checkout-payment" title={t('checkout.payment')}>
          {!form.delivery ? (
            <p className="muted">{t('checkout.noPayments')}</p>
          ) : payments.isPending ? (
            <Loading />
          ) : payments.isError ? (
            <ErrorState onRetry={() => void payments.refetch()} />
          ) : (
            <ChoiceList
              name="payment"
              legend={t('checkout.payment')}
              choices={payments.data}
              value={form.payment}
              error={errors.payment}
              money={money}
              onChoose={(code) => set('payment', code)}
            />
          )}
        </Section>

        <Section id="checkout-billing" title={t('checkout.billing')}>
          <div className="form-grid">
            {text('street', { autoComplete: 'street-address', wide: true })}
            {text('city', { autoComplete: 'address-level2' })}
            {text('zip', { autoComplete: 'postal-code' })}
            <Field name="country" label={t('checkout.country')} error={errors.country}>
              {(props) => (
                <select {...props} value={form.country} onChange={(e) => set('country', e.target.value)}>
                  {COUNTRIES[market.market].map((code) => (
                    <option key={code} value={code}>
                      {countryName(code, market.language)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {text('company', { autoComplete: 'organization', required: false })}
            {text('company_id', { required: false })}
            {text('vat_id', { required: false })}
          </div>
        </Section>

        <Section id="checkout-finish" title={t('checkout.finish')}>
          <Check field="terms" label={t('checkout.consentTerms')} form={form} errors={errors} set={set} required />
          <Check field="privacy" label={t('checkout.consentPrivacy')} form={form} errors={errors} set={set} required />
          <Check field="promotions" label={t('checkout.promotions')} form={form} errors={errors} set={set} />
          <Check field="create_account" label={t('checkout.createAccount')} form={form} errors={errors} set={set} />
          <Field name="note" label={t('checkout.note')} error={errors.note}>
            {(props) => (
              <textarea {...props} rows={3} maxLength={500} value={form.note} onChange={(e) => set('note', e.target.value)} />
            )}
          </Field>
        </Section>
      </div>

      <CartTotals cart={cart} money={money} fees={fees} total={total}>
        <button
          type="submit"
          className="button button--primary button--large button--block"
          disabled={finish.isPending}
          data-testid="checkout-submit"
        >
          {finish.isPending ? t('checkout.submitting') : t('checkout.submit')}
        </button>
        <Link to={market.sales.cart} className="button button--link">
          {t('checkout.backToCart')}
        </Link>
      </CartTotals>

      <ConfirmDialog
        open={newTotal !== null}
        title={t('checkout.priceChanged.title')}
        text={t('checkout.priceChanged.text', { total: money(newTotal ?? 0) })}
        confirmLabel={t('checkout.priceChanged.yes', { total: money(newTotal ?? 0) })}
        cancelLabel={t('checkout.priceChanged.no')}
        onConfirm={() => {
          const expected = newTotal ?? undefined;
          setNewTotal(null);
          finish.mutate(expected);
        }}
        onCancel={() => {
          setNewTotal(null);
          void navigate(market.sales.cart);
        }}
      />
    </form>
  );
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card checkout-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function FieldError({ field, error }: { field: string; error: string | undefined }) {
  return error ? (
    <p id={`field-${field}-error`} className="field__error" data-testid={`error-${field}`}>
      {error}
    </p>
  ) : null;
}

/** A radio list of methods with their fees; the first radio carries the field's id (the error summary links to it). */
function ChoiceList(props: {
  name: 'delivery' | 'payment';
  legend: string;
  choices: readonly Choice[];
  value: string;
  error: string | undefined;
  money: (n: number) => string;
  onChoose: (code: string) => void;
}) {
  const t = useT();
  const errorId = `field-${props.name}-error`;
  return (
    <>
      <fieldset className="checkout-options" data-testid={`${props.name}-options`}>
        <legend className="visually-hidden">{props.legend}</legend>
        {props.choices.map((choice, index) => (
          <label key={choice.code} className="checkout-option" data-code={choice.code}>
            <input
              type="radio"
              name={props.name}
              id={index === 0 ? `field-${props.name}` : undefined}
              value={choice.code}
              checked={props.value === choice.code}
              disabled={!choice.available}
              onChange={() => props.onChoose(choice.code)}
              {...(props.error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {})}
            />
            <span>
              <strong>{choice.label}</strong>
              {choice.description ? (
                <>
                  <br />
                  <span className="muted">{choice.description}</span>
                </>
              ) : null}
            </span>
            <span>{choice.fee === 0 ? t('cart.summary.free') : props.money(choice.fee)}</span>
          </label>
        ))}
      </fieldset>
      <FieldError field={props.name} error={props.error} />
    </>
  );
}

function Check(props: {
  field: 'terms' | 'privacy' | 'promotions' | 'create_account';
  label: string;
  form: CheckoutForm;
  errors: CheckoutErrors;
  set: (field: 'terms' | 'privacy' | 'promotions' | 'create_account', value: boolean) => void;
  required?: boolean;
}) {
  const error = props.errors[props.field];
  const id = `field-${props.field}`;
  return (
    <div className="field field--check">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={props.form[props.field]}
          onChange={(e) => props.set(props.field, e.target.checked)}
          {...(props.required ? { 'aria-required': true as const } : {})}
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
          data-testid={`check-${props.field}`}
        />
        <span>{props.label}</span>
      </label>
      <FieldError field={props.field} error={error} />
    </div>
  );
}
