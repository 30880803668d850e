import type { Currency } from '@buyloop/kit';
import type { DeviceCondition, PriceList, Quality } from '../catalogue/types';

/** Amounts that differ between the Czech (CZK) and the Romanian (RON) list of the same model. */
interface Amounts {
  readonly prices: Readonly<Record<Quality, number>>;
  readonly minimal: number;
  readonly displayCracked: number;
  readonly displayBroken: number;
  readonly functionsMinor: number;
  readonly functionsFaulty: number;
  readonly batteryWorn: number;
  readonly chargerIncluded: number;
}

const amounts: Readonly<Record<Currency, Amounts>> = {
  CZK: {
    prices: { 'A+': 11_500, A: 10_200, B: 8_600, C: 6_400, D: 3_900 },
    minimal: 1_500,
    displayCracked: -500,
    displayBroken: -1_500,
    functionsMinor: -300,
    functionsFaulty: -800,
    batteryWorn: -700,
    chargerIncluded: 200,
  },
  RON: {
    prices: { 'A+': 2_100, A: 1_850, B: 1_550, C: 1_150, D: 700 },
    minimal: 250,
    displayCracked: -100,
    displayBroken: -300,
    functionsMinor: -60,
    functionsFaulty: -150,
    batteryWorn: -120,
    chargerIncluded: 40,
  },
};

const choice = (value: string, label: string, appraisal_result: Quality | null, price_correction = 0, disabled = false) => ({
  value,
  label,
  price_correction,
  appraisal_result,
  disabled,
});

/**
 * A realistic buy-back price list of an iPhone 13 128 GB, for tests. The
 * battery and charger answers deliberately carry qualities (a worn battery
 * "implies" D) to prove they never decide the quality.
 */
export function iphone13PriceList(currency: Currency, version = 3): PriceList {
  const a = amounts[currency];
  const device_conditions: DeviceCondition[] = [
    {
      id: 'display',
      name: 'Displej',
      type: 'radio',
      role: 'general',
      choices: [
        choice('display_perfect', 'Bez škrábanců', 'A+'),
        choice('display_scratches', 'Jemné škrábance', 'A'),
        choice('display_worn', 'Viditelné škrábance', 'B'),
        choice('display_cracked', 'Prasklé sklo, displej funguje', 'C', a.displayCracked),
        choice('display_broken', 'Rozbitý displej', 'D', a.displayBroken),
        choice('display_dead', 'Displej nesvítí', null),
      ],
    },
    {
      id: 'body',
      name: 'Tělo telefonu',
      type: 'radio',
      role: 'general',
      choices: [
        choice('body_like_new', 'Jako nové', 'A+'),
        choice('body_light_wear', 'Lehké známky používání', 'A'),
        choice('body_scratched', 'Škrábance a oděrky', 'B'),
        choice('body_dented', 'Promáčkliny', 'C'),
        choice('body_bent', 'Ohnuté tělo', 'D', 0, true),
      ],
    },
    {
      id: 'functions',
      name: 'Funkčnost',
      type: 'select',
      role: 'general',
      choices: [
        choice('functions_all', 'Vše funguje', 'A+'),
        choice('functions_minor', 'Drobná závada (reproduktor, tlačítko)', 'C', a.functionsMinor),
        choice('functions_faulty', 'Nefunkční kamera nebo Face ID', 'D', a.functionsFaulty),
      ],
    },
    {
      id: 'battery',
      name: 'Baterie',
      type: 'radio',
      role: 'battery',
      choices: [
        choice('battery_good', 'Kapacita 85 % a více', null),
        choice('battery_worn', 'Kapacita pod 85 %', 'D', a.batteryWorn),
      ],
    },
    {
      id: 'charger',
      name: 'Originální nabíječka',
      type: 'radio',
      role: 'original_charger',
      choices: [choice('charger_yes', 'Ano', null, a.chargerIncluded), choice('charger_no', 'Ne', 'D')],
    },
  ];
  return {
    model_id: 'apple-iphone-13-128gb',
    currency,
    version,
    prices: a.prices,
    device_conditions,
    default_device_condition_choices: {
      'A+': ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_yes'],
      A: ['display_scratches', 'body_light_wear', 'functions_all', 'battery_good', 'charger_yes'],
      B: ['display_worn', 'body_scratched', 'functions_all', 'battery_good', 'charger_yes'],
      C: ['display_cracked', 'body_dented', 'functions_minor', 'battery_good', 'charger_no'],
      D: ['display_broken', 'body_scratched', 'functions_faulty', 'battery_worn', 'charger_no'],
    },
    minimal_buyout_price: a.minimal,
    bonus_percentage: 10,
  };
}
