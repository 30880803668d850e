import { describe, expect, it } from 'vitest';
import { compareQuality, QUALITIES, qualityWeight, worseQuality, type PriceList, type Quality } from '../catalogue/types';
import { iphone13PriceList } from '../testing/iphone-13';
import { appraise, checkVersion, isAnswerProblem, type AppraisalRefusalReason } from './appraise';

const czk = iphone13PriceList('CZK');
const ron = iphone13PriceList('RON');

const BEST = ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_yes'];
/** BEST with the answer to one question replaced. */
const best = (...replacements: string[]): string[] =>
  BEST.map((value) => replacements.find((r) => r.split('_')[0] === value.split('_')[0]) ?? value);

type Expected =
  | { can_buy: true; quality: Quality; price: number; minimal_price_applied?: boolean }
  | { can_buy: false; reason: AppraisalRefusalReason; question_id: string | null; message_key: string };

const buys = (quality: Quality, price: number, minimal_price_applied = false): Expected => ({
  can_buy: true,
  quality,
  price,
  minimal_price_applied,
});
const refused = (reason: AppraisalRefusalReason, question_id: string | null, message_key: string): Expected => ({
  can_buy: false,
  reason,
  question_id,
  message_key,
});

// prettier-ignore
const cases: [string, PriceList, readonly string[], Expected][] = [
  // Prices CZK: A+ 11 500, A 10 200, B 8 600, C 6 400, D 3 900; minimum 1 500; charger +200, worn battery −700.
  ['CZK all best answers → A+ price with the charger bonus', czk, BEST, buys('A+', 11_700)],
  ['CZK one B answer among A+ → B', czk, best('body_scratched'), buys('B', 8_800)],
  ['CZK one A answer → A', czk, best('display_scratches'), buys('A', 10_400)],
  ['CZK answers in any order give the same result', czk, [...best('body_scratched')].reverse(), buys('B', 8_800)],
  ['CZK A, B and C answers → the worst, C, with its correction', czk, ['display_scratches', 'body_scratched', 'functions_minor', 'battery_good', 'charger_yes'], buys('C', 6_300)],
  ['CZK a broken display → D with its correction', czk, best('display_broken'), buys('D', 2_600)],
  ['CZK worn battery and no charger never lower the quality, the battery correction applies', czk, best('battery_worn', 'charger_no'), buys('A+', 10_800)],
  ['CZK worn battery alone: A+ less 700', czk, best('battery_worn'), buys('A+', 11_000)],
  ['CZK no charger alone: A+ without the charger bonus', czk, best('charger_no'), buys('A+', 11_500)],
  ['CZK corrections summing below the minimum → the minimum', czk, ['display_broken', 'body_scratched', 'functions_faulty', 'battery_worn', 'charger_no'], buys('D', 1_500, true)],
  ['CZK a disabled choice → cannot buy', czk, best('body_bent'), refused('disabled_choice', 'body', 'buyback.choice_disabled')],
  ['CZK a choice implying no quality → cannot buy', czk, best('display_dead'), refused('unknown_quality', 'display', 'buyback.quality_unknown')],
  ['CZK an unanswered question → refused', czk, BEST.filter((v) => v !== 'charger_yes'), refused('missing_answer', 'charger', 'buyback.answer_missing')],
  ['CZK no answers at all → refused', czk, [], refused('missing_answer', 'display', 'buyback.answer_missing')],
  ['CZK two answers to one question → refused', czk, [...BEST, 'display_worn'], refused('duplicate_answer', 'display', 'buyback.answer_duplicate')],
  ['CZK the same answer twice → refused', czk, [...BEST, 'battery_good'], refused('duplicate_answer', 'battery', 'buyback.answer_duplicate')],
  ['CZK a value of no question → refused', czk, [...BEST, 'display_purple'], refused('unknown_choice', null, 'buyback.choice_unknown')],
  ['CZK a malformed answer wins over a disabled one', czk, [...best('body_bent'), 'nonsense'], refused('unknown_choice', null, 'buyback.choice_unknown')],

  // Prices RON: A+ 2 100, A 1 850, B 1 550, C 1 150, D 700; minimum 250; charger +40, worn battery −120.
  ['RON all best answers → A+ price with the charger bonus', ron, BEST, buys('A+', 2_140)],
  ['RON one B answer among A+ → B', ron, best('display_worn'), buys('B', 1_590)],
  ['RON worn battery and no charger never lower the quality', ron, best('battery_worn', 'charger_no'), buys('A+', 1_980)],
  ['RON A, B and C answers → C', ron, ['display_scratches', 'body_scratched', 'functions_minor', 'battery_good', 'charger_yes'], buys('C', 1_130)],
  ['RON corrections summing below the minimum → the minimum', ron, ['display_broken', 'body_scratched', 'functions_faulty', 'battery_worn', 'charger_no'], buys('D', 250, true)],
  ['RON a disabled choice → cannot buy', ron, best('body_bent'), refused('disabled_choice', 'body', 'buyback.choice_disabled')],
  ['RON a choice implying no quality → cannot buy', ron, best('display_dead'), refused('unknown_quality', 'display', 'buyback.quality_unknown')],
];

describe('appraise', () => {
  it.each(cases)('%s', (_name, priceList, chosen, expected) => {
    const result = appraise(priceList, chosen);
    expect(result).toMatchObject(expected);
    if (result.can_buy) expect(result.currency).toBe(priceList.currency);
  });

  it('reports the quality price and the corrections it added', () => {
    expect(appraise(czk, best('battery_worn', 'display_broken'))).toEqual({
      can_buy: true,
      quality: 'D',
      price: 3_900 - 1_500 - 700 + 200,
      currency: 'CZK',
      base_price: 3_900,
      price_correction: -1_500 - 700 + 200,
      minimal_price_applied: false,
    });
  });

  it.each(QUALITIES.map((quality) => [quality] as const))('the default choices of %s appraise to %s', (quality) => {
    for (const priceList of [czk, ron]) {
      expect(appraise(priceList, priceList.default_device_condition_choices[quality])).toMatchObject({ can_buy: true, quality });
    }
  });

  it('raises a price list whose quality price is itself below the minimum to the minimum', () => {
    const cheap: PriceList = { ...czk, prices: { ...czk.prices, D: 1_000 }, minimal_buyout_price: 1_200 };
    expect(appraise(cheap, best('display_broken'))).toMatchObject({ quality: 'D', price: 1_200, minimal_price_applied: true });
  });

  it('cannot buy when a deciding answer names a quality the grades do not know', () => {
    const odd = {
      ...czk,
      device_conditions: czk.device_conditions.map((c) =>
        c.id === 'body' ? { ...c, choices: c.choices.map((ch) => ({ ...ch, appraisal_result: 'E' as Quality })) } : c,
      ),
    };
    expect(appraise(odd, BEST)).toMatchObject({ can_buy: false, reason: 'unknown_quality', question_id: 'body' });
  });

  it('cannot buy when only the charger and battery questions exist: nothing decides the quality', () => {
    const onlyAccessories = { ...czk, device_conditions: czk.device_conditions.filter((c) => c.role !== 'general') };
    expect(appraise(onlyAccessories, ['battery_good', 'charger_yes'])).toMatchObject({
      can_buy: false,
      reason: 'unknown_quality',
      question_id: null,
      message_key: 'buyback.quality_unknown',
    });
  });

  it('tells malformed answers (400) from a device that cannot be bought', () => {
    expect(isAnswerProblem(appraise(czk, []))).toBe(true);
    expect(isAnswerProblem(appraise(czk, [...BEST, 'x']))).toBe(true);
    expect(isAnswerProblem(appraise(czk, best('body_bent')))).toBe(false);
    expect(isAnswerProblem(appraise(czk, best('display_dead')))).toBe(false);
    expect(isAnswerProblem(appraise(czk, BEST))).toBe(false);
  });
});

describe('quality order', () => {
  it('weighs A+ > A > B > C > D', () => {
    const weights = QUALITIES.map(qualityWeight);
    expect(weights).toEqual([5, 4, 3, 2, 1]);
  });

  it('sorts best first', () => {
    expect(['C', 'A+', 'D', 'B', 'A'].sort((a, b) => compareQuality(a as Quality, b as Quality))).toEqual([
      'A+',
      'A',
      'B',
      'C',
      'D',
    ]);
  });

  it.each([
    ['A+', 'A', 'A'],
    ['A', 'B', 'B'],
    ['B', 'C', 'C'],
    ['C', 'D', 'D'],
    ['D', 'A+', 'D'],
    ['B', 'B', 'B'],
  ] as const)('the worse of %s and %s is %s', (a, b, worse) => {
    expect(worseQuality(a, b)).toBe(worse);
    expect(worseQuality(b, a)).toBe(worse);
    expect(compareQuality(a, b)).toBe(a === b ? 0 : worse === b ? -1 : 1);
  });
});

describe('checkVersion', () => {
  const current = iphone13PriceList('CZK', 7);

  it('accepts a submission made against the version in force', () => {
    expect(checkVersion(current, 7)).toEqual({ current: true });
  });

  it.each([
    [6, 'stale'],
    [1, 'stale'],
    [8, 'unknown'],
    [0, 'unknown'],
    [-1, 'unknown'],
    [6.5, 'unknown'],
    [Number.NaN, 'unknown'],
  ] as const)('refuses version %s as %s, naming the current version', (submitted, reason) => {
    expect(checkVersion(current, submitted)).toEqual({
      current: false,
      reason,
      message_key: 'buyback.price_list_changed',
      current_version: 7,
    });
  });
});
