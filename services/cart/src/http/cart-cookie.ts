import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { actorOf, cookiesOf, principalOf } from '@buyloop/http';
import { accountCartId, ANONYMOUS_CART_ID } from '../events';
import type { CartService } from '../cart-service';

/** The visitor's cart: HttpOnly (no script reads it), SameSite=Lax, 30 days. */
export const CART_COOKIE = 'buyloop_cart';
const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 3_600_000;

const secure = (req: Request, res: Response): boolean => req.secure || res.locals.secureCookies === true;

const cookieOptions = (req: Request, res: Response) =>
  ({ httpOnly: true, sameSite: 'lax', secure: secure(req, res), path: '/' }) as const;

/**
 * Which cart a request works on.
 *
 * - A visitor's cart is `cart-<64 hex digits>`: 32 random bytes, kept in an
 *   HttpOnly cookie and never answered in a body, so the id is the cart's
 *   only key and cannot be guessed.
 * - A signed-in person's cart is the account's (`cart-user_<id>`), on every
 *   device they sign in on.
 * - Merging: identity publishes no sign-in hook the cart could use (its
 *   `LoggedIn` event names the account, not the browser's cart), so the
 *   first cart call of a signed-in person whose browser still holds an
 *   anonymous cart cookie takes that cart's items into the account's cart,
 *   closes the anonymous cart and clears the cookie; when packages did not
 *   fit under the account cart's limit, the anonymous cart keeps them and
 *   its cookie stays, so they are merged once there is room. The storefront asks for
 *   the count on every page, so that happens on the first page after login.
 */
export class CartLocator {
  constructor(
    private readonly service: Pick<CartService, 'merge' | 'state'>,
    /** Waits for the read model after a merge, so the answer that follows shows the merged items. */
    private readonly settle: (checkpoint: string | null) => Promise<void>,
  ) {}

  /** The cart to read: null when the visitor has none yet (an empty cart). */
  async find(req: Request, res: Response): Promise<string | null> {
    return this.locate(req, res);
  }

  /**
   * The cart to change: a visitor without one gets a new cart id, whose
   * cookie is set only once the change is made (`keep`), so a refused first
   * request leaves no cookie behind.
   */
  async open(req: Request, res: Response): Promise<{ readonly cartId: string; readonly created: boolean }> {
    const found = await this.locate(req, res);
    return found ? { cartId: found, created: false } : { cartId: randomBytes(32).toString('hex'), created: true };
  }

  /** Hands a new visitor's cart id to the browser. */
  keep(req: Request, res: Response, cartId: string): void {
    res.cookie(CART_COOKIE, cartId, { ...cookieOptions(req, res), maxAge: CART_COOKIE_MAX_AGE_MS });
  }

  private async locate(req: Request, res: Response): Promise<string | null> {
    const principal = principalOf(res);
    const cookie = cookiesOf(req)[CART_COOKIE];
    const anonymous = cookie !== undefined && ANONYMOUS_CART_ID.test(cookie) ? cookie : null;
    if (principal.via === 'session' && principal.userId) {
      const account = accountCartId(principal.userId);
      if (cookie !== undefined) {
        const merged = anonymous ? await this.service.merge(anonymous, account, actorOf(req, res)) : null;
        for (const checkpoint of merged?.checkpoints ?? []) await this.settle(checkpoint);
        // Packages that did not fit stay in the anonymous cart: its cookie is kept, so they are neither lost nor
        // hidden for good (the next call offers them again, and signed out the visitor finds them there).
        if (!merged?.left_behind) res.clearCookie(CART_COOKIE, cookieOptions(req, res));
      }
      return account;
    }
    if (anonymous) {
      // A cart taken into an account (its holder signed out since) is closed: a new visit starts afresh.
      const state = await this.service.state(anonymous);
      if (state.handed_over_to === null) return anonymous;
    }
    if (cookie !== undefined) res.clearCookie(CART_COOKIE, cookieOptions(req, res));
    return null;
  }
}
