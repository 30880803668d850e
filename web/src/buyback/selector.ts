import { CHOICES_PARAM } from '../app/routes';
import type { Appraisal, Choice, Quote, SelectorResponse } from './types';

export const LEVELS = ['type', 'manufacturer', 'model', 'color'] as const;
export type Level = (typeof LEVELS)[number];

/** Visibility flags of the buy-back page (spec sections 4 and 9). */
export const FLAG = { form: 1, sendEmail: 2, sellOnline: 4, review: 8 } as const;
export type Way = 'sendEmail' | 'sellOnline' | 'review';

export interface SelectorState {
  readonly selected: Readonly<Record<Level, string | null>>;
  readonly choices: Readonly<Record<Level, readonly Choice[] | null>>;
  readonly appraisal: Appraisal | null;
  /** Question id → chosen value. */
  readonly answers: Readonly<Record<string, string>>;
  readonly quote: Quote | null;
  readonly url: string;
  readonly visibility: number;
}

/**
 * The state a server answer (a deep link, or the bare page) starts the page in. Answers the
 * address keeps (`choices`) win over the defaults of its device_condition; the server's quote
 * stands only when it answers the same choices (else the page asks for one).
 */
export function stateFromSelector(response: SelectorResponse, choices: readonly string[] | null = null): SelectorState {
  const s = response.selected_choices;
  const appraisal = response.appraisal;
  if (appraisal && choices) {
    const answers = answersFromChoices(appraisal, choices);
    const fromServer = s.device_condition_choices ?? [];
    const quote = response.quote && sameChoices(chosenValues(appraisal, answers), fromServer) ? response.quote : null;
    return { ...stateFromSelector(response), answers, quote };
  }
  return {
    selected: { type: s.product_type, manufacturer: s.product_manufacturer, model: s.product_model, color: s.product_color },
    choices: {
      type: response.choices.product_type,
      manufacturer: response.choices.product_manufacturer,
      model: response.choices.product_model,
      color: response.choices.product_color,
    },
    appraisal,
    answers: appraisal && s.device_condition_choices ? answersFromChoices(appraisal, s.device_condition_choices) : {},
    quote: response.quote,
    url: response.url,
    visibility: appraisal ? FLAG.form : 0,
  };
}

/** Which levels a new choice at `level` empties (spec section 4). */
export function levelsReset(level: Level): readonly Level[] {
  switch (level) {
    case 'type':
      return ['manufacturer', 'model', 'color'];
    case 'manufacturer':
      return ['model', 'color'];
    case 'model':
      return ['color'];
    case 'color':
      return [];
  }
}

export type ChooseResult =
  { readonly kind: 'same'; readonly state: SelectorState } | { readonly kind: 'changed'; readonly state: SelectorState };

/**
 * A choice at a level: the already selected option changes nothing (the page only rewrites the
 * address); another one selects it and resets what depends on it, choices of the levels below
 * included (the page loads the next level's). The appraisal goes with any change: the spec
 * resets it on type and model, and after a new manufacturer there is no model it could belong to.
 */
export function choose(state: SelectorState, level: Level, value: string): ChooseResult {
  if (state.selected[level] === value) return { kind: 'same', state };
  const selected = { ...state.selected, [level]: value };
  const choices = { ...state.choices };
  for (const below of levelsReset(level)) {
    selected[below] = null;
    choices[below] = null;
  }
  return {
    kind: 'changed',
    state: { ...state, selected, choices, appraisal: null, answers: {}, quote: null, visibility: 0 },
  };
}

/** The level below, whose choices a choice at `level` loads (the colour loads the appraisal). */
export const nextLevel = (level: Level): Level | null => LEVELS[LEVELS.indexOf(level) + 1] ?? null;

export const choicesLoaded = (state: SelectorState, level: Level, choices: readonly Choice[], url: string): SelectorState => ({
  ...state,
  choices: { ...state.choices, [level]: choices },
  url,
});

export const appraisalLoaded = (state: SelectorState, appraisal: Appraisal, url: string): SelectorState => ({
  ...state,
  appraisal,
  answers: {},
  quote: null,
  url,
  visibility: FLAG.form,
});

/** Answers keyed by question from a flat list of chosen values (a deep link's defaults). */
export function answersFromChoices(appraisal: Appraisal, values: readonly string[]): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const condition of appraisal.device_conditions) {
    const chosen = condition.choices.find((c) => values.includes(c.value) && !c.disabled);
    if (chosen) answers[condition.id] = chosen.value;
  }
  return answers;
}

export const answer = (state: SelectorState, questionId: string, value: string): SelectorState => ({
  ...state,
  answers: { ...state.answers, [questionId]: value },
});

/** Every question answered: only then can the server quote. */
export const allAnswered = (appraisal: Appraisal, answers: Readonly<Record<string, string>>): boolean =>
  appraisal.device_conditions.every((c) => answers[c.id] !== undefined);

/** The chosen values in the questions' order, as the API takes them. */
/** The same answers, in any order: whether a quote answers what is chosen now. */
export const sameChoices = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

export const chosenValues = (appraisal: Appraisal, answers: Readonly<Record<string, string>>): string[] =>
  appraisal.device_conditions.flatMap((c) => (answers[c.id] === undefined ? [] : [answers[c.id]!]));

/** The price shown: never below the server's minimal buy-back price (spec section 9). */
export const displayedPrice = (price: number, minimal: number): number => Math.max(price, minimal);

/** The best price of an appraisal ("up to"), before the questions are answered. */
export const bestPrice = (appraisal: Appraisal): number =>
  Math.max(appraisal.minimal_buyout_price, ...appraisal.appraisal_result.map((r) => r.price));

/** Opens one way (e-mail, sell online, review): the form flag stays, the other ways close; again closes it. */
export function toggleWay(visibility: number, way: Way): number {
  const flag = FLAG[way];
  const others = FLAG.sendEmail | FLAG.sellOnline | FLAG.review;
  return visibility & flag ? visibility & ~flag : (visibility & ~others) | flag;
}

export const isVisible = (visibility: number, flag: number): boolean => (visibility & flag) !== 0;

/**
 * The address of the page with these answers: the server's url of the device plus the answers
 * given (none: no parameter). A device_condition the url named goes, as the answers say more.
 */
export function withChoices(url: string, choices: readonly string[]): string {
  const parsed = new URL(url, 'http://storefront.invalid');
  parsed.searchParams.delete('device_condition');
  if (choices.length > 0) parsed.searchParams.set(CHOICES_PARAM, choices.join(','));
  else parsed.searchParams.delete(CHOICES_PARAM);
  // Commas stay readable in the address (they need no escaping in a query).
  return `${parsed.pathname}${parsed.search.replace(/%2C/gi, ',')}${parsed.hash}`;
}
