import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  currencyOf,
  fold,
  handleCommand,
  IllegalState,
  isDomainError,
  RequestRefused,
  ValidationError,
  type Actor,
  type Clock,
  type Currency,
  type Market,
  type RecordedEvent,
  type StreamStore,
} from '@buyloop/kit';
import { ORDER_ERROR_CODES, type FinishRequest, type FinishResult } from '@buyloop/contracts/cart/orders';
import type { StockReservations } from '@buyloop/contracts/catalogue/stock-port';
import type { DeliveryQuotes } from '@buyloop/contracts/delivery/port';
import type { Payments, StartedPayment } from '@buyloop/contracts/payments/port';
import { cartDecider } from '../decider';
import { cartStream, type CartEvent, type CartItem } from '../events';
import type { ProductOffer, ProductOffers } from '../offers';
import { assertOpen, type CartState } from '../state';
import { orderDecider } from '../orders/decider';
import { orderStream, type OrderEvent, type OrderLine, type PlacedOrder } from '../orders/events';
import type { OrderState } from '../orders/state';

/** The published ports the checkout calls, looked up per call (a module that provides one may open later or be absent). */
export interface CheckoutPorts {
  stock(): StockReservations;
  delivery(): DeliveryQuotes;
  payments(): Payments;
}

/** Idempotency-Key claims (IdempotencyKeys of @buyloop/document-store), by what the checkout needs of them. */
export interface CheckoutKeys {
  claim<T extends Record<string, unknown>>(
    scope: string,
    key: string,
    request: unknown,
    proposed: T,
  ): Promise<{ value: T; repeated: boolean; readonly takenOver?: boolean }>;
  release(scope: string, key: string): Promise<void>;
}

/** Single-use discount codes, claimed for one order (the discounts area's DiscountClaims). */
export interface CheckoutDiscountClaims {
  claim(input: { readonly codes: readonly string[]; readonly order_number: string; readonly at: string }): Promise<void>;
  release(input: { readonly codes: readonly string[]; readonly order_number: string; readonly at: string }): Promise<void>;
}

/** What the discounts area works out for a cart at finish, so the order and the cart's summary agree. */
export interface CheckoutDiscountPricing {
  price(
    state: CartState,
    at: string,
  ): Promise<{ readonly lines: readonly { code: string; title: string; amount: number }[]; readonly codes: readonly string[] }>;
}

export interface CheckoutServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly offers: ProductOffers;
  readonly ports: CheckoutPorts;
  readonly keys: CheckoutKeys;
  /** Absent until the discounts area provides them: then no discount is priced or claimed. */
  readonly discounts?: { readonly pricing: CheckoutDiscountPricing; readonly claims: CheckoutDiscountClaims };
  /** Waits for the cart read model (after a re-pricing, so the cart read next shows the new prices). */
  readonly settle?: (checkpoint: string | null) => Promise<void>;
  /** Order numbers; random unless a test names them. */
  readonly newNumber?: () => string;
  readonly newToken?: () => string;
}

/** A refusal with members beyond the problem's (the unavailable codes, the new total): the route adds them to the body. */
export class CheckoutRefused extends IllegalState {
  constructor(
    code: string,
    message: string,
    readonly extensions: Readonly<Record<string, unknown>>,
  ) {
    super(code, message);
  }
}

export interface FinishOutcome {
  readonly result: FinishResult;
  readonly checkpoint: string | null;
  readonly repeated: boolean;
}

/** Held long enough for a bank transfer to arrive and the warehouse to ship; the catalogue allows 14 days at most. */
const RESERVATION_DAYS = 13;
/** The standard VAT rate fees are charged at. */
const FEE_VAT: Readonly<Record<Market, number>> = { cz: 21, ro: 19 };
const STATUS_PATH: Readonly<Record<Market, string>> = { cz: '/objednavka', ro: '/comanda' };

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
const withoutVat = (price: number, vatRate: number): number => Math.round(price / (1 + vatRate / 100));

/** 10 digits: the year's last digit, then 9 random ones. */
export function drawOrderNumber(now: Date): string {
  return `${now.getUTCFullYear() % 10}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * Spec 7's finish: turns the visitor's cart into an order.
 *
 * Order of work, so that a refusal leaves nothing behind: everything that
 * only reads (the cart, today's offers, the delivery and payment quotes) is
 * checked first; then the stock is reserved all or nothing under the order
 * number, single-use codes are claimed, and the cart is closed with the
 * version it was priced at (a cart changed meanwhile, or a second finish of
 * the same cart, loses here); only then is the order placed. A refusal after
 * the reservation releases the stock and the codes before it is answered.
 * The payment is started last, when the order exists for the gateway's
 * answer to land on.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutServiceDeps) {}

  async finish(cartId: string, request: FinishRequest, idempotencyKey: string | null, actor: Actor): Promise<FinishOutcome> {
    const now = this.deps.clock();
    const proposed = {
      order_number: (this.deps.newNumber ?? (() => drawOrderNumber(now)))(),
      token: (this.deps.newToken ?? (() => randomBytes(32).toString('hex')))(),
    };
    const scope = `cart-finish:${cartId}`;
    const claimed = idempotencyKey ? await this.deps.keys.claim(scope, idempotencyKey, request, proposed) : null;
    const ids = claimed?.value ?? proposed;
    if (claimed?.repeated) {
      // The key's first request placed the order, or is placing it now: answer that order, never a second attempt
      // (two attempts under one number would each roll back what the other holds). A claim whose lease ran out
      // belonged to a request that died: this one takes its place under the same number (the reservation and the
      // code claims take a repeat for the same order as the same).
      const earlier = claimed.takenOver ? (await this.order(ids.order_number)).placed : await this.placedSoon(ids.order_number);
      if (earlier) return { result: await this.answer(earlier, ids.token), checkpoint: null, repeated: true };
      if (!claimed.takenOver)
        throw new IllegalState(
          ORDER_ERROR_CODES.inProgress,
          'The first request with this Idempotency-Key is still being answered',
        );
    }
    let placed: { readonly order: PlacedOrder; readonly checkpoint: string | null };
    try {
      placed = await this.place(cartId, request, ids, actor, now);
    } catch (error) {
      // A refused request gives its key back, so the corrected request may use it.
      if (idempotencyKey) await this.deps.keys.release(scope, idempotencyKey);
      throw error;
    }
    // The order exists from here: a gateway that fails now is answered, and the same request (key) starts it again.
    return { result: await this.answer(placed.order, ids.token), checkpoint: placed.checkpoint, repeated: false };
  }

  /** The order once placed; a first request still deciding is waited for a few seconds. */
  private async placedSoon(number: string): Promise<PlacedOrder | null> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const state = await this.order(number);
      if (state.placed) return state.placed;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  async order(number: string): Promise<OrderState> {
    const recorded = await this.deps.events.readStream(orderStream(number));
    return fold(orderDecider, recorded as unknown as readonly OrderEvent[]);
  }

  private async place(
    cartId: string,
    request: FinishRequest,
    ids: { readonly order_number: string; readonly token: string },
    actor: Actor,
    now: Date,
  ): Promise<{ readonly order: PlacedOrder; readonly checkpoint: string | null }> {
    const at = now.toISOString();
    const currency = currencyOf(this.deps.market);
    const recorded = await this.deps.events.readStream(cartStream(cartId));
    const cart = fold(cartDecider, recorded as unknown as readonly CartEvent[]);
    const cartVersion = versionOf(recorded);
    assertOpen(cart);
    if (cart.items.length === 0) throw new IllegalState(ORDER_ERROR_CODES.empty, 'The cart is empty');
    if ((await this.order(ids.order_number)).placed)
      throw new IllegalState(ORDER_ERROR_CODES.alreadyPlaced, 'This order number is taken; send the order again');

    const offers = await this.offersOf(cart.items);
    this.checkAvailable(cart.items, offers);
    const lines = cart.items.map((item) => ({ ...toLine(item), unit_price: offers.get(item.product)!.price! }));
    const goods = lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
    const discounts = this.deps.discounts ? await this.deps.discounts.pricing.price(cart, at) : { lines: [], codes: [] };
    const discountTotal = discounts.lines.reduce((sum, line) => sum + line.amount, 0);
    await this.checkPrices(cartId, cart, offers, goods - discountTotal, currency, actor, at);

    const delivery = await this.deps.ports.delivery().quote({
      method: request.delivery.method,
      ...(request.delivery.place_id !== undefined ? { place_id: request.delivery.place_id } : {}),
      ...(request.delivery.store_id !== undefined ? { store_id: request.delivery.store_id } : {}),
      ...(request.delivery.timeslot_id !== undefined ? { timeslot_id: request.delivery.timeslot_id } : {}),
      address: request.delivery_address ?? request.billing_address,
      items: lines.map((line) => ({ code: line.product, kind: line.kind, quantity: line.quantity })),
      goods_total: goods - discountTotal,
    });
    if (!delivery.ok) {
      const field = delivery.field === 'delivery' ? 'delivery.method' : `delivery.${delivery.field}`;
      throw new ValidationError(delivery.code, { [field]: [delivery.code] }, 'The delivery cannot be used');
    }
    const payment = await this.deps.ports.payments().quote({
      method: request.payment.method,
      delivery: delivery.method,
      amount: goods - discountTotal + delivery.fee,
      currency,
    });
    if (!payment.ok) throw new ValidationError(payment.code, { 'payment.method': [payment.code] }, 'The payment cannot be used');

    const total = goods - discountTotal + delivery.fee + payment.fee;
    if (request.expected_total !== undefined && request.expected_total !== total)
      throw new CheckoutRefused(ORDER_ERROR_CODES.priceChanged, 'The total is not the one shown', { total, currency });
    const feeVat = FEE_VAT[this.deps.market];
    const vat =
      lines.reduce(
        (sum, line) => sum + line.unit_price * line.quantity - withoutVat(line.unit_price * line.quantity, line.vat_rate),
        0,
      ) -
      (discountTotal - withoutVat(discountTotal, feeVat)) +
      (delivery.fee + payment.fee - withoutVat(delivery.fee + payment.fee, feeVat));

    const number = ids.order_number;
    const stocked = [...aggregate(cart.items.filter((item) => offers.get(item.product)!.available !== null))];
    const stock = stocked.length > 0 ? this.deps.ports.stock() : null;
    const reservation = stock
      ? await stock.reserve({
          reservation_id: number,
          items: stocked.map(([code, quantity]) => ({ code, quantity })),
          expires_at: new Date(now.getTime() + RESERVATION_DAYS * 86_400_000).toISOString(),
        })
      : null;
    if (reservation && !reservation.ok)
      throw new CheckoutRefused(ORDER_ERROR_CODES.productUnavailable, 'Product not available or not possible to buy', {
        unavailable: reservation.unavailable,
      });
    let claimedCodes = false;
    const rollBack = async (): Promise<void> => {
      if (claimedCodes && this.deps.discounts)
        await this.deps.discounts.claims.release({ codes: discounts.codes, order_number: number, at });
      // The places the reservation answered: its read model may not have folded it yet.
      if (stock && reservation?.ok) await stock.release(number, 'checkout_refused', reservation.items);
    };
    let placed: PlacedOrder;
    let checkpoint: string | null;
    try {
      if (this.deps.discounts && discounts.codes.length > 0) {
        await this.deps.discounts.claims.claim({ codes: discounts.codes, order_number: number, at });
        claimedCodes = true;
      }
      // Closed at the version it was priced at: a cart changed since, or finished twice at once, is refused here.
      await handleCommand(
        this.deps.events,
        cartDecider,
        cartStream(cartId),
        { type: 'CheckOutCart', order_number: number, at },
        { actor, market: this.deps.market, expectedVersion: cartVersion },
      );
      placed = {
        number,
        token_hash: tokenHash(ids.token),
        cart_id: cartId,
        currency,
        items: lines,
        discounts: discounts.lines,
        discount_codes: discounts.codes,
        delivery: {
          method: delivery.method,
          label: delivery.label,
          fee: delivery.fee,
          ...(delivery.place_id !== undefined ? { place_id: delivery.place_id } : {}),
          ...(delivery.store_id !== undefined ? { store_id: delivery.store_id } : {}),
          ...(delivery.timeslot !== undefined ? { timeslot: delivery.timeslot } : {}),
        },
        payment: { method: payment.method, label: payment.label, fee: payment.fee },
        totals: { items: goods, discounts: discountTotal, delivery: delivery.fee, payment: payment.fee, vat, total },
        customer: request.customer,
        billing_address: request.billing_address,
        delivery_address: request.delivery_address ?? null,
        order_info: {
          create_account: request.order_info.create_account ?? false,
          birth_date: request.order_info.birth_date ?? null,
          note: request.order_info.note ?? null,
          subscribe_promotions_info: request.order_info.subscribe_promotions_info ?? false,
          internal_order_number: request.order_info.internal_order_number ?? null,
        },
        reservation: reservation?.ok
          ? { id: reservation.reservation_id, expires_at: reservation.expires_at, items: reservation.items }
          : null,
        placed_at: at,
      };
      const result = await handleCommand(
        this.deps.events,
        orderDecider,
        orderStream(number),
        { type: 'PlaceOrder', order: placed },
        { actor, market: this.deps.market },
      );
      checkpoint = result.checkpoint;
    } catch (error) {
      await rollBack();
      throw error;
    }
    return { order: placed, checkpoint };
  }

  /** finish's answer; the payment is started here (idempotent per order number, so a repeated request gets the same). */
  private async answer(order: PlacedOrder, token: string): Promise<FinishResult> {
    const statusUrl = `${STATUS_PATH[this.deps.market]}/${order.number}?token=${token}`;
    const method = order.payment.method as FinishResult['payment']['method'];
    let started: StartedPayment | null = null;
    if (method !== 'cash_on_delivery' && order.totals.total > 0)
      started = await this.deps.ports
        .payments()
        .start({
          order_number: order.number,
          method,
          amount: order.totals.total,
          currency: order.currency,
          return_url: statusUrl,
          customer_email: order.customer.email,
        })
        .catch((error: unknown) => {
          if (isDomainError(error)) throw error;
          // Spec 8: 'payment gateway error on sending the order'; the order stands and the same request starts it again.
          throw new RequestRefused(
            502,
            ORDER_ERROR_CODES.gatewayError,
            'Payment gateway error',
            'The payment could not be started',
            {
              order_number: order.number,
            },
          );
        });
    return {
      order_number: order.number,
      token,
      status_url: statusUrl,
      total: order.totals.total,
      currency: order.currency,
      payment: {
        method,
        ...(started?.redirect_url !== undefined ? { redirect_url: started.redirect_url } : {}),
        ...(started?.bank_transfer !== undefined ? { bank_transfer: started.bank_transfer } : {}),
      },
    };
  }

  private async offersOf(items: readonly CartItem[]): Promise<Map<string, ProductOffer | null>> {
    const offers = new Map<string, ProductOffer | null>();
    for (const item of items) if (!offers.has(item.product)) offers.set(item.product, await this.deps.offers.offer(item.product));
    return offers;
  }

  /** Discontinued, without a price now, or fewer pieces than the cart holds: refused before anything is held. */
  private checkAvailable(items: readonly CartItem[], offers: ReadonlyMap<string, ProductOffer | null>): void {
    const wanted = aggregate(items);
    const unavailable = [...wanted].flatMap(([code, quantity]) => {
      const offer = offers.get(code);
      return !offer || !offer.for_sale || offer.price === null || (offer.available !== null && offer.available < quantity)
        ? [code]
        : [];
    });
    if (unavailable.length > 0)
      throw new CheckoutRefused(ORDER_ERROR_CODES.productUnavailable, 'Product not available or not possible to buy', {
        unavailable,
      });
  }

  /**
   * Every line at today's price. A changed price is answered with the new
   * total, and the cart takes the new prices (`CartItemQuantityChanged` with
   * the same pieces), so the summary the buyer sees next is the one a repeated
   * finish will accept. An insurance priced anew has its own text ('insurance
   * price changed (select again)').
   */
  private async checkPrices(
    cartId: string,
    cart: CartState,
    offers: ReadonlyMap<string, ProductOffer | null>,
    newTotal: number,
    currency: Currency,
    actor: Actor,
    at: string,
  ): Promise<void> {
    const changed = cart.items.filter((item) => offers.get(item.product)!.price !== item.unit_price);
    if (changed.length === 0) return;
    const repriced = await handleCommand(
      this.deps.events,
      cartDecider,
      cartStream(cartId),
      {
        type: 'RepriceCart',
        prices: Object.fromEntries(changed.map((item) => [item.item_id, offers.get(item.product)!.price!])),
        at,
      },
      { actor, market: this.deps.market, retry: { attempts: 3 } },
    );
    await this.deps.settle?.(repriced.checkpoint);
    const insurance = changed.some((item) => item.kind === 'insurance');
    throw new CheckoutRefused(
      insurance ? ORDER_ERROR_CODES.insurancePriceChanged : ORDER_ERROR_CODES.priceChanged,
      insurance ? 'Insurance price changed (select again)' : 'A price changed',
      {
        total: newTotal,
        currency,
        changed: changed.map((item) => ({
          item_id: item.item_id,
          product: item.product,
          unit_price: offers.get(item.product)!.price,
        })),
      },
    );
  }
}

const versionOf = (events: readonly RecordedEvent[]): bigint => events.at(-1)?.streamVersion ?? 0n;

function aggregate(items: readonly CartItem[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.product, (wanted.get(item.product) ?? 0) + item.quantity);
  return wanted;
}

function toLine(item: CartItem): OrderLine {
  return {
    item_id: item.item_id,
    parent_item_id: item.parent_item_id,
    product: item.product,
    name: item.name,
    kind: item.kind,
    quantity: item.quantity,
    unit_price: item.unit_price,
    vat_rate: item.vat_rate,
    installment: item.installment,
    warranty_months: item.warranty_months,
    warranty_bonus_months: item.warranty_bonus_months,
  };
}

export const PORT_MISSING = (name: string): RequestRefused =>
  new RequestRefused(
    503,
    ORDER_ERROR_CODES.portMissing,
    'A service the checkout needs is not available',
    `${name} is not available`,
    {
      service: name,
    },
  );
