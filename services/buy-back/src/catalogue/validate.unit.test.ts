import { describe, expect, it } from 'vitest';
import { iphone13PriceList } from '../testing/iphone-13';
import type { BuyBackCatalogue, PriceList } from './types';
import { validateCatalogue, validatePriceList } from './validate';

const good = iphone13PriceList('CZK');

/** The list with a change applied; `as never` lets a test build what a CSV import could hand over. */
const broken = (change: Record<string, unknown>): PriceList => ({ ...good, ...change }) as never;

const withChoice = (conditionId: string, value: string, change: Record<string, unknown>): PriceList => ({
  ...good,
  device_conditions: good.device_conditions.map((c) =>
    c.id === conditionId ? { ...c, choices: c.choices.map((ch) => (ch.value === value ? { ...ch, ...change } : ch)) } : c,
  ),
});

const codes = (priceList: PriceList) => validatePriceList(priceList).map((p) => `${p.path}: ${p.code}`);

describe('validatePriceList', () => {
  it('finds nothing wrong with the realistic lists in CZK and in lei', () => {
    expect(validatePriceList(good)).toEqual([]);
    expect(validatePriceList(iphone13PriceList('RON'))).toEqual([]);
  });

  it.each<[string, PriceList, string[]]>([
    [
      'a missing quality price',
      broken({ prices: { 'A+': 11_500, A: 10_200, B: 8_600, C: 6_400 } }),
      ['prices.D: buyback.price_list.price_missing'],
    ],
    [
      'a price for a quality the grades do not know',
      broken({ prices: { ...good.prices, E: 100 } }),
      ['prices.E: buyback.price_list.quality_unknown'],
    ],
    ['a negative price', broken({ prices: { ...good.prices, D: -1 } }), ['prices.D: buyback.price_list.amount_invalid']],
    [
      'a price with decimals',
      broken({ prices: { ...good.prices, B: 8_600.5 } }),
      ['prices.B: buyback.price_list.amount_invalid'],
    ],
    ['a price given as text', broken({ prices: { ...good.prices, B: '8600' } }), ['prices.B: buyback.price_list.amount_invalid']],
    [
      'a better quality cheaper than a worse one',
      broken({ prices: { ...good.prices, A: 8_000 } }),
      ['prices.A: buyback.price_list.prices_not_ordered'],
    ],
    [
      'a minimal price above the D price',
      broken({ minimal_buyout_price: 4_000 }),
      ['minimal_buyout_price: buyback.price_list.minimal_price_too_high'],
    ],
    [
      'a minimal price with decimals',
      broken({ minimal_buyout_price: 10.5 }),
      ['minimal_buyout_price: buyback.price_list.amount_invalid'],
    ],
    ['version zero', broken({ version: 0 }), ['version: buyback.price_list.version_invalid']],
    ['a fractional version', broken({ version: 1.5 }), ['version: buyback.price_list.version_invalid']],
    ['an unknown currency', broken({ currency: 'EUR' }), ['currency: buyback.price_list.currency_invalid']],
    ['a bonus above 100 %', broken({ bonus_percentage: 120 }), ['bonus_percentage: buyback.price_list.bonus_invalid']],
    [
      'a choice implying an unknown quality',
      withChoice('body', 'body_dented', { appraisal_result: 'E' }),
      ['device_conditions[1].choices[3].appraisal_result: buyback.price_list.quality_unknown'],
    ],
    [
      'a fractional price correction',
      withChoice('battery', 'battery_worn', { price_correction: -0.5 }),
      ['device_conditions[3].choices[1].price_correction: buyback.price_list.correction_invalid'],
    ],
    [
      'a choice value used by two questions',
      withChoice('body', 'body_bent', { value: 'display_cracked' }),
      ['device_conditions[1].choices[4].value: buyback.price_list.value_duplicate'],
    ],
    [
      'a default choice naming no existing value',
      broken({
        default_device_condition_choices: { ...good.default_device_condition_choices, B: ['display_worn', 'body_gone'] },
      }),
      ['default_device_condition_choices.B[1]: buyback.price_list.default_choice_unknown'],
    ],
    [
      'a quality without default choices',
      broken({ default_device_condition_choices: { ...good.default_device_condition_choices, C: undefined } }),
      ['default_device_condition_choices.C: buyback.price_list.default_choices_missing'],
    ],
    [
      'default choices that appraise to another quality',
      broken({
        default_device_condition_choices: {
          ...good.default_device_condition_choices,
          B: good.default_device_condition_choices.A,
        },
      }),
      ['default_device_condition_choices.B: buyback.price_list.default_choices_mismatch'],
    ],
    [
      'a question without choices',
      broken({
        device_conditions: [
          ...good.device_conditions,
          { id: 'box', name: 'Krabice', type: 'radio', role: 'general', choices: [] },
        ],
      }),
      ['device_conditions[5].choices: buyback.price_list.choices_missing'],
    ],
    [
      'two questions with one id',
      broken({ device_conditions: [...good.device_conditions, { ...good.device_conditions[3], choices: [] }] }),
      [
        'device_conditions[5].id: buyback.price_list.condition_duplicate',
        'device_conditions[5].choices: buyback.price_list.choices_missing',
      ],
    ],
    [
      'no question that decides the quality',
      broken({
        device_conditions: good.device_conditions.filter((c) => c.role !== 'general'),
        default_device_condition_choices: {},
      }),
      expect.arrayContaining(['device_conditions: buyback.price_list.no_quality_question']) as never,
    ],
  ])('reports %s', (_name, priceList, expected) => {
    expect(codes(priceList)).toEqual(expected);
  });

  it('carries parameters a message can show', () => {
    expect(validatePriceList(broken({ minimal_buyout_price: 4_000 }))).toEqual([
      { path: 'minimal_buyout_price', code: 'buyback.price_list.minimal_price_too_high', params: { lowest: 3_900 } },
    ]);
  });

  it('survives input that is not a price list at all', () => {
    expect(validatePriceList({} as never).length).toBeGreaterThan(5);
    expect(validatePriceList(null as never).length).toBeGreaterThan(5);
  });
});

describe('validateCatalogue', () => {
  const catalogue: BuyBackCatalogue = {
    market: 'cz',
    manufacturers: [{ id: 'apple', label: 'Apple', slug: 'apple', device_types: ['phone', 'tablet'] }],
    models: [
      {
        id: 'apple-iphone-13-128gb',
        device_type: 'phone',
        manufacturer_id: 'apple',
        label: 'iPhone 13 128 GB',
        slug: 'iphone-13-128-gb',
        colors: [
          {
            id: 'iphone-13-128-midnight',
            label: 'Temně inkoustová',
            slug: 'temne-inkoustova',
            image: '/img/iphone-13-midnight.webp',
            image_alt: 'iPhone 13 v temně inkoustové barvě',
          },
          {
            id: 'iphone-13-128-pink',
            label: 'Růžová',
            slug: 'ruzova',
            image: '/img/iphone-13-pink.webp',
            image_alt: 'iPhone 13 v růžové barvě',
          },
        ],
      },
    ],
    price_lists: [good],
  };

  it('finds nothing wrong with a sound catalogue', () => {
    expect(validateCatalogue(catalogue)).toEqual([]);
  });

  it.each(['iPhone-13', 'iphone 13', 'iphone--13', '-iphone', 'iphone-', 'růžová', ''])('refuses the slug %j', (slug) => {
    const model = catalogue.models[0]!;
    expect(validateCatalogue({ ...catalogue, models: [{ ...model, slug }] })).toEqual([
      { path: 'models[0].slug', code: 'buyback.catalogue.slug_invalid', params: {} },
    ]);
  });

  it('refuses slugs and colour ids used twice, unknown manufacturers, a list in another currency', () => {
    const model = catalogue.models[0]!;
    const color = model.colors[0]!;
    const problems = validateCatalogue({
      ...catalogue,
      manufacturers: [...catalogue.manufacturers, { id: 'samsung', label: 'Samsung', slug: 'apple', device_types: ['phone'] }],
      models: [{ ...model, manufacturer_id: 'nokia', colors: [color, { ...color }] }],
      price_lists: [iphone13PriceList('RON')],
    }).map((p) => `${p.path}: ${p.code}`);
    expect(problems).toEqual([
      'manufacturers[1].slug: buyback.catalogue.slug_duplicate',
      'models[0].manufacturer_id: buyback.catalogue.reference_unknown',
      'models[0].colors[1].id: buyback.catalogue.id_duplicate',
      'models[0].colors[1].slug: buyback.catalogue.slug_duplicate',
      'price_lists[0].currency: buyback.catalogue.currency_mismatch',
    ]);
  });

  it('prefixes the price list problems with the list they belong to', () => {
    expect(validateCatalogue({ ...catalogue, price_lists: [{ ...good, version: 0 }] })).toEqual([
      { path: 'price_lists[0].version', code: 'buyback.price_list.version_invalid', params: {} },
    ]);
  });
});
