import { assertNever, IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import {
  BY_EMAIL,
  ELECTRONIC_LOCATION,
  EXTERNAL_LOCATION,
  PARCEL_CARRIER,
  type OrderEvent,
  type OrderPackage,
  type PlacedOrder,
} from '../events';
import { placedOf, type OrderState } from '../state';

/** What the catalogue says of a product, as far as packing cares. */
export interface PackingFacts {
  /** Spec 4: a licence delivered by e-mail, nothing to ship. */
  readonly electronic_licence: boolean;
  /** Held by a supplier, not by the shop: the supplier's parcel carrier brings it. */
  readonly external_stock: boolean;
}

/** A confirmed order is split into the packages that leave from each place (issue 15 deliver 5). */
export interface SplitIntoPackages {
  readonly type: 'SplitIntoPackages';
  /** The catalogue's facts per product code, looked up by whoever sends the command; a product missing here is neither. */
  readonly products: Readonly<Record<string, PackingFacts>>;
  readonly at: string;
}

/** Contracts rather than goods: they go in the package of the device they cover, they have no stock of their own. */
const ATTACHED_KINDS: ReadonlySet<string> = new Set(['insurance', 'warranty_extension', 'service']);

/**
 * Split once, when the order is confirmed (paid, or placed for cash on
 * delivery). An order that ended or left already (cancelled, withdrawn,
 * shipped before the split ran) has nothing left to pack: nothing is
 * recorded, so the process manager behind OrderConfirmed is not refused for
 * an order that moved on meanwhile. An order still waiting for its money is
 * refused: nothing may leave before it is paid.
 */
export function splitIntoPackages(command: SplitIntoPackages, state: OrderState): OrderEvent[] {
  const order = placedOf(state);
  if (state.packages) return [];
  const status = state.status;
  switch (status) {
    case 'paid':
    case 'confirmed':
      break;
    case 'awaiting_payment':
    case 'payment_failed':
      throw new IllegalState(ORDER_ERROR_CODES.notConfirmed, 'The order is not confirmed yet', { status });
    case 'shipped':
    case 'delivered':
    case 'cancelled':
    case 'withdrawn':
    case null:
      return [];
    default:
      return assertNever(status, 'order status');
  }
  return [
    {
      type: 'OrderSplitIntoPackages',
      data: { number: order.number, packages: packagesOf(order, command.products), at: command.at },
    },
  ];
}

type PackageItem = OrderPackage['items'][number];

/**
 * Each line's pieces go where the reservation holds them (a quantity held in
 * two places is two packages' part); a licence to the e-mail package; goods
 * nobody reserved (external stock, pre-orders) to the supplier's parcel;
 * insurance and warranties with their device, else with the first package.
 * Stock locations keep the reservation's order, then the external parcel,
 * then the e-mail.
 */
function packagesOf(order: PlacedOrder, products: SplitIntoPackages['products']): OrderPackage[] {
  const held = new Map<string, { readonly location: string; left: number }[]>();
  for (const piece of order.reservation?.items ?? [])
    held.set(piece.code, [...(held.get(piece.code) ?? []), { location: piece.location, left: piece.quantity }]);

  const contents = new Map<string, PackageItem[]>();
  const firstPlaceOf = new Map<string, string>();
  const put = (location: string, item: PackageItem): void => {
    const items = contents.get(location) ?? [];
    const same = items.findIndex((existing) => existing.item_id === item.item_id);
    if (same >= 0) items[same] = { ...item, quantity: items[same]!.quantity + item.quantity };
    else items.push(item);
    contents.set(location, items);
    if (!firstPlaceOf.has(item.item_id)) firstPlaceOf.set(item.item_id, location);
  };

  const attached: PackageItem[] = [];
  const parents = new Map<string, string | null>();
  for (const line of order.items) {
    parents.set(line.item_id, line.parent_item_id);
    const facts = products[line.product];
    const piece = (quantity: number): PackageItem => ({ item_id: line.item_id, product: line.product, quantity });
    if (facts?.electronic_licence) {
      put(ELECTRONIC_LOCATION, piece(line.quantity));
      continue;
    }
    let left = line.quantity;
    for (const place of held.get(line.product) ?? []) {
      const take = Math.min(left, place.left);
      if (take <= 0) continue;
      put(place.location, piece(take));
      place.left -= take;
      left -= take;
      if (left === 0) break;
    }
    if (left === 0) continue;
    if (ATTACHED_KINDS.has(line.kind) && !facts?.external_stock) attached.push(piece(left));
    else put(EXTERNAL_LOCATION, piece(left));
  }

  const special = (location: string) => location === EXTERNAL_LOCATION || location === ELECTRONIC_LOCATION;
  for (const item of attached) {
    const parent = parents.get(item.item_id) ?? null;
    const fallback =
      [...contents.keys()].find((location) => !special(location)) ??
      (contents.has(EXTERNAL_LOCATION) ? EXTERNAL_LOCATION : ELECTRONIC_LOCATION);
    put((parent !== null ? firstPlaceOf.get(parent) : undefined) ?? fallback, item);
  }

  const places = [
    ...[...contents.keys()].filter((location) => !special(location)),
    ...[EXTERNAL_LOCATION, ELECTRONIC_LOCATION].filter((location) => contents.has(location)),
  ];
  return places.map((location, index) => ({
    id: `${order.number}-${index + 1}`,
    location,
    items: contents.get(location)!,
    delivery_method:
      location === ELECTRONIC_LOCATION ? BY_EMAIL : location === EXTERNAL_LOCATION ? PARCEL_CARRIER : order.delivery.method,
  }));
}
