import { describe, expect, it } from 'vitest';
import { appraise } from '../appraisal/appraise';
import { QUALITIES, type BuyBackCatalogue, type DeviceType } from '../catalogue/types';
import { validateCatalogue } from '../catalogue/validate';
import { demoCatalogue } from './demo-catalogue';

const MARKETS = ['cz', 'ro'] as const;

/** Every human-readable text of a catalogue: labels, alt texts, question names and choice labels. */
function textsOf(catalogue: BuyBackCatalogue): string[] {
  return [
    ...catalogue.manufacturers.map((m) => m.label),
    ...catalogue.models.flatMap((m) => [m.label, ...m.colors.flatMap((c) => [c.label, c.image_alt])]),
    ...catalogue.price_lists.flatMap((pl) => pl.device_conditions.flatMap((d) => [d.name, ...d.choices.map((c) => c.label)])),
  ];
}

const countOf = (catalogue: BuyBackCatalogue, type: DeviceType): number =>
  catalogue.models.filter((m) => m.device_type === type).length;

describe.each(MARKETS)('demoCatalogue(%s)', (market) => {
  const catalogue = demoCatalogue(market);

  it('passes the catalogue validation without a single problem', () => {
    expect(validateCatalogue(catalogue)).toEqual([]);
  });

  it('has at least 40 phones, 8 tablets and 6 watches from the brands the issue names', () => {
    expect(countOf(catalogue, 'phone')).toBeGreaterThanOrEqual(40);
    expect(countOf(catalogue, 'tablet')).toBeGreaterThanOrEqual(8);
    expect(countOf(catalogue, 'smartwatch')).toBeGreaterThanOrEqual(6);
    const makers = new Set(catalogue.models.map((m) => m.manufacturer_id));
    for (const maker of ['apple', 'samsung', 'xiaomi', 'google', 'motorola']) expect(makers).toContain(maker);
    for (const m of catalogue.manufacturers) expect(catalogue.models.some((model) => model.manufacturer_id === m.id)).toBe(true);
  });

  it('gives every model 2–5 colours with ids unique across the catalogue, images and alt texts naming the model', () => {
    const ids = catalogue.models.flatMap((m) => m.colors.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const model of catalogue.models) {
      expect(model.colors.length).toBeGreaterThanOrEqual(2);
      expect(model.colors.length).toBeLessThanOrEqual(5);
      for (const color of model.colors) {
        expect(color.image).toMatch(new RegExp(`^/images/buyout/${model.slug}/[a-z0-9-]+\\.svg$`));
        expect(color.image_alt).toContain(model.label);
        expect(color.image_alt).toContain(color.label);
      }
    }
  });

  it("prices each model in the market's currency, better qualities dearer, the minimum within the D price", () => {
    const currency = market === 'cz' ? 'CZK' : 'RON';
    for (const pl of catalogue.price_lists) {
      expect(pl.currency).toBe(currency);
      expect(pl.version).toBe(1);
      for (let i = 1; i < QUALITIES.length; i++)
        expect(pl.prices[QUALITIES[i - 1] ?? 'A+'], `${pl.model_id} ${QUALITIES[i]}`).toBeGreaterThan(
          pl.prices[QUALITIES[i] ?? 'D'],
        );
      expect(pl.minimal_buyout_price).toBeGreaterThan(0);
      expect(pl.minimal_buyout_price).toBeLessThanOrEqual(pl.prices.D);
      expect(pl.device_conditions.map((d) => [d.id, d.role])).toEqual([
        ['display', 'general'],
        ['body', 'general'],
        ['functions', 'general'],
        ['battery', 'battery'],
        ['charger', 'original_charger'],
      ]);
    }
  });

  it("appraises each model's default choices for a quality to that quality, and a dead device not at all", () => {
    for (const pl of catalogue.price_lists) {
      for (const quality of QUALITIES) {
        const result = appraise(pl, pl.default_device_condition_choices[quality]);
        expect(result.can_buy && result.quality, `${pl.model_id} ${quality}`).toBe(quality);
      }
      const dead = pl.default_device_condition_choices['A+'].map((v) => (v === 'functions_all' ? 'functions_dead' : v));
      expect(appraise(pl, dead)).toMatchObject({ can_buy: false, reason: 'disabled_choice', question_id: 'functions' });
    }
  });

  it('is deterministic', () => {
    expect(demoCatalogue(market)).toEqual(catalogue);
  });
});

describe('demo catalogue prices and texts per market', () => {
  const cz = demoCatalogue('cz');
  const ro = demoCatalogue('ro');

  it('has the same models and colour ids in both markets', () => {
    expect(ro.models.map((m) => [m.id, m.colors.map((c) => c.id)])).toEqual(
      cz.models.map((m) => [m.id, m.colors.map((c) => c.id)]),
    );
  });

  it('sets realistic Czech prices and converts them at about 5 CZK per leu', () => {
    const czPrices = (id: string) => cz.price_lists.find((pl) => pl.model_id === id)?.prices;
    expect(czPrices('apple-iphone-15-pro-256-gb')).toEqual({ 'A+': 16_000, A: 14_080, B: 11_520, C: 8_320, D: 4_800 });
    expect(czPrices('samsung-galaxy-a52s-128-gb')?.['A+']).toBe(1_500);
    for (const roList of ro.price_lists) {
      const czList = cz.price_lists.find((pl) => pl.model_id === roList.model_id);
      for (const quality of QUALITIES)
        expect(Math.abs(roList.prices[quality] * 5 - (czList?.prices[quality] ?? 0))).toBeLessThanOrEqual(5);
    }
  });

  it('writes Romanian with comma-below ș and ț, never the cedilla letters', () => {
    const texts = textsOf(ro).join('\n');
    expect(texts).not.toMatch(/[\u015E\u015F\u0162\u0163]/);
    expect(texts).toMatch(/[șț]/);
    expect(textsOf(ro)).toContain('Negru');
    expect(textsOf(ro)).toContain('Dispozitivul nu pornește');
  });

  it('writes Czech with diacritics', () => {
    expect(textsOf(cz)).toContain('Černá');
    expect(textsOf(cz)).toContain('Zařízení nejde zapnout');
  });
});
