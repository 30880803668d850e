import type { Market } from '@buyloop/kit';

/**
 * The storefront's buy-back addresses per market. The API answers with them
 * (selector urls, the thank-you page's Location) and e-mails link to them,
 * so they live in one place.
 */
const SEGMENTS: Readonly<Record<Market, { base: string; thankYou: string; status: string; offer: string }>> = {
  cz: { base: '/vykup', thankYou: 'dekujeme', status: 'stav', offer: 'nabidka' },
  ro: { base: '/rascumparare', thankYou: 'multumim', status: 'stare', offer: 'oferta' },
};

export interface BuybackPaths {
  readonly base: string;
  /**
   * After a sale (the Location of POST /api/buyout/sell-online). The token is the seller's, as in
   * their e-mail: the page shows the sale (device, price, status link) only to whoever holds it.
   */
  thankYou(buyoutNumber: string, token: string | null): string;
  /** The customer's status page; the token comes from their e-mail. */
  status(buyoutNumber: string, token: string): string;
  /** Reopens an e-mailed offer. */
  offer(buyoutNumber: string, token: string): string;
}

export function buybackPaths(market: Market): BuybackPaths {
  const s = SEGMENTS[market];
  const n = (buyoutNumber: string) => encodeURIComponent(buyoutNumber);
  const t = (token: string) => encodeURIComponent(token);
  return {
    base: s.base,
    thankYou: (buyoutNumber, token) =>
      `${s.base}/${s.thankYou}?number=${n(buyoutNumber)}${token === null ? '' : `&token=${t(token)}`}`,
    status: (buyoutNumber, token) => `${s.base}/${s.status}/${n(buyoutNumber)}?token=${t(token)}`,
    offer: (buyoutNumber, token) => `${s.base}/${s.offer}/${n(buyoutNumber)}?token=${t(token)}`,
  };
}
