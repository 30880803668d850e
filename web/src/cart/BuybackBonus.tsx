import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUYBACK_BONUS_RULE } from '@buyloop/contracts/cart/http';
import { ApiError } from '../app/api';
import { useMarket } from '../app/context';
import { Field } from '../app/Field';
import { formatMoney } from '../app/format';
import { useNotifications } from '../app/notifications';
import { Message } from '../app/ui';
import { useT } from '../i18n';
import { buybackRequestOf, clawbacksOf } from './BuybackBonusTexts';
import { send } from './http';
import { CART_COUNT_KEY, CART_KEY, type CartSummary } from './queries';

type BonusField = 'buyback_number' | 'token' | 'item_id';

interface BonusAnswer {
  readonly count?: number;
}

/** The summary's buy-back bonuses (the warranty bonus is listed there too, with no amount). */
const buybackBonuses = (cart: CartSummary) => cart.bonuses.filter((bonus) => bonus.kind === 'buyback');

/**
 * The ★ of issue 15 in the cart (spec 9 "Buy-back bonus up to {0} %"): the customer names a
 * buy-back of their old device (its number, and the access code from its e-mail unless they are
 * its signed-in seller) and a device line gets the bonus; or they start a new valuation. The API
 * decides everything (whose buy-back it is, whether it can still give a bonus, one buy-back one
 * bonus); its refusals are shown under the field they are about.
 */
export function BuybackBonus({ cart }: { cart: CartSummary }) {
  const t = useT();
  const market = useMarket();
  const client = useQueryClient();
  const notify = useNotifications((s) => s.notify);
  const money = (amount: number) => formatMoney(amount, cart.currency, market.locale);
  const devices = cart.items.filter((line) => line.kind === 'device');
  const held = buybackBonuses(cart);
  const [device, setDevice] = useState('');
  const [number, setNumber] = useState('');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Partial<Record<BonusField, string>>>({});
  // A device without a bonus first: a second buy-back replaces the bonus of the device it is given to.
  const chosen =
    devices.find((line) => line.item_id === device) ??
    devices.find((line) => !held.some((b) => b.item_id === line.item_id)) ??
    devices[0];

  const changed = (answer: BonusAnswer | null) => {
    if (typeof answer?.count === 'number') client.setQueryData(CART_COUNT_KEY, { count: answer.count });
    void client.invalidateQueries({ queryKey: CART_KEY });
  };
  const apply = useMutation({
    mutationFn: (body: { item_id: string; buyback_number: string; token?: string }) =>
      send<BonusAnswer>('POST', '/api/cart/buyback-bonus', body),
    onSuccess: (answer) => {
      setNumber('');
      setToken('');
      setErrors({});
      notify('success', t('bonus.buyback.applied'), '');
      changed(answer);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status >= 500) {
        console.error('The buy-back bonus failed', error);
        notify('error', t('common.error.title'), t('common.error.text'));
        return;
      }
      // The API's field messages where it gave them; a refusal of the buy-back itself goes under its number.
      const fields: Partial<Record<BonusField, string>> = {};
      for (const [name, messages] of Object.entries(error.problem?.messages ?? {}))
        if ((name === 'buyback_number' || name === 'token' || name === 'item_id') && messages[0]) fields[name] = messages[0];
      // The title is the server's text in the visitor's language (`detail` is the developers' English).
      if (Object.keys(fields).length === 0) fields.buyback_number = error.problem?.title ?? t('common.error.text');
      setErrors(fields);
    },
  });
  const remove = useMutation({
    mutationFn: (itemId: string) => send<BonusAnswer>('DELETE', `/api/cart/buyback-bonus/${encodeURIComponent(itemId)}`),
    onSuccess: changed,
    onError: (error) => {
      console.error('Removing the buy-back bonus failed', error);
      notify(
        'error',
        t('common.error.title'),
        (error instanceof ApiError ? error.problem?.title : null) ?? t('common.error.text'),
      );
    },
  });

  if (devices.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = buybackRequestOf(number, token);
    if (!request) {
      setErrors({ buyback_number: number.trim() ? t('bonus.buyback.numberInvalid') : t('cart.required') });
      return;
    }
    if (chosen) apply.mutate({ item_id: chosen.item_id, ...request });
  };
  const nameOf = (itemId: string) => devices.find((line) => line.item_id === itemId)?.name ?? '';

  return (
    <section className="card cart-discounts" aria-labelledby="cart-buyback-title" data-testid="buyback-bonus">
      <h2 id="cart-buyback-title">{t('bonus.buyback.title')}</h2>
      <p className="muted">
        {t('bonus.buyback.lead', {
          percent: BUYBACK_BONUS_RULE.percent,
          max: money(BUYBACK_BONUS_RULE.max[market.market]),
        })}
      </p>
      {held.length > 0 ? (
        <ul className="cart-discounts__applied" data-testid="buyback-bonuses">
          {held.map((bonus) => (
            <li key={bonus.item_id} data-testid="buyback-bonus-line" data-buyback={bonus.buyback_number}>
              <span>
                <strong>{t('bonus.buyback.line', { percent: bonus.percent ?? 0, number: bonus.buyback_number ?? '' })}</strong>
                <span className="muted">
                  {' '}
                  ·{' '}
                  {t('bonus.buyback.basis', {
                    percent: bonus.percent ?? 0,
                    basis: money(bonus.basis ?? 0),
                    device: nameOf(bonus.item_id),
                  })}
                </span>
              </span>
              <span data-testid="buyback-bonus-amount">−{money(Math.abs(bonus.amount))}</span>
              <button
                type="button"
                className="button button--link"
                aria-label={t('bonus.buyback.remove', { number: bonus.buyback_number ?? '' })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(bonus.item_id)}
                data-testid="buyback-bonus-remove"
              >
                {t('bonus.buyback.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="buyback-bonus-form" aria-busy={apply.isPending}>
        {devices.length > 1 ? (
          <Field name="buyback-device" label={t('bonus.buyback.device')} error={errors.item_id}>
            {(props) => (
              <select {...props} value={chosen?.item_id ?? ''} onChange={(e) => setDevice(e.target.value)}>
                {devices.map((line) => (
                  <option key={line.item_id} value={line.item_id}>
                    {line.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : errors.item_id ? (
          <Message kind="error">{errors.item_id}</Message>
        ) : null}
        <div className="cart-discounts__fields">
          <Field
            name="buyback-number"
            label={t('bonus.buyback.number')}
            hint={t('bonus.buyback.numberHint')}
            error={errors.buyback_number}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={number}
                aria-required="true"
                onChange={(e) => {
                  setNumber(e.target.value);
                  if (errors.buyback_number) setErrors((all) => ({ ...all, buyback_number: undefined }));
                }}
              />
            )}
          </Field>
          <Field name="buyback-token" label={t('bonus.buyback.token')} hint={t('bonus.buyback.tokenHint')} error={errors.token}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                value={token}
                onChange={(e) => {
                  setToken(e.target.value);
                  if (errors.token) setErrors((all) => ({ ...all, token: undefined }));
                }}
              />
            )}
          </Field>
          <button type="submit" className="button button--secondary" disabled={apply.isPending} data-testid="buyback-bonus-apply">
            {apply.isPending ? t('bonus.buyback.applying') : t('bonus.buyback.apply')}
          </button>
        </div>
      </form>
      <p>
        <a href={market.paths.base} target="_blank" rel="noopener" data-testid="buyback-bonus-appraise">
          {t('bonus.buyback.appraise')}
        </a>
        <span className="muted"> · {t('bonus.buyback.appraiseHint')}</span>
      </p>
    </section>
  );
}

/**
 * The order page's word on a clawed-back buy-back bonus (issue 15's ★): how much, for which
 * buy-back, and how it is settled — added to what an unpaid order costs, or asked of the customer
 * once the order was paid.
 */
export function ClawedBackBonusNotice({
  timeline,
  money,
}: {
  timeline: readonly { readonly status?: string; readonly note?: string; readonly at: string }[];
  money: (amount: number) => string;
}) {
  const t = useT();
  const clawbacks = clawbacksOf(timeline);
  if (clawbacks.length === 0) return null;
  return (
    <div className="order-section" data-testid="order-bonus-clawed-back">
      {clawbacks.map((clawback) => (
        <Message
          key={`${clawback.buyback_number}-${clawback.settlement}`}
          kind="warning"
          title={t('bonus.order.clawedBack.title', { amount: money(clawback.amount) })}
        >
          {t(
            clawback.settlement === 'payment_request'
              ? 'bonus.order.clawedBack.payment_request'
              : 'bonus.order.clawedBack.added_to_total',
            { number: clawback.buyback_number, amount: money(clawback.amount) },
          )}
        </Message>
      ))}
    </div>
  );
}
