import type { CartLocator, CartService, ProductOffers } from '@buyloop/cart';
import type { Message } from '@buyloop/i18n';
import type { Capability } from '@buyloop/contracts';
import type { SecuredRouter } from '@buyloop/http';
import type { ModuleContext, ModuleProcessManager, Projection, ScheduledJob, StreamFolder } from '@buyloop/projector';

/** What the cart module's areas (the cart itself, discounts, checkout and orders) hand it once opened. */
export interface OpenedCartPart {
  readonly routes: readonly SecuredRouter[];
  readonly processManagers?: readonly ModuleProcessManager[];
  readonly jobs?: readonly ScheduledJob[];
  loadDemoData?(): Promise<readonly string[]>;
  /** Reached by tests through the module's handle, under the part's name. */
  readonly handle?: unknown;
}

/** The cart as the other areas of the context use it. */
export interface CartCore {
  readonly service: CartService;
  readonly locator: CartLocator;
  /** Prices and stock now (the checkout prices every line again). */
  readonly offers: ProductOffers;
  settle(checkpoint: string | null): Promise<void>;
}

/**
 * One area of the cart context (discounts, orders): the module lists its
 * projections and stream categories and opens it after the cart, so areas
 * grow in their own folders and the module file only names them.
 */
export interface CartPart {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  readonly projections: readonly Projection[];
  readonly streams: Readonly<Record<string, StreamFolder>>;
  /** Texts of the area's own codes (cs / ro / en), registered with the module's. */
  readonly messages?: Readonly<Record<string, Message>>;
  open(context: ModuleContext, cart: CartCore): Promise<OpenedCartPart>;
}
