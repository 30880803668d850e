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

/** How many of the product's recommended accessories the form offers to buy with the device. */
const ACCESSORY_CHOICES = 3;

/** POST /api/cart/items's body for an accessory bought with the device just added: one per device piece. */
const accessoryRequest = (product: string, quantity: string, device: string) => ({
  product,
  quantity: clampQuantity(quantity),
  parent_item_id: device,
});

/** An accessory ticked to come with the device that the cart refused, with the cart's reason. */
interface Refused {
  readonly name: string;
  readonly reason: string;
}

/**
 * "Do košíku" on the product page: the chosen variant with its quantity, an insurance, a warranty
 * extension and a few compatible accessories (all added under the device as its package), then a
 * dialog pointing to the cart.
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
  const [accessories, setAccessories] = useState<readonly string[]>([]);
  const [added, setAdded] = useState(false);
  const [refused, setRefused] = useState<readonly Refused[]>([]);
  // Only a device takes children, and only devices are offered insurance or warranty extensions: a
  // charger's recommended cable stays a tile below, not a package the cart would refuse.
  const takesChildren = detail.insurance_options.length > 0 || detail.warranty_options.length > 0;
  const offered = takesChildren ? detail.accessories.slice(0, ACCESSORY_CHOICES) : [];
  const money = (amount: number) => formatMoney(amount, market.currency, market.locale);

  const refusalOf = (error: unknown): string =>
    error instanceof ApiError && error.status === 409 ? t('cart.unavailable') : (problemMessage(error) ?? t('common.error.text'));

  const add = useMutation({
    mutationFn: async () => {
      const device = await api.post<{ item_id: string; count: number }>(
        '/api/cart/items',
        addRequest({ product: code, quantity, insurance, warranty }),
      );
      let count = device.body.count;
      const failed: Refused[] = [];
      // One after another: the cart is one stream, and each child names the device's item.
      for (const accessory of offered.filter((a) => accessories.includes(a.code))) {
        try {
          const child = await api.post<{ item_id: string; count: number }>(
            '/api/cart/items',
            accessoryRequest(accessory.code, quantity, device.body.item_id),
          );
          count = child.body.count;
        } catch (error) {
          // The device is in the cart already: the buyer hears which accessory is missing and why, not a failed add.
          console.error('Adding an accessory with the device failed', error);
          failed.push({ name: accessory.short_name, reason: refusalOf(error) });
        }
      }
      return { count, failed };
    },
    onSuccess: ({ count, failed }) => {
      client.setQueryData(CART_COUNT_KEY, { count });
      void client.invalidateQueries({ queryKey: CART_KEY });
      setRefused(failed);
      setAdded(true);
    },
    onError: (error) => console.error('Adding to the cart failed', error),
  });
  const refusal = add.isError ? refusalOf(add.error) : null;
  const toggle = (accessory: string, on: boolean) =>
    setAccessories((chosen) => (on ? [...chosen, accessory] : chosen.filter((c) => c !== accessory)));

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
      {offered.length > 0 ? (
        <fieldset className="add-to-cart__options" data-testid="add-accessories">
          <legend>{t('cart.accessories.legend')}</legend>
          {offered.map((accessory) => (
            <label key={accessory.code} className="check">
              <input
                type="checkbox"
                name="accessory"
                value={accessory.code}
                checked={accessories.includes(accessory.code)}
                onChange={(e) => toggle(accessory.code, e.target.checked)}
                data-testid="add-accessory"
              />
              <span>{accessory.short_name}</span>
              <span className="check__count">+{money(accessory.price)}</span>
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
      <AddedDialog open={added} name={detail.short_name} refused={refused} onClose={() => setAdded(false)} />
    </form>
  );
}

/** The confirmation after adding: a modal dialog with the way to the cart (focus starts there) and the way back. */
function AddedDialog({
  open,
  name,
  refused,
  onClose,
}: {
  open: boolean;
  name: string;
  refused: readonly Refused[];
  onClose: () => void;
}) {
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
      {refused.length > 0 ? (
        <Message kind="error" title={t('cart.accessories.failed')}>
          <ul data-testid="add-accessory-error">
            {refused.map((accessory) => (
              <li key={accessory.name}>
                {accessory.name}: {accessory.reason}
              </li>
            ))}
          </ul>
        </Message>
      ) : null}
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
