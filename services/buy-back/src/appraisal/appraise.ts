import { addMoney, money, type Currency } from '@buyloop/kit';
import {
  isQuality,
  worseQuality,
  type ConditionChoice,
  type DeviceCondition,
  type PriceList,
  type Quality,
} from '../catalogue/types';

/**
 * The appraisal rule (product spec sections 3, 5 and 9; issue 5 point 2):
 *
 * - exactly one choice per condition question;
 * - the quality is the worst quality implied by the chosen choices, ignoring
 *   the original-charger and battery questions;
 * - the price is that quality's price plus the price corrections of all
 *   chosen choices (charger and battery included), never below the minimal
 *   buy-back price;
 * - a disabled choice, or a choice implying no known quality, means the
 *   device cannot be bought.
 *
 * Pure: the server runs it on every quote and submission and never trusts a
 * price the client sends.
 */

export interface Appraised {
  readonly can_buy: true;
  readonly quality: Quality;
  /** The final price in whole units. */
  readonly price: number;
  readonly currency: Currency;
  /** The quality's price from the list, before corrections. */
  readonly base_price: number;
  /** The sum of the chosen choices' price corrections. */
  readonly price_correction: number;
  /** True when the minimal buy-back price replaced a lower result. */
  readonly minimal_price_applied: boolean;
}

/** Answers that are not a proper submission: the caller answers 400. */
export type AnswerProblem = 'unknown_choice' | 'duplicate_answer' | 'missing_answer';
/** A proper submission the rule refuses to buy: the caller answers with `can_buy: false` and the message. */
export type BuyRefusal = 'disabled_choice' | 'unknown_quality';
export type AppraisalRefusalReason = AnswerProblem | BuyRefusal;

export const APPRAISAL_MESSAGE_KEYS = {
  unknown_choice: 'buyback.choice_unknown',
  duplicate_answer: 'buyback.answer_duplicate',
  missing_answer: 'buyback.answer_missing',
  disabled_choice: 'buyback.choice_disabled',
  unknown_quality: 'buyback.quality_unknown',
} as const satisfies Record<AppraisalRefusalReason, string>;

export interface NotAppraised<R extends AppraisalRefusalReason = AppraisalRefusalReason> {
  readonly can_buy: false;
  readonly reason: R;
  readonly message_key: (typeof APPRAISAL_MESSAGE_KEYS)[R];
  /** The question concerned; null when none is (an unknown value, or no question decides the quality). */
  readonly question_id: string | null;
  /** The submitted value concerned, if any. */
  readonly value: string | null;
}

export type AppraisalResult = Appraised | NotAppraised;

const ANSWER_PROBLEMS: readonly AppraisalRefusalReason[] = ['unknown_choice', 'duplicate_answer', 'missing_answer'];

/** True when the answers themselves are malformed (HTTP 400), as opposed to a device that cannot be bought. */
export const isAnswerProblem = (result: AppraisalResult): result is NotAppraised<AnswerProblem> =>
  !result.can_buy && ANSWER_PROBLEMS.includes(result.reason);

const refuse = <R extends AppraisalRefusalReason>(
  reason: R,
  question_id: string | null,
  value: string | null,
): NotAppraised<R> => ({
  can_buy: false,
  reason,
  message_key: APPRAISAL_MESSAGE_KEYS[reason],
  question_id,
  value,
});

/** Questions whose answers do not decide the quality (spec section 5). */
export const decidesQuality = (condition: DeviceCondition): boolean => condition.role === 'general';

interface Answer {
  readonly condition: DeviceCondition;
  readonly choice: ConditionChoice;
}

export function appraise(priceList: PriceList, chosenValues: readonly string[]): AppraisalResult {
  const byValue = new Map<string, Answer>();
  for (const condition of priceList.device_conditions)
    for (const choice of condition.choices) if (!byValue.has(choice.value)) byValue.set(choice.value, { condition, choice });

  // 1. Every value must belong to a question, and each question be answered exactly once.
  const answers = new Map<string, Answer>();
  for (const value of chosenValues) {
    const answer = byValue.get(value);
    if (!answer) return refuse('unknown_choice', null, value);
    if (answers.has(answer.condition.id)) return refuse('duplicate_answer', answer.condition.id, value);
    answers.set(answer.condition.id, answer);
  }
  const ordered: Answer[] = [];
  for (const condition of priceList.device_conditions) {
    const answer = answers.get(condition.id);
    if (!answer) return refuse('missing_answer', condition.id, null);
    ordered.push(answer);
  }

  // 2. A disabled answer means the device cannot be bought.
  const disabled = ordered.find((answer) => answer.choice.disabled);
  if (disabled) return refuse('disabled_choice', disabled.condition.id, disabled.choice.value);

  // 3. The worst implied quality, charger and battery questions aside; an unknown or missing quality refuses.
  let quality: Quality | undefined;
  for (const { condition, choice } of ordered) {
    if (!decidesQuality(condition)) continue;
    const implied: unknown = choice.appraisal_result;
    if (!isQuality(implied)) return refuse('unknown_quality', condition.id, choice.value);
    quality = quality === undefined ? implied : worseQuality(quality, implied);
  }
  if (quality === undefined) return refuse('unknown_quality', null, null);
  const basePrice: unknown = priceList.prices[quality];
  if (typeof basePrice !== 'number') return refuse('unknown_quality', null, null);

  // 4. The price: the quality's price plus every chosen correction, never below the minimum.
  const currency = priceList.currency;
  const correction = ordered.reduce(
    (sum, { choice }) => addMoney(sum, money(choice.price_correction, currency)),
    money(0, currency),
  );
  const computed = addMoney(money(basePrice, currency), correction).amount;
  const minimal_price_applied = computed < priceList.minimal_buyout_price;
  return {
    can_buy: true,
    quality,
    price: minimal_price_applied ? priceList.minimal_buyout_price : computed,
    currency,
    base_price: basePrice,
    price_correction: correction.amount,
    minimal_price_applied,
  };
}

export type VersionCheck =
  | { readonly current: true }
  | {
      readonly current: false;
      /** `stale` for an older version, `unknown` for anything that is not a published version (newer, not an integer). */
      readonly reason: 'stale' | 'unknown';
      readonly message_key: 'buyback.price_list_changed';
      readonly current_version: number;
    };

/**
 * Whether a submission made against `submittedVersion` may go on. Only the
 * version in force is accepted; the caller answers a refusal with 409 and the
 * price recomputed on the current list.
 */
export function checkVersion(priceList: PriceList, submittedVersion: number): VersionCheck {
  if (submittedVersion === priceList.version) return { current: true };
  const stale = Number.isSafeInteger(submittedVersion) && submittedVersion >= 1 && submittedVersion < priceList.version;
  return {
    current: false,
    reason: stale ? 'stale' : 'unknown',
    message_key: 'buyback.price_list_changed',
    current_version: priceList.version,
  };
}
