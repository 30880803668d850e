import type { CartPart } from '../part';

/** Discount definitions, their codes and the codes a cart holds (issue 15). */
export const discountsPart = (): CartPart => ({
  name: 'discounts',
  capabilities: [],
  projections: [],
  streams: {},
  open: async () => ({ routes: [] }),
});
