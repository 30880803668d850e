import { assertNever, type Decider } from '@buyloop/kit';
import type { PriceEvent } from './events';
import { evolvePricing, initialPricingState, type PricingState } from './state';
import { decideSetPrice, type SetPrice } from './set-price/decide';
import { decideScheduleOffer, type ScheduleOffer } from './schedule-offer/decide';
import { decideReachSchedule, type ReachSchedule } from './reach-schedule/decide';

export type PricingCommand = SetPrice | ScheduleOffer | ReachSchedule;

/** The decider of `price-<code>-<market>`: one product's prices on one market. */
export const pricingDecider: Decider<PricingCommand, PriceEvent, PricingState> = {
  initialState: initialPricingState,
  evolve: evolvePricing,
  decide(command, state) {
    switch (command.type) {
      case 'SetPrice':
        return decideSetPrice(command, state);
      case 'ScheduleOffer':
        return decideScheduleOffer(command, state);
      case 'ReachSchedule':
        return decideReachSchedule(command, state);
      default:
        return assertNever(command, 'pricing command');
    }
  },
};
