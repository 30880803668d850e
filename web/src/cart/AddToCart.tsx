import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CART_LIMITS } from '@buyloop/contracts/cart/vocabulary';
import { ApiError, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { formatMoney } from '../app/format';
import { Message } from '../app/ui';
import { useT } from '../i18n';
import type { ProductDetail, StockState } from '../shop/types';
import { problemMessage } from './http';
import { CART_COUNT_KEY, CART_KEY } from './queries';
import { addRequest, clampQuantity } from './cart';

/**
 * "Do košíku" on the product page: the chosen variant with its quantity, an insurance and a warranty
 * extension (both added under the device as its package), then a dialog pointing to the cart.
 */
export function AddToCart({ detail, code, stockState }: { detail: ProductDetail; code: string; stockState: StockState }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [insurance, setInsurance] = useState('');
  const [warranty, setWarranty] = useState('');
  const [added, setAdded] = useState(false);
  const money = (amount: number) => formatMoney(amount, market.currency, market.locale);

  const add = useMutation({
    mutationFn: () =>
      api.post<{ item_id: string; count: number }>(
        '/api/cart/items',
        addRequest({ product: code, quantity, insurance, warranty }),
      ),
    onSuccess: (response) => {
      client.setQueryData(CART_COUNT_KEY, { count: response.body.count });
      void client.invalidateQueries({ queryKey: CART_KEY });
      setAdded(true);
    },
    onError: (error) => console.error('Adding to the cart failed', error),
  });
  const refusal = add.isError
    ? add.error instanceof ApiError && add.error.status === 409
      ? t('cart.unavailable')
      : (problemMessage(add.error) ?? t('common.error.text'))
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate();
  };
  const soldOut = stockState === 'sold_out';

  return (
    <form className="add-to-cart" onSubmit={submit} data-testid="add-to-cart" noValidate>
      {detail.warranty_options.length > 0 ? (
        <fieldset className="add-to-cart__options">
          <legend>{t('product.warranty')}</legend>
          <label className="check">
            <input type="radio" name="warranty" value="" checked={warranty === ''} onChange={() => setWarranty('')} />
            <span>{t('cart.warranty.none')}</span>
          </label>
          {detail.warranty_options.map((option) => (
            <label key={option.months} className="check">
              <input
                type="radio"
                name="warranty"
                value={option.months}
                checked={warranty === String(option.months)}
                onChange={() => setWarranty(String(option.months))}
              />
              <span>{option.name}</span>
              <span className="check__count">+{money(option.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {detail.insurance_options.length > 0 ? (
        <fieldset className="add-to-cart__options">
          <legend>{t('product.insurance')}</legend>
          <label className="check">
            <input type="radio" name="insurance" value="" checked={insurance === ''} onChange={() => setInsurance('')} />
            <span>{t('cart.insurance.none')}</span>
          </label>
          {detail.insurance_options.map((option) => (
            <label key={option.id} className="check">
              <input
                type="radio"
                name="insurance"
                value={option.id}
                checked={insurance === option.id}
                onChange={() => setInsurance(option.id)}
              />
              <span>{option.name}</span>
              <span className="check__count">+{money(option.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="add-to-cart__row">
        <label htmlFor={`${id}-quantity`} className="add-to-cart__quantity">
          <span>{t('cart.quantity')}</span>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={CART_LIMITS.minQuantity}
            max={CART_LIMITS.maxQuantity}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={() => setQuantity(String(clampQuantity(quantity)))}
            data-testid="add-quantity"
          />
        </label>
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={soldOut || add.isPending}
          data-testid="add-to-cart-button"
        >
          {add.isPending ? t('cart.adding') : t('cart.add')}
        </button>
      </div>
      {soldOut ? <p className="muted">{t('cart.unavailable')}</p> : null}
      {refusal ? (
        <Message kind="error">
          <span data-testid="add-to-cart-error">{refusal}</span>
        </Message>
      ) : null}
      <AddedDialog open={added} name={detail.short_name} onClose={() => setAdded(false)} />
    </form>
  );
}

/** The confirmation after adding: a modal dialog with the way to the cart (focus starts there) and the way back. */
function AddedDialog({ open, name, onClose }: { open: boolean; name: string; onClose: () => void }) {
  const t = useT();
  const market = useMarket();
  const ref = useRef<HTMLDialogElement>(null);
  const go = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      go.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm"
      data-testid="cart-added"
      aria-labelledby="cart-added-title"
      aria-describedby="cart-added-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="cart-added-title">{t('cart.added.title')}</h2>
      <p id="cart-added-text">{t('cart.added.text', { name })}</p>
      <div className="confirm__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('cart.added.continue')}
        </button>
        <Link ref={go} to={market.sales.cart} className="button button--primary" data-testid="cart-added-go" onClick={onClose}>
          {t('cart.added.go')}
        </Link>
      </div>
    </dialog>
  );
}
