import { currencyOf, isCurrency, type ErrorParams } from '@buyloop/kit';
import { appraise } from '../appraisal/appraise';
import {
  CONDITION_ROLES,
  CONDITION_TYPES,
  isDeviceType,
  isQuality,
  isSlug,
  QUALITIES,
  type BuyBackCatalogue,
  type PriceList,
} from './types';

/**
 * One thing wrong with a price list or a catalogue: where (a dotted path,
 * array items in brackets, as a CSV import or the staff editor can point at
 * it) and a stable message key translated in shared/i18n.
 */
export interface CatalogueProblem {
  readonly path: string;
  readonly code: string;
  readonly params: ErrorParams;
}

const problem = (path: string, code: string, params: ErrorParams = {}): CatalogueProblem => ({ path, code, params });

const isWholeAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isNonNegativeWhole = (value: unknown): value is number => isWholeAmount(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const own = (record: Readonly<Record<string, unknown>>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/**
 * Everything wrong with a price list; empty when it may be published. The
 * list is read defensively, as it may come from a CSV import or a form:
 * - `version` a positive integer, `currency` CZK or RON;
 * - a price for each of the five qualities and none other, each a
 *   non-negative whole number, a better quality never cheaper than a worse one;
 * - `minimal_buyout_price` a non-negative whole number no higher than the D price;
 * - `bonus_percentage` between 0 and 100;
 * - questions with unique ids, a known type and role, at least one choice,
 *   and at least one question that decides the quality;
 * - choices with values unique across the whole list (a submission is a flat
 *   list of values), whole price corrections, a known quality or null;
 * - default choices for each quality that name existing values and, taken
 *   together, appraise to that very quality.
 */
export function validatePriceList(priceList: PriceList): CatalogueProblem[] {
  const pl = asRecord(priceList);
  const problems: CatalogueProblem[] = [];

  if (!isText(pl.model_id)) problems.push(problem('model_id', 'validation.required'));
  const version = pl.version;
  if (!isWholeAmount(version) || version < 1) problems.push(problem('version', 'buyback.price_list.version_invalid'));
  if (!isCurrency(pl.currency)) problems.push(problem('currency', 'buyback.price_list.currency_invalid'));

  // Prices per quality.
  const prices = asRecord(pl.prices);
  for (const key of Object.keys(prices))
    if (!isQuality(key)) problems.push(problem(`prices.${key}`, 'buyback.price_list.quality_unknown', { quality: key }));
  let pricesComplete = true;
  for (const quality of QUALITIES) {
    const price = own(prices, quality);
    if (price === undefined || price === null) {
      problems.push(problem(`prices.${quality}`, 'buyback.price_list.price_missing', { quality }));
      pricesComplete = false;
    } else if (!isNonNegativeWhole(price)) {
      problems.push(problem(`prices.${quality}`, 'buyback.price_list.amount_invalid'));
      pricesComplete = false;
    }
  }
  if (pricesComplete) {
    for (let i = 1; i < QUALITIES.length; i++) {
      const better = QUALITIES[i - 1] as (typeof QUALITIES)[number];
      const worse = QUALITIES[i] as (typeof QUALITIES)[number];
      if ((prices[better] as number) < (prices[worse] as number))
        problems.push(problem(`prices.${better}`, 'buyback.price_list.prices_not_ordered', { better, worse }));
    }
  }

  // Minimal price and bonus.
  const minimal = pl.minimal_buyout_price;
  if (!isNonNegativeWhole(minimal)) problems.push(problem('minimal_buyout_price', 'buyback.price_list.amount_invalid'));
  else if (isNonNegativeWhole(own(prices, 'D')) && minimal > (prices.D as number))
    problems.push(problem('minimal_buyout_price', 'buyback.price_list.minimal_price_too_high', { lowest: prices.D as number }));
  const bonus = pl.bonus_percentage;
  if (typeof bonus !== 'number' || !Number.isFinite(bonus) || bonus < 0 || bonus > 100)
    problems.push(problem('bonus_percentage', 'buyback.price_list.bonus_invalid'));

  // Questions and their choices.
  const conditions = asArray(pl.device_conditions);
  if (!Array.isArray(pl.device_conditions) || conditions.length === 0)
    problems.push(problem('device_conditions', 'buyback.price_list.no_quality_question'));
  const conditionIds = new Set<string>();
  const values = new Set<string>();
  let decidingQuestions = 0;
  conditions.forEach((raw, i) => {
    const condition = asRecord(raw);
    const at = `device_conditions[${i}]`;
    if (!isText(condition.id)) problems.push(problem(`${at}.id`, 'validation.required'));
    else if (conditionIds.has(condition.id)) problems.push(problem(`${at}.id`, 'buyback.price_list.condition_duplicate'));
    else conditionIds.add(condition.id);
    if (!isText(condition.name)) problems.push(problem(`${at}.name`, 'validation.required'));
    if (!(CONDITION_TYPES as readonly unknown[]).includes(condition.type))
      problems.push(problem(`${at}.type`, 'validation.invalid_value'));
    if (!(CONDITION_ROLES as readonly unknown[]).includes(condition.role))
      problems.push(problem(`${at}.role`, 'validation.invalid_value'));
    if (condition.role === 'general') decidingQuestions++;
    const choices = asArray(condition.choices);
    if (choices.length === 0) problems.push(problem(`${at}.choices`, 'buyback.price_list.choices_missing'));
    choices.forEach((rawChoice, j) => {
      const choice = asRecord(rawChoice);
      const cat = `${at}.choices[${j}]`;
      if (!isText(choice.value)) problems.push(problem(`${cat}.value`, 'validation.required'));
      else if (values.has(choice.value)) problems.push(problem(`${cat}.value`, 'buyback.price_list.value_duplicate'));
      else values.add(choice.value);
      if (!isText(choice.label)) problems.push(problem(`${cat}.label`, 'validation.required'));
      if (!isWholeAmount(choice.price_correction))
        problems.push(problem(`${cat}.price_correction`, 'buyback.price_list.correction_invalid'));
      if (choice.appraisal_result !== null && !isQuality(choice.appraisal_result))
        problems.push(
          problem(`${cat}.appraisal_result`, 'buyback.price_list.quality_unknown', { quality: String(choice.appraisal_result) }),
        );
      if (typeof choice.disabled !== 'boolean') problems.push(problem(`${cat}.disabled`, 'validation.invalid_type'));
    });
  });
  if (conditions.length > 0 && decidingQuestions === 0)
    problems.push(problem('device_conditions', 'buyback.price_list.no_quality_question'));

  // Default choices per quality.
  const defaults = asRecord(pl.default_device_condition_choices);
  for (const key of Object.keys(defaults))
    if (!isQuality(key))
      problems.push(problem(`default_device_condition_choices.${key}`, 'buyback.price_list.quality_unknown', { quality: key }));
  let defaultsKnown = true;
  for (const quality of QUALITIES) {
    const at = `default_device_condition_choices.${quality}`;
    const chosen = own(defaults, quality);
    if (!Array.isArray(chosen)) {
      problems.push(problem(at, 'buyback.price_list.default_choices_missing', { quality }));
      defaultsKnown = false;
      continue;
    }
    chosen.forEach((value: unknown, k) => {
      if (typeof value !== 'string' || !values.has(value)) {
        problems.push(problem(`${at}[${k}]`, 'buyback.price_list.default_choice_unknown', { value: String(value) }));
        defaultsKnown = false;
      }
    });
  }

  // Only a list that is otherwise sound can be appraised: then each quality's defaults must yield that quality.
  if (problems.length === 0 && defaultsKnown) {
    for (const quality of QUALITIES) {
      const result = appraise(priceList, priceList.default_device_condition_choices[quality]);
      if (!result.can_buy || result.quality !== quality)
        problems.push(
          problem(`default_device_condition_choices.${quality}`, 'buyback.price_list.default_choices_mismatch', {
            quality,
            result: result.can_buy ? result.quality : result.reason,
          }),
        );
    }
  }
  return problems;
}

/**
 * Everything wrong with a market's catalogue: the checks of every price list
 * (paths prefixed with `price_lists[i]`), plus slugs (lower-case a–z, 0–9
 * and hyphens) at every level, unique among siblings; unique ids, colour ids
 * unique across the catalogue (a colour is the `device_identifier`);
 * references that resolve; one price list per model, in the market's currency.
 */
export function validateCatalogue(catalogue: BuyBackCatalogue): CatalogueProblem[] {
  const marketCurrency = currencyOf(catalogue.market);
  const problems: CatalogueProblem[] = [];
  const manufacturerIds = new Set<string>();
  const manufacturerSlugs = new Set<string>();
  catalogue.manufacturers.forEach((manufacturer, i) => {
    const at = `manufacturers[${i}]`;
    if (manufacturerIds.has(manufacturer.id)) problems.push(problem(`${at}.id`, 'buyback.catalogue.id_duplicate'));
    manufacturerIds.add(manufacturer.id);
    checkSlug(problems, `${at}.slug`, manufacturer.slug, manufacturerSlugs);
    manufacturer.device_types.forEach((type, t) => {
      if (!isDeviceType(type)) problems.push(problem(`${at}.device_types[${t}]`, 'validation.invalid_value'));
    });
  });

  const modelIds = new Set<string>();
  const modelSlugs = new Set<string>();
  const colorIds = new Set<string>();
  catalogue.models.forEach((model, i) => {
    const at = `models[${i}]`;
    if (modelIds.has(model.id)) problems.push(problem(`${at}.id`, 'buyback.catalogue.id_duplicate'));
    modelIds.add(model.id);
    if (!isDeviceType(model.device_type)) problems.push(problem(`${at}.device_type`, 'validation.invalid_value'));
    const manufacturer = catalogue.manufacturers.find((m) => m.id === model.manufacturer_id);
    if (!manufacturer) problems.push(problem(`${at}.manufacturer_id`, 'buyback.catalogue.reference_unknown'));
    else if (!manufacturer.device_types.includes(model.device_type))
      problems.push(problem(`${at}.device_type`, 'buyback.catalogue.reference_unknown'));
    // Model slugs are unique within a manufacturer and type, the level the URL names them under.
    checkSlug(problems, `${at}.slug`, model.slug, modelSlugs, `${model.device_type}/${model.manufacturer_id}/`);
    if (model.colors.length === 0) problems.push(problem(`${at}.colors`, 'validation.required'));
    const colorSlugs = new Set<string>();
    model.colors.forEach((color, c) => {
      const cat = `${at}.colors[${c}]`;
      if (colorIds.has(color.id)) problems.push(problem(`${cat}.id`, 'buyback.catalogue.id_duplicate'));
      colorIds.add(color.id);
      checkSlug(problems, `${cat}.slug`, color.slug, colorSlugs);
      if (!isText(color.image)) problems.push(problem(`${cat}.image`, 'validation.required'));
      if (!isText(color.image_alt)) problems.push(problem(`${cat}.image_alt`, 'validation.required'));
    });
    const lists = catalogue.price_lists.filter((pl) => pl.model_id === model.id).length;
    if (lists !== 1) problems.push(problem(at, 'buyback.catalogue.price_list_missing'));
  });

  catalogue.price_lists.forEach((priceList, i) => {
    const at = `price_lists[${i}]`;
    if (!modelIds.has(priceList.model_id)) problems.push(problem(`${at}.model_id`, 'buyback.catalogue.reference_unknown'));
    if (isCurrency(priceList.currency) && priceList.currency !== marketCurrency)
      problems.push(problem(`${at}.currency`, 'buyback.catalogue.currency_mismatch', { currency: marketCurrency }));
    for (const found of validatePriceList(priceList)) problems.push({ ...found, path: `${at}.${found.path}` });
  });
  return problems;
}

function checkSlug(problems: CatalogueProblem[], path: string, slug: unknown, seen: Set<string>, scope = ''): void {
  if (!isSlug(slug)) {
    problems.push(problem(path, 'buyback.catalogue.slug_invalid'));
    return;
  }
  if (seen.has(scope + slug)) problems.push(problem(path, 'buyback.catalogue.slug_duplicate'));
  seen.add(scope + slug);
}
