import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CART_LIMITS, WARRANTY_BONUS_MONTHS } from '@buyloop/contracts/cart/vocabulary';
import { ApiError, useApi } from '../app/api';
import { ConfirmDialog } from '../app/ConfirmDialog';
import { useMarket } from '../app/context';
import { ErrorSummary } from '../app/ErrorSummary';
import { Field } from '../app/Field';
import { formatMoney } from '../app/format';
import { useNotifications } from '../app/notifications';
import { ErrorState, Loading } from '../app/ui';
import { useT, type UiKey } from '../i18n';
import { BuybackBonus } from './BuybackBonus';
import { removesPackage, setsOwnQuantity } from './cart';
import { discountRequest, emptyDiscount, type DiscountField, type DiscountForm } from './discount';
import { problemMessage, send } from './http';
import { CART_COUNT_KEY, CART_KEY, cartQuery, type CartChildLine, type CartLine, type CartSummary } from './queries';
import './cart.css';

/** Fetched once the page has hydrated: the cart is the visitor's own and the server renders the frame only. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** The cart (spec 7 summary): packages, quantities, the warranty bonus, the buy-back bonus, discount codes, totals, the way on. */
export function CartPage() {
  const t = useT();
  const api = useApi();
  const mounted = useMounted();
  const cart = useQuery({ ...cartQuery(api), enabled: mounted });
  return (
    <div className="container cart-page" data-testid="cart-page">
      <h1>{t('cart.title')}</h1>
      {!mounted || cart.isPending ? (
        <Loading />
      ) : cart.isError ? (
        <ErrorState onRetry={() => void cart.refetch()} />
      ) : cart.data.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CartView cart={cart.data} />
      )}
    </div>
  );
}

export function EmptyCart() {
  const t = useT();
  return (
    <div className="cart-empty card" data-testid="cart-empty">
      <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path
          d="M3 4h2.2l2.1 11h10.6l2-8H6.4M9.5 20a1.3 1.3 0 1 0 0-.1M17 20a1.3 1.3 0 1 0 0-.1"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2>{t('cart.empty.title')}</h2>
      <p className="muted">{t('cart.empty.text')}</p>
      <Link to="/" className="button button--primary">
        {t('cart.empty.shop')}
      </Link>
    </div>
  );
}

/** After a change: the summary is fetched again and the badge takes the count the answer gave. */
function useCartChanged() {
  const client = useQueryClient();
  return (count?: number) => {
    if (typeof count === 'number') client.setQueryData(CART_COUNT_KEY, { count });
    void client.invalidateQueries({ queryKey: CART_KEY });
    if (typeof count !== 'number') void client.invalidateQueries({ queryKey: CART_COUNT_KEY });
  };
}

function useFailed() {
  const t = useT();
  const notify = useNotifications((s) => s.notify);
  return (error: unknown) => {
    console.error('A cart change failed', error);
    const unavailable = error instanceof ApiError && error.status === 409 && !problemMessage(error);
    notify(
      'error',
      t('common.error.title'),
      unavailable ? t('cart.unavailable') : (problemMessage(error) ?? t('common.error.text')),
    );
  };
}

function CartView({ cart }: { cart: CartSummary }) {
  const t = useT();
  const market = useMarket();
  const money = (amount: number) => formatMoney(amount, cart.currency, market.locale);
  const changed = useCartChanged();
  const failed = useFailed();
  const [removing, setRemoving] = useState<CartLine | CartChildLine | null>(null);

  const remove = useMutation({
    mutationFn: (itemId: string) => send<{ count: number }>('DELETE', `/api/cart/items/${encodeURIComponent(itemId)}`),
    onSuccess: (answer) => changed(answer?.count),
    onError: failed,
  });
  const askRemove = (line: CartLine | CartChildLine) => {
    if ('children' in line && removesPackage(line)) setRemoving(line);
    else remove.mutate(line.item_id);
  };

  return (
    <div className="cart-layout">
      <div className="cart-main">
        <ul className="cart-lines" data-testid="cart-lines">
          {cart.items.map((line) => (
            <li key={line.item_id} className="cart-line card" data-testid="cart-line" data-product={line.product}>
              <LineRow line={line} money={money} onRemove={askRemove} busy={remove.isPending} />
              {line.children.length > 0 ? (
                <ul className="cart-line__package" aria-label={t('cart.item.package')}>
                  {line.children.map((child) => (
                    <li key={child.item_id} data-testid="cart-child" data-product={child.product}>
                      <LineRow line={child} money={money} onRemove={askRemove} busy={remove.isPending} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {line.kind === 'device' ? <WarrantyBonus line={line} /> : null}
            </li>
          ))}
        </ul>
        <BuybackBonus cart={cart} />
        <DiscountCodes cart={cart} money={money} />
      </div>
      <CartTotals cart={cart} money={money}>
        <Link
          to={market.sales.checkout}
          className="button button--primary button--large button--block"
          data-testid="cart-continue"
        >
          {t('cart.continue')}
        </Link>
      </CartTotals>
      <ConfirmDialog
        open={removing !== null}
        title={t('cart.remove.title', { name: removing?.name ?? '' })}
        text={t('cart.remove.text')}
        confirmLabel={t('cart.remove.yes')}
        cancelLabel={t('cart.remove.no')}
        danger
        onConfirm={() => {
          if (removing) remove.mutate(removing.item_id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function LineRow({
  line,
  money,
  onRemove,
  busy,
}: {
  line: CartLine | CartChildLine;
  money: (n: number) => string;
  onRemove: (line: CartLine | CartChildLine) => void;
  busy: boolean;
}) {
  const t = useT();
  const changed = useCartChanged();
  const failed = useFailed();
  const quantity = useMutation({
    mutationFn: (value: number) =>
      send<{ count: number }>('PATCH', `/api/cart/items/${encodeURIComponent(line.item_id)}`, { quantity: value }),
    onSuccess: (answer) => changed(answer?.count),
    onError: failed,
  });
  const pieces = Array.from({ length: CART_LIMITS.maxQuantity }, (_, i) => i + 1);
  return (
    <div className="cart-row">
      <div className="cart-row__name">
        <strong>{line.name}</strong>
        <span className="muted">{t('cart.item.code', { code: line.product })}</span>
        {line.quantity > 1 ? <span className="muted">{t('cart.item.unit', { price: money(line.unit_price) })}</span> : null}
      </div>
      <div className="cart-row__quantity">
        {setsOwnQuantity(line.kind) ? (
          <select
            aria-label={t('cart.item.quantityNamed', { name: line.name })}
            value={line.quantity}
            disabled={quantity.isPending}
            onChange={(e) => quantity.mutate(Number(e.target.value))}
            data-testid="cart-quantity"
          >
            {pieces.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        ) : (
          <span className="muted">{line.quantity}×</span>
        )}
      </div>
      <div className="cart-row__price" data-testid="cart-line-price">
        {money(line.line_price)}
      </div>
      <button
        type="button"
        className="button button--link cart-row__remove"
        aria-label={t('cart.item.removeNamed', { name: line.name })}
        disabled={busy}
        onClick={() => onRemove(line)}
        data-testid="cart-remove"
      >
        {t('cart.item.remove')}
      </button>
    </div>
  );
}

/** Spec 9's free warranty bonus on a device: none, one extra year, or three. */
function WarrantyBonus({ line }: { line: CartLine }) {
  const t = useT();
  const changed = useCartChanged();
  const failed = useFailed();
  const path = `/api/cart/items/${encodeURIComponent(line.item_id)}/warranty-bonus`;
  const choose = useMutation({
    mutationFn: (months: number | null) =>
      months === null ? send<{ count: number }>('DELETE', path) : send<{ count: number }>('POST', path, { months }),
    onSuccess: (answer) => changed(answer?.count),
    onError: failed,
  });
  const current = line.warranty_bonus_months ?? null;
  const options: readonly (number | null)[] = [null, ...WARRANTY_BONUS_MONTHS];
  return (
    <fieldset className="cart-bonus" aria-label={t('cart.bonus.label', { name: line.name })}>
      <legend>{t('cart.bonus.title')}</legend>
      {options.map((months) => (
        <label key={months ?? 'none'} className="check">
          <input
            type="radio"
            name={`bonus-${line.item_id}`}
            checked={current === months}
            disabled={choose.isPending}
            onChange={() => choose.mutate(months)}
          />
          <span>{months === null ? t('cart.bonus.none') : t(`cart.bonus.${months}` as UiKey)}</span>
        </label>
      ))}
    </fieldset>
  );
}

const DISCOUNT_LABELS: Readonly<Record<DiscountField, UiKey>> = {
  code: 'cart.discount.code',
  card_number: 'cart.discount.cardNumber',
  card_holder: 'cart.discount.cardHolder',
};

/** A discount code or an ISIC card (both its number and the holder's name), and the codes applied. */
function DiscountCodes({ cart, money }: { cart: CartSummary; money: (n: number) => string }) {
  const t = useT();
  const api = useApi();
  const changed = useCartChanged();
  const failed = useFailed();
  const notify = useNotifications((s) => s.notify);
  const [form, setForm] = useState<DiscountForm>(emptyDiscount);
  const [errors, setErrors] = useState<Partial<Record<DiscountField, string>>>({});
  const [attempt, setAttempt] = useState(0);

  const apply = useMutation({
    mutationFn: (body: unknown) => api.post<{ count?: number }>('/api/cart/discount-codes', body),
    onSuccess: (answer) => {
      setForm(emptyDiscount);
      setErrors({});
      notify('success', t('cart.discount.applied'), '');
      changed(answer.body?.count);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status >= 500) return failed(error);
      // The API's field messages where it gave them; a refusal without one is the code's ('sale code invalid').
      const fields: Partial<Record<DiscountField, string>> = {};
      for (const [name, messages] of Object.entries(error.problem?.messages ?? {}))
        if (name in DISCOUNT_LABELS && messages[0]) fields[name as DiscountField] = messages[0];
      if (Object.keys(fields).length === 0)
        fields[form.kind === 'code' ? 'code' : 'card_number'] = problemMessage(error) ?? t('cart.discount.invalid');
      setErrors(fields);
      setAttempt((a) => a + 1);
    },
  });
  const removeCode = useMutation({
    mutationFn: (code: string) => send<{ count?: number }>('DELETE', `/api/cart/discount-codes/${encodeURIComponent(code)}`),
    onSuccess: (answer) => changed(answer?.count),
    onError: failed,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = discountRequest(form);
    if (!check.ok) {
      setErrors(Object.fromEntries(check.missing.map((field) => [field, t('cart.required')])));
      setAttempt((a) => a + 1);
      return;
    }
    apply.mutate(check.request);
  };
  const set = (field: DiscountField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const items = (Object.keys(DISCOUNT_LABELS) as DiscountField[])
    .filter((field) => errors[field])
    .map((field) => ({ id: `field-discount-${field}`, label: t(DISCOUNT_LABELS[field]), message: errors[field] ?? '' }));
  const input = (field: DiscountField, autoComplete: string) => (
    <Field name={`discount-${field}`} label={t(DISCOUNT_LABELS[field])} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          type="text"
          autoComplete={autoComplete}
          value={form[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-required="true"
        />
      )}
    </Field>
  );

  return (
    <section className="card cart-discounts" aria-labelledby="cart-discounts-title">
      <h2 id="cart-discounts-title">{t('cart.discount.title')}</h2>
      {cart.discounts.length > 0 ? (
        <ul className="cart-discounts__applied" data-testid="cart-discounts">
          {cart.discounts.map((discount) => (
            <li key={`${discount.kind}-${discount.code}-${discount.discount_id ?? ''}`} data-status={discount.status}>
              <span>
                {discount.code ? <strong>{discount.code}</strong> : null} {discount.title}
                {/* Spec 8: 'invalid discount in the cart (remove it)', as the cart words it. */}
                {discount.status !== 'applied' && discount.message ? (
                  <span className="field__error cart-discounts__message">{discount.message}</span>
                ) : null}
              </span>
              <span>{discount.amount !== 0 ? `−${money(Math.abs(discount.amount))}` : ''}</span>
              {discount.kind !== 'automatic' && discount.code ? (
                <button
                  type="button"
                  className="button button--link"
                  disabled={removeCode.isPending}
                  onClick={() => removeCode.mutate(discount.code)}
                >
                  {t('cart.discount.remove', { code: discount.code })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="discount-form">
        {attempt > 0 && items.length > 0 ? (
          <ErrorSummary
            title={t('cart.errors.title')}
            lead={t('cart.errors.lead')}
            general={[]}
            items={items}
            attempt={attempt}
          />
        ) : null}
        <fieldset className="cart-discounts__kind">
          <legend>{t('cart.discount.kind')}</legend>
          {(['code', 'isic'] as const).map((kind) => (
            <label key={kind} className="check">
              <input
                type="radio"
                name="discount-kind"
                checked={form.kind === kind}
                onChange={() => {
                  setForm((f) => ({ ...f, kind }));
                  setErrors({});
                }}
              />
              <span>{t(kind === 'code' ? 'cart.discount.kind.code' : 'cart.discount.kind.isic')}</span>
            </label>
          ))}
        </fieldset>
        <div className="cart-discounts__fields">
          {form.kind === 'code' ? (
            input('code', 'off')
          ) : (
            <>
              {input('card_number', 'off')}
              {input('card_holder', 'name')}
            </>
          )}
          <button type="submit" className="button button--secondary" disabled={apply.isPending} data-testid="discount-apply">
            {t('cart.discount.apply')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The totals column (also the checkout's), with the fees the checkout adds. */
export function CartTotals({
  cart,
  money,
  fees = [],
  total,
  children,
}: {
  cart: CartSummary;
  money: (n: number) => string;
  fees?: readonly { label: string; amount: number }[];
  total?: number;
  children?: React.ReactNode;
}) {
  const t = useT();
  const buyback = cart.bonuses.filter((bonus) => bonus.amount !== 0);
  return (
    <aside className="card cart-totals" aria-labelledby="cart-totals-title" data-testid="cart-totals">
      <h2 id="cart-totals-title">{t('cart.summary.title')}</h2>
      <dl>
        <div>
          <dt>{t('cart.summary.items')}</dt>
          <dd>{money(cart.items_total)}</dd>
        </div>
        {cart.discounts
          .filter((discount) => discount.amount !== 0)
          .map((discount) => (
            <div key={`${discount.kind}-${discount.code}-${discount.discount_id ?? ''}`}>
              <dt>{discount.title || discount.code}</dt>
              <dd>−{money(Math.abs(discount.amount))}</dd>
            </div>
          ))}
        {buyback.map((bonus) => (
          <div key={`${bonus.kind}-${bonus.item_id}`} data-testid="cart-total-bonus">
            <dt>{bonus.kind === 'buyback' ? t('bonus.buyback.summary') : t('cart.summary.bonus')}</dt>
            <dd>−{money(Math.abs(bonus.amount))}</dd>
          </div>
        ))}
        {fees.map((fee) => (
          <div key={fee.label}>
            <dt>{fee.label}</dt>
            <dd>{fee.amount === 0 ? t('cart.summary.free') : money(fee.amount)}</dd>
          </div>
        ))}
        <div className="muted">
          <dt>{t('cart.summary.withoutVat')}</dt>
          <dd>{money(cart.total_without_vat)}</dd>
        </div>
        <div className="muted">
          <dt>{t('cart.summary.vat')}</dt>
          <dd>{money(cart.vat)}</dd>
        </div>
        <div className="cart-totals__total">
          <dt>{t('cart.summary.total')}</dt>
          <dd data-testid="cart-total">{money(total ?? cart.total)}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
