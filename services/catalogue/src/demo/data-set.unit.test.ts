import { describe, expect, it } from 'vitest';
import { demoDataSet } from './data-set';
import {
  ENTITY_ID_PATTERN,
  GRADES_OF_QUALITY,
  isValidEan,
  PRODUCT_CODE_PATTERN,
  PRODUCT_KINDS,
  PRODUCT_VAT_RATES,
  WARRANTY_EXTENSION_MONTHS,
} from '../products/index';
import { priceAt, type PriceSchedule } from '../pricing/index';
import { isValidEan13 } from './ean';
import { DEMO_GRADES, type DemoDataSet, type DemoPrice, type DemoStock, type DemoTypeDeviceId } from './types';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const DAY_MS = 86_400_000;
const MARKETS = ['cz', 'ro'] as const;

const countOf = (data: DemoDataSet, type: DemoTypeDeviceId): number =>
  data.products.filter((p) => p.typeDeviceId === type).length;

/** A demo price as the pricing area schedules it: regular prices and offers, each set when it took effect. */
const scheduleOf = (price: DemoPrice): PriceSchedule => ({
  prices: price.history.map((point) => ({ price: point.price, validFrom: point.validFrom, setAt: point.validFrom })),
  offers: price.offers.map((offer, index) => ({ offerId: String(index), ...offer, setAt: offer.validFrom })),
});

describe.each(MARKETS)('demoDataSet(%s)', (market) => {
  const data = demoDataSet(market, NOW);
  const codes = new Set(data.products.map((p) => p.code));
  const masters = new Map(data.masters.map((m) => [m.id, m]));

  it('is the same data on every call with the same clock, and its times follow the clock', () => {
    expect(demoDataSet(market, NOW)).toEqual(data);
    const later = demoDataSet(market, new Date(NOW.getTime() + 7 * DAY_MS));
    expect(later.products).toEqual(data.products);
    expect(later.stock).toEqual(data.stock);
    const first = data.prices[0];
    const firstLater = later.prices[0];
    expect(Date.parse(firstLater?.history[0]?.validFrom ?? '') - Date.parse(first?.history[0]?.validFrom ?? '')).toBe(7 * DAY_MS);
  });

  it('has about 300 products: phones, tablets, smartwatches, every kind of accessory, insurance and warranty extensions', () => {
    expect(data.products.length).toBeGreaterThanOrEqual(280);
    expect(data.products.length).toBeLessThanOrEqual(360);
    expect(countOf(data, 'phone')).toBeGreaterThanOrEqual(120);
    expect(countOf(data, 'tablet')).toBeGreaterThanOrEqual(30);
    expect(countOf(data, 'smartwatch')).toBeGreaterThanOrEqual(25);
    for (const type of ['charger', 'case', 'cable', 'headphones'] as const) expect(countOf(data, type)).toBeGreaterThanOrEqual(5);
    expect(countOf(data, 'insurance')).toBeGreaterThanOrEqual(2);
    expect(countOf(data, 'warranty')).toBeGreaterThanOrEqual(2);
    const makers = new Set(data.masters.map((m) => m.manufacturerId));
    for (const maker of [
      'apple',
      'samsung',
      'xiaomi',
      'google',
      'motorola',
      'honor',
      'nothing',
      'oneplus',
      'garmin',
      'anker',
      'belkin',
      'jbl',
      'sony',
    ])
      expect(makers).toContain(maker);
  });

  it('offers devices new and used or newish, grades on used pieces only, priced below the new piece', () => {
    for (const product of data.products) {
      if (product.quality === 'used') expect(DEMO_GRADES).toContain(product.grade);
      else expect(product.grade, product.code).toBeNull();
    }
    for (const type of ['phone', 'tablet', 'smartwatch'] as const)
      for (const quality of ['new', 'newish', 'used'] as const)
        expect(
          data.products.some((p) => p.typeDeviceId === type && p.quality === quality),
          `${type} ${quality}`,
        ).toBe(true);
    expect(new Set(data.products.filter((p) => p.quality === 'used').map((p) => p.grade))).toEqual(new Set(DEMO_GRADES));
    const current = new Map(data.prices.map((p) => [p.code, p.history.at(-1)?.price ?? 0]));
    const newPrices = new Map<string, number>();
    for (const p of data.products.filter((x) => x.quality === 'new'))
      newPrices.set(
        `${p.masterProductId}|${p.capacity}`,
        Math.max(newPrices.get(`${p.masterProductId}|${p.capacity}`) ?? 0, current.get(p.code) ?? 0),
      );
    let compared = 0;
    for (const p of data.products.filter((x) => x.quality !== 'new')) {
      const reference = newPrices.get(`${p.masterProductId}|${p.capacity}`);
      if (reference === undefined) continue;
      compared++;
      expect(current.get(p.code), p.longName).toBeLessThan(reference);
    }
    expect(compared).toBeGreaterThan(10);
    expect(data.products.filter((p) => p.quality === 'used').every((p) => p.legalWarrantyMonths === 12)).toBe(true);
  });

  it('gives every product a unique code and a unique EAN with a valid check digit under the in-store prefix', () => {
    expect(codes.size).toBe(data.products.length);
    const eans = data.products.map((p) => p.ean);
    expect(new Set(eans).size).toBe(eans.length);
    for (const ean of eans) {
      expect(ean).toMatch(/^29\d{11}$/);
      expect(isValidEan13(ean)).toBe(true);
    }
  });

  it('names every colour with a hex swatch and draws one image per model and colour', () => {
    for (const product of data.products) {
      if (product.typeDeviceId === 'insurance' || product.typeDeviceId === 'warranty') {
        expect(product.colour).toBeNull();
        continue;
      }
      expect(product.colour?.name, product.code).toBeTruthy();
      expect(product.colour?.hex, product.code).toMatch(/^#[0-9A-F]{6}$/);
      const image = data.images.find(
        (i) => i.masterProductId === product.masterProductId && i.colour?.key === product.colour?.key,
      );
      expect(image, product.longName).toBeDefined();
      expect(masters.get(product.masterProductId)?.imageIds).toContain(image?.id);
    }
    const imageIds = data.images.map((i) => i.id);
    expect(new Set(imageIds).size).toBe(imageIds.length);
    for (const image of data.images) expect(image.hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('prices every product in whole units of the market, VAT included', () => {
    expect(data.currency).toBe(market === 'cz' ? 'CZK' : 'RON');
    expect(new Set(data.prices.map((p) => p.code))).toEqual(codes);
    for (const price of data.prices) {
      expect(price.history.length).toBeGreaterThan(0);
      for (const point of price.history) {
        expect(Number.isSafeInteger(point.price) && point.price > 0).toBe(true);
        expect(Date.parse(point.validFrom)).toBeLessThan(NOW.getTime());
      }
      const times = price.history.map((p) => Date.parse(p.validFrom));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    const iphone = data.prices.find((p) => data.products.find((x) => x.code === p.code)?.shortName === 'iPhone 17 Pro 256 GB');
    const base = iphone?.history[0]?.price ?? 0;
    if (market === 'cz') expect(base).toBeGreaterThan(25_000);
    else expect(base).toBeLessThan(10_000);
  });

  it('shows several products reduced now with the Omnibus lowest price of the 30 days before, once below today', () => {
    const now = NOW.toISOString();
    const shown = data.prices.map((price) => priceAt(scheduleOf(price), now));
    const reduced = shown.filter((p) => p.reduced);
    expect(reduced.length).toBeGreaterThanOrEqual(20);
    for (const p of reduced) {
      expect(p.lowestPrice30d).not.toBeNull();
      expect(p.price).toBeLessThan(p.regularPrice ?? 0);
    }
    // A promotion five weeks ago makes the lowest price before today's offer lower than today's price.
    expect(reduced.filter((p) => (p.lowestPrice30d ?? 0) < (p.price ?? 0)).length).toBeGreaterThanOrEqual(2);
    // Some were reduced and are not any more, some changed their regular price: the history chart has steps.
    expect(data.prices.filter((p) => p.offers.length > 0 && !priceAt(scheduleOf(p), now).reduced).length).toBeGreaterThanOrEqual(
      5,
    );
    expect(data.prices.filter((p) => p.history.length > 1).length).toBeGreaterThanOrEqual(10);
  });

  it('runs a couple of time-limited offers that end within days, every offer below the regular price it starts from', () => {
    const soon = NOW.getTime() + 5 * DAY_MS;
    const ending = data.prices.filter((p) =>
      p.offers.some(
        (o) => Date.parse(o.validFrom) < NOW.getTime() && Date.parse(o.validTo) > NOW.getTime() && Date.parse(o.validTo) <= soon,
      ),
    );
    expect(ending.length).toBeGreaterThanOrEqual(2);
    for (const price of data.prices)
      for (const offer of price.offers) {
        expect(Date.parse(offer.validFrom)).toBeLessThan(Date.parse(offer.validTo));
        const regular = price.history.filter((p) => p.validFrom <= offer.validFrom).at(-1)?.price ?? 0;
        expect(offer.price).toBeLessThan(regular);
      }
  });

  it('stocks the warehouse and stores with every state the shop shows', () => {
    const total = (s: DemoStock): number => s.warehouse + s.stores[0] + s.stores[1] + s.stores[2];
    const physical = data.products.filter((p) => !p.electronicLicence);
    expect(new Set(data.stock.map((s) => s.code))).toEqual(new Set(physical.map((p) => p.code)));
    for (const s of data.stock) for (const n of [s.warehouse, ...s.stores]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
    const stockOf = new Map(data.stock.map((s) => [s.code, s]));
    expect(data.stock.filter((s) => total(s) === 0).length).toBeGreaterThanOrEqual(10);
    expect(data.stock.filter((s) => s.warehouse > 0 && total(s) <= 2).length).toBeGreaterThanOrEqual(10);
    expect(data.stock.filter((s) => s.warehouse === 0 && total(s) > 0).length).toBeGreaterThanOrEqual(10);
    expect(data.stock.filter((s) => s.warehouse >= 8 && s.stores.some((n) => n > 0)).length).toBeGreaterThanOrEqual(50);
    const preOrder = data.products.filter((p) => p.preOrder);
    const external = data.products.filter((p) => p.externalStock);
    expect(preOrder.length).toBeGreaterThanOrEqual(1);
    expect(external.length).toBeGreaterThanOrEqual(2);
    for (const p of [...preOrder, ...external])
      expect(total(stockOf.get(p.code) ?? { code: '', warehouse: 1, stores: [0, 0, 0] })).toBe(0);
  });

  it('relates devices to existing accessories, gifts, special offers, insurance and warranty extensions', () => {
    const typeOf = new Map(data.products.map((p) => [p.code, p.typeDeviceId]));
    for (const r of data.relations) {
      expect(codes).toContain(r.code);
      for (const code of [...r.accessories, ...r.gifts, ...r.specialOffers]) {
        expect(['charger', 'case', 'cable', 'headphones']).toContain(typeOf.get(code));
        expect(code).not.toBe(r.code);
      }
      for (const code of r.insurance) expect(typeOf.get(code)).toBe('insurance');
      for (const code of r.warrantyExtensions) expect(typeOf.get(code)).toBe('warranty');
    }
    const devices = data.products.filter((p) => ['phone', 'tablet', 'smartwatch'].includes(p.typeDeviceId));
    for (const device of devices) {
      const r = data.relations.find((x) => x.code === device.code);
      expect(r?.insurance.length, device.longName).toBe(1);
      expect(r?.warrantyExtensions.length, device.longName).toBe(2);
    }
    const phones = data.relations.filter((r) => typeOf.get(r.code) === 'phone');
    expect(phones.every((r) => r.accessories.length >= 2)).toBe(true);
    expect(data.relations.filter((r) => r.gifts.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(data.relations.filter((r) => r.specialOffers.length > 0).length).toBeGreaterThanOrEqual(5);
    const warranties = data.products.filter((p) => p.typeDeviceId === 'warranty');
    expect(warranties.every((p) => p.warrantyExtensionMonths === 12 || p.warrantyExtensionMonths === 36)).toBe(true);
    expect(
      data.products
        .filter((p) => p.electronicLicence)
        .map((p) => p.typeDeviceId)
        .sort(),
    ).toEqual(
      [
        ...data.products
          .filter((p) => p.typeDeviceId === 'insurance' || p.typeDeviceId === 'warranty')
          .map((p) => p.typeDeviceId),
      ].sort(),
    );
  });

  it("builds a category tree named in the market's language with every model assigned", () => {
    const ids = data.categories.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    data.categories.forEach((category, index) => {
      if (category.parentId !== null) expect(ids.slice(0, index)).toContain(category.parentId);
    });
    const phones = data.categories.find((c) => c.id === 'phones');
    expect(phones?.name).toBe(market === 'cz' ? 'Mobilní telefony' : 'Telefoane');
    const names = data.categories.map((c) => c.name);
    for (const name of market === 'cz'
      ? ['Tablety', 'Chytré hodinky', 'Příslušenství', 'Nabíječky', 'Kryty', 'Kabely', 'Sluchátka']
      : ['Tablete', 'Ceasuri inteligente', 'Accesorii', 'Încărcătoare', 'Huse', 'Cabluri', 'Căști'])
      expect(names).toContain(name);
    for (const assignment of data.assignments) {
      expect(ids).toContain(assignment.categoryId);
      for (const id of assignment.masterProductIds) expect(masters.has(id)).toBe(true);
    }
    const assigned = new Set(data.assignments.flatMap((a) => a.masterProductIds));
    expect(assigned).toEqual(new Set(masters.keys()));
    expect(phones?.manufacturerIds).toContain('apple');
  });

  it('describes every model with params, a package for what ships, a type device, a maker and a unit that exist', () => {
    const types = new Set(data.typeDevices.map((t) => t.id));
    const makers = new Set(data.manufacturers.map((m) => m.id));
    const units = new Set(data.units.map((u) => u.id));
    const attributes = new Set(data.attributeNames.map((a) => a.id));
    for (const attribute of data.attributeNames) if (attribute.unitId !== null) expect(units).toContain(attribute.unitId);
    for (const master of data.masters) {
      expect(types).toContain(master.typeDeviceId);
      expect(makers).toContain(master.manufacturerId);
      expect(master.seoName).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(master.params.length).toBeGreaterThan(0);
      for (const p of master.params) {
        expect(attributes).toContain(p.attributeId);
        expect(data.attributeNames.find((a) => a.id === p.attributeId)?.valueType).toBe(p.type);
      }
      expect(master.description).toMatch(/^<p>.*<\/p>/);
      if (master.typeDeviceId === 'insurance' || master.typeDeviceId === 'warranty') expect(master.package).toBeNull();
      else for (const n of Object.values(master.package ?? {})) expect(n).toBeGreaterThan(0);
    }
    for (const meta of data.metaMasters) {
      expect(meta.masterProductIds.length).toBeGreaterThanOrEqual(2);
      for (const id of meta.masterProductIds) expect(masters.has(id)).toBe(true);
    }
  });

  it("passes the products area's rules: ids, codes, EANs, name lengths, kinds, grades and VAT rates", () => {
    for (const id of [...masters.keys(), ...data.typeDevices.map((t) => t.id), ...data.manufacturers.map((m) => m.id)])
      expect(id).toMatch(ENTITY_ID_PATTERN);
    for (const other of [...data.metaMasters, ...data.units, ...data.attributeNames]) expect(other.id).toMatch(ENTITY_ID_PATTERN);
    for (const product of data.products) {
      expect(product.code).toMatch(PRODUCT_CODE_PATTERN);
      expect(isValidEan(product.ean)).toBe(true);
      expect(product.shortName.length).toBeLessThanOrEqual(80);
      expect(product.longName.length).toBeLessThanOrEqual(200);
      expect(PRODUCT_KINDS).toContain(product.kind);
      const grades = GRADES_OF_QUALITY[product.quality];
      if (product.grade === null) expect(grades.required).toBe(false);
      else expect(grades.allowed).toContain(product.grade);
      expect(PRODUCT_VAT_RATES[market]).toContain(product.vatRate);
      expect(product.kind === 'device' || product.kind === 'accessory').toBe(!product.electronicLicence);
      if (product.kind === 'warranty_extension') expect(WARRANTY_EXTENSION_MONTHS).toContain(product.warrantyExtensionMonths);
    }
    for (const master of data.masters) expect(master.seoName.length).toBeLessThanOrEqual(120);
  });

  it("sells the buy-back demo's models under the buy-back's names and ids", () => {
    // Labels and model ids of services/buy-back/src/demo: the short name is the label, the master id its id without the capacity.
    const buyBack = [
      ['apple-iphone-16-pro-max-256-gb', 'iPhone 16 Pro Max 256 GB'],
      ['apple-iphone-15-pro-128-gb', 'iPhone 15 Pro 128 GB'],
      ['apple-iphone-13-128-gb', 'iPhone 13 128 GB'],
      ['samsung-galaxy-s24-plus-256-gb', 'Galaxy S24+ 256 GB'],
      ['xiaomi-14-256-gb', 'Xiaomi 14 256 GB'],
      ['google-pixel-9-128-gb', 'Pixel 9 128 GB'],
      ['motorola-edge-50-pro-512-gb', 'Edge 50 Pro 512 GB'],
      ['nothing-phone-2a-128-gb', 'Phone (2a) 128 GB'],
      ['apple-ipad-air-11-m2-128-gb-wi-fi', 'iPad Air 11" (M2) 128 GB Wi-Fi'],
      ['apple-watch-series-9-45-mm', 'Apple Watch Series 9 45 mm'],
    ] as const;
    for (const [id, label] of buyBack) {
      const product = data.products.find((p) => p.shortName === label);
      expect(product, label).toBeDefined();
      const capacity = product?.capacity ?? '';
      expect(id.replace(`-${capacity.toLowerCase().replace(' ', '-')}`, '')).toBe(product?.masterProductId);
    }
  });
});

describe('the Romanian demo data', () => {
  it('is written in Romanian', () => {
    const data = demoDataSet('ro', NOW);
    const texts = [
      ...data.masters.flatMap((m) => [m.name, m.description, ...m.params.flatMap((p) => [p.name, p.value])]),
      ...data.products.flatMap((p) => [p.longName, p.colour?.name ?? '']),
      ...data.categories.map((c) => c.name),
      ...data.typeDevices.map((t) => t.name),
    ];
    for (const text of texts) expect(text, text).not.toMatch(/[ěščřůňťďĚŠČŘŮ]|Kč|\baž\b/);
  });
});
