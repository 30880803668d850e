import type { BuybackEvent, RevisionReason } from '../events';
import { addDays, FieldErrors, illegal, REVISED_OFFER_DAYS, wrongState } from '../rules';
import type { BuybackState } from '../state';
import { inspectionMatches } from '../approve/decide';

/**
 * The device is worse than declared: staff offer a lower price with a reason
 * for every finding that differs. The customer has REVISED_OFFER_DAYS to answer.
 * The final price is never lower than the minimal buy-back price (spec
 * section 9), which the caller takes from the model's price list.
 */
export interface ReviseOffer {
  readonly type: 'ReviseOffer';
  readonly price: number;
  /** The price list's `minimal_buyout_price`: the revised price may not go below it. */
  readonly minimalPrice: number;
  readonly reasons: readonly RevisionReason[];
  readonly at: string;
}

export function decideReviseOffer(command: ReviseOffer, state: BuybackState): BuybackEvent[] {
  if (state.status === 'revised')
    throw illegal('buyback.revised_offer_open', 'A revised offer is already waiting for the customer');
  if (state.status !== 'inspected') throw wrongState(state, 'ReviseOffer');
  if (inspectionMatches(state)) throw illegal('buyback.inspection_matches', 'The inspection matches the declaration: approve it');
  const current = state.price ?? 0;
  const errors = new FieldErrors()
    .amount('price', command.price)
    .amount('minimalPrice', command.minimalPrice)
    .time('at', command.at);
  if (Number.isSafeInteger(command.price) && command.price >= current) errors.add('price', 'buyback.revised_price_not_lower');
  if (Number.isSafeInteger(command.price) && command.price < command.minimalPrice)
    errors.add('price', 'buyback.revised_price_below_minimum');
  const differing = new Set(
    (state.inspection?.findings ?? []).filter((f) => f.foundChoice !== f.expectedChoice).map((f) => f.questionId),
  );
  const explained = new Set<string>();
  command.reasons.forEach((reason, i) => {
    errors.text(`reasons[${i}].reason`, reason.reason);
    if (!differing.has(reason.questionId) || explained.has(reason.questionId))
      errors.add(`reasons[${i}].questionId`, 'buyback.finding_unknown');
    explained.add(reason.questionId);
  });
  if ([...differing].some((questionId) => !explained.has(questionId))) errors.add('reasons', 'buyback.finding_reason_missing');
  errors.throwIfAny('The offer cannot be revised');
  const { price, at } = command;
  return [
    {
      type: 'OfferRevised',
      data: {
        previousPrice: current,
        price,
        reasons: command.reasons.map((reason) => ({ ...reason })),
        expiresAt: addDays(at, REVISED_OFFER_DAYS),
        at,
      },
    },
  ];
}
