import { describe, expect, it } from 'vitest';
import {
  allAnswered,
  answer,
  answersFromChoices,
  appraisalLoaded,
  bestPrice,
  choicesLoaded,
  choose,
  chosenValues,
  sameChoices,
  displayedPrice,
  FLAG,
  isVisible,
  stateFromSelector,
  toggleWay,
  withChoices,
  type SelectorState,
} from './selector';
import type { Appraisal, SelectorResponse } from './types';

const appraisal: Appraisal = {
  appraisal_result: [
    { id: 'A+', quality: 'A+', url: '/x?device_condition=A%2B', price: 7000 },
    { id: 'B', quality: 'B', url: '/x?device_condition=B', price: 5040 },
  ],
  device_conditions: [
    {
      id: 'display',
      name: 'Displej',
      role: 'general',
      type: 'radio',
      choices: [
        { label: 'ok', value: 'display_ok', disabled: false, appraisal_result: 'A+', price_correction: 0 },
        { label: 'bad', value: 'display_bad', disabled: false, appraisal_result: 'B', price_correction: 0 },
      ],
    },
    {
      id: 'functions',
      name: 'Funkčnost',
      role: 'general',
      type: 'select',
      choices: [
        { label: 'all', value: 'functions_all', disabled: false, appraisal_result: 'A+', price_correction: 0 },
        { label: 'dead', value: 'functions_dead', disabled: true, appraisal_result: null, price_correction: 0 },
      ],
    },
  ],
  default_device_condition_choices: { 'A+': [], A: [], B: ['display_bad', 'functions_all'], C: [], D: [] },
  version: 3,
  minimal_buyout_price: 200,
};

const deepLink: SelectorResponse = {
  selected_choices: {
    product_type: 'phone',
    product_manufacturer: 'apple',
    product_model: 'iphone',
    product_color: 'iphone-black',
    device_condition: 'B',
    device_condition_choices: ['display_bad', 'functions_all'],
  },
  choices: {
    product_type: [{ value: 'phone', label: 'Telefony' }],
    product_manufacturer: [{ value: 'apple', label: 'Apple' }],
    product_model: [{ value: 'iphone', label: 'iPhone' }],
    product_color: [{ value: 'iphone-black', label: 'Černá' }],
  },
  appraisal,
  quote: { quality: 'B', price: 5040, currency: 'CZK', can_buy: true },
  url: '/vykup/telefony/apple/iphone/cerna?device_condition=B',
};

const full: SelectorState = stateFromSelector(deepLink);

describe('the buy-back selector', () => {
  it('starts from a deep link with every level, the default answers and the price', () => {
    expect(full.selected).toEqual({ type: 'phone', manufacturer: 'apple', model: 'iphone', color: 'iphone-black' });
    expect(full.answers).toEqual({ display: 'display_bad', functions: 'functions_all' });
    expect(full.quote?.price).toBe(5040);
    expect(isVisible(full.visibility, FLAG.form)).toBe(true);
  });

  it('a new type resets manufacturer, model, colour and the appraisal', () => {
    const { kind, state } = choose(full, 'type', 'tablet');
    expect(kind).toBe('changed');
    expect(state.selected).toEqual({ type: 'tablet', manufacturer: null, model: null, color: null });
    expect(state.choices.manufacturer).toBeNull();
    expect(state.appraisal).toBeNull();
    expect(state.quote).toBeNull();
  });

  it('a new manufacturer resets model and colour', () => {
    const { state } = choose(full, 'manufacturer', 'samsung');
    expect(state.selected).toEqual({ type: 'phone', manufacturer: 'samsung', model: null, color: null });
    expect(state.choices.type).toEqual(full.choices.type);
    expect(state.choices.manufacturer).toEqual(full.choices.manufacturer);
    expect(state.choices.model).toBeNull();
  });

  it('a new model resets colour and the appraisal', () => {
    const { state } = choose(full, 'model', 'iphone-2');
    expect(state.selected.color).toBeNull();
    expect(state.choices.color).toBeNull();
    expect(state.appraisal).toBeNull();
    expect(state.answers).toEqual({});
  });

  it('choosing the already selected option changes nothing', () => {
    for (const level of ['type', 'manufacturer', 'model', 'color'] as const) {
      const result = choose(full, level, full.selected[level]!);
      expect(result.kind).toBe('same');
      expect(result.state).toBe(full);
    }
  });

  it('takes the loaded choices and the appraisal with the server url', () => {
    const typed = choose(full, 'type', 'tablet').state;
    const loaded = choicesLoaded(typed, 'manufacturer', [{ value: 'apple', label: 'Apple' }], '/vykup/tablety');
    expect(loaded.url).toBe('/vykup/tablety');
    expect(loaded.choices.manufacturer).toHaveLength(1);
    const appraised = appraisalLoaded(loaded, appraisal, '/vykup/tablety/apple/ipad/modra');
    expect(appraised.appraisal).toBe(appraisal);
    expect(appraised.answers).toEqual({});
    expect(appraised.visibility).toBe(FLAG.form);
  });

  it('quotes only once every question is answered, in the questions order', () => {
    const blank = appraisalLoaded(full, appraisal, '/x');
    expect(allAnswered(appraisal, blank.answers)).toBe(false);
    const one = answer(blank, 'functions', 'functions_all');
    expect(allAnswered(appraisal, one.answers)).toBe(false);
    const both = answer(one, 'display', 'display_ok');
    expect(allAnswered(appraisal, both.answers)).toBe(true);
    expect(chosenValues(appraisal, both.answers)).toEqual(['display_ok', 'functions_all']);
  });

  it('ignores disabled or unknown defaults', () => {
    expect(answersFromChoices(appraisal, ['functions_dead', 'display_ok', 'nope'])).toEqual({ display: 'display_ok' });
  });

  it('never shows a price below the minimal one', () => {
    expect(displayedPrice(100, 200)).toBe(200);
    expect(displayedPrice(5040, 200)).toBe(5040);
    expect(bestPrice(appraisal)).toBe(7000);
  });

  it('opens one way at a time and keeps the form flag', () => {
    const form = FLAG.form;
    const email = toggleWay(form, 'sendEmail');
    expect(email).toBe(FLAG.form | FLAG.sendEmail);
    const sell = toggleWay(email, 'sellOnline');
    expect(sell).toBe(FLAG.form | FLAG.sellOnline);
    expect(toggleWay(sell, 'sellOnline')).toBe(FLAG.form);
    expect(toggleWay(0, 'review')).toBe(8);
  });
});

describe('which quote answers the choices on screen', () => {
  it('the same answers in any order, and only those', () => {
    expect(sameChoices(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameChoices(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(sameChoices(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('the answers in the address', () => {
  it('are written after the device’s url, replacing a device_condition, and dropped when none', () => {
    expect(withChoices('/vykup/telefony/apple/iphone/cerna?device_condition=B', ['display_bad', 'functions_all'])).toBe(
      '/vykup/telefony/apple/iphone/cerna?device_condition_choices=display_bad,functions_all',
    );
    expect(withChoices('/vykup/telefony/apple/iphone/cerna?device_condition_choices=display_bad', [])).toBe(
      '/vykup/telefony/apple/iphone/cerna',
    );
  });

  it('win over the deep link’s defaults, and its price stands only for the same answers', () => {
    const partial = stateFromSelector(deepLink, ['display_ok']);
    expect(partial.answers).toEqual({ display: 'display_ok' });
    expect(partial.quote).toBeNull();
    const same = stateFromSelector(deepLink, ['functions_all', 'display_bad']);
    expect(same.answers).toEqual({ display: 'display_bad', functions: 'functions_all' });
    expect(same.quote?.price).toBe(5040);
    // A step without a colour has no questions: the answers wait for the appraisal.
    expect(stateFromSelector({ ...deepLink, appraisal: null }, ['display_ok']).answers).toEqual({});
  });
});
