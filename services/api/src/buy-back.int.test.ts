import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue, publishCatalogue } from '@buyloop/buy-back';
import { smallCatalogue } from '@buyloop/buy-back/testing';
import { Browser, openShop, type Shop } from './identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('the storefront buy-back selector, appraisal and quotes on %s', (engine) => {
  let shop: Shop;
  let browser: Browser;
  const get = async (path: string) => browser.request('GET', path);

  beforeAll(async () => {
    shop = await openShop(engine);
    browser = await new Browser(shop.base, 'cs').open();
  });
  afterAll(async () => shop?.close());

  const publish = async (catalogue: Parameters<typeof publishCatalogue>[1]['catalogue']) => {
    const result = await publishCatalogue(
      shop.events,
      { catalogue, source: 'demo' },
      { actor: { userId: 'test', role: 'system' }, clock: shop.time.clock },
    );
    if (result.checkpoint) await shop.projector.waitFor('buyout_catalogue', result.checkpoint, 10_000);
    return result;
  };

  it('before any catalogue is published the selector says so instead of failing', async () => {
    expect((await get('/api/buyout/types')).status).toBe(200);
    const manufacturers = await get('/api/buyout/manufacturers?type=phone');
    expect(manufacturers).toMatchObject({ status: 404, body: { code: 'buyback.catalogue_missing' } });
  });

  it('walks type → manufacturer → model → colour → appraisal, each step with the address the browser shows', async () => {
    const result = await publish(smallCatalogue('cz'));
    expect(result.published).toBe(true);
    expect((await publish(smallCatalogue('cz'))).published).toBe(false);

    const types = await get('/api/buyout/types');
    expect(types.body.choices).toEqual([
      { value: 'phone', label: 'Mobilní telefony' },
      { value: 'tablet', label: 'Tablety' },
      { value: 'smartwatch', label: 'Chytré hodinky' },
    ]);
    expect((await get('/api/buyout/manufacturers?type=phone')).body).toEqual({
      choices: [{ value: 'apple', label: 'Apple' }],
      url: '/vykup/mobilni-telefony',
    });
    expect((await get('/api/buyout/manufacturers?type=tablet')).body).toEqual({ choices: [], url: '/vykup/tablety' });
    expect((await get('/api/buyout/models?type=phone&manufacturer=apple')).body).toEqual({
      choices: [{ value: 'apple-iphone-13', label: 'iPhone 13 128 GB' }],
      url: '/vykup/mobilni-telefony/apple',
    });
    const colors = await get('/api/buyout/colors?model=apple-iphone-13');
    expect(colors.body.url).toBe('/vykup/mobilni-telefony/apple/iphone-13-128-gb');
    expect(colors.body.choices).toContainEqual(
      expect.objectContaining({ value: 'apple-iphone-13-blue', image_alt: 'iPhone 13 Blue' }),
    );

    const appraisal = await get('/api/buyout/appraisal?color=apple-iphone-13-blue');
    expect(appraisal.body.url).toBe('/vykup/mobilni-telefony/apple/iphone-13-128-gb/blue');
    const body = appraisal.body.appraisal as {
      appraisal_result: { quality: string; price: number; url: string }[];
      version: number;
    };
    expect(body.appraisal_result.map((r) => r.quality)).toEqual(['A+', 'A', 'B', 'C', 'D']);
    expect(body.appraisal_result[0]).toMatchObject({
      price: 11_500,
      url: '/vykup/mobilni-telefony/apple/iphone-13-128-gb/blue?device_condition=A%2B',
    });
    expect(body.version).toBe(3);
  });

  it('quotes on the server: the defaults of a quality give its price, a disabled answer cannot be bought, an old version is refused', async () => {
    const appraisal = (await get('/api/buyout/appraisal?color=apple-iphone-13-blue')).body.appraisal as {
      default_device_condition_choices: Record<string, string[]>;
      device_conditions: { choices: { value: string; disabled: boolean }[] }[];
      version: number;
    };
    const quote = (choices: string[], version = appraisal.version) =>
      browser.request('POST', '/api/buyout/quote', {
        body: { device_identifier: 'apple-iphone-13-blue', appraisal_version: version, device_condition_choices: choices },
      });
    const b = await quote(appraisal.default_device_condition_choices.B!);
    expect(b.body).toMatchObject({ quality: 'B', can_buy: true, currency: 'CZK' });
    expect(typeof b.body.price).toBe('number');

    const disabled = appraisal.device_conditions.flatMap((c) => c.choices).find((c) => c.disabled)!.value;
    const withDisabled = appraisal.default_device_condition_choices.A!.map((v, i) => (i === 1 ? disabled : v));
    const refused = await quote(withDisabled);
    expect(refused.body).toMatchObject({ can_buy: false, price: null });
    expect(typeof refused.body.message).toBe('string');

    expect((await quote(appraisal.default_device_condition_choices.A!.slice(1))).body.errors).toEqual({
      device_condition_choices: ['buyback.answer_missing'],
    });
    const old = await quote(appraisal.default_device_condition_choices.A!, appraisal.version - 1);
    expect(old).toMatchObject({
      status: 409,
      body: { code: 'buyback.price_list_changed', params: { current_version: appraisal.version } },
    });
    const unknownDevice = await browser.request('POST', '/api/buyout/quote', {
      body: { device_identifier: 'nokia-3310', appraisal_version: 1, device_condition_choices: [], price: 99_999 },
    });
    expect(unknownDevice.status).toBe(400);
    expect(Object.keys(unknownDevice.body.errors as object)).toEqual(['price']);
  });

  it('fills the selector level by level from a deep link (slugs or ids), with a device_condition setting the defaults and the price', async () => {
    const full = await get(
      '/api/buyout/selector?type=mobilni-telefony&manufacturer=apple&model=iphone-13-128-gb&color=blue&device_condition=B',
    );
    expect(full.body.selected_choices).toMatchObject({
      product_type: 'phone',
      product_manufacturer: 'apple',
      product_model: 'apple-iphone-13',
      product_color: 'apple-iphone-13-blue',
      device_condition: 'B',
    });
    expect(full.body.url).toBe('/vykup/mobilni-telefony/apple/iphone-13-128-gb/blue?device_condition=B');
    expect(full.body.quote).toMatchObject({ quality: 'B', can_buy: true, currency: 'CZK' });
    expect((full.body.appraisal as { version: number }).version).toBe(3);
    const choices = full.body.choices as Record<string, unknown[] | null>;
    expect(choices.product_color).toHaveLength(2);

    // A link that stops at the manufacturer fills what it can and leaves the rest open.
    const partial = await get('/api/buyout/selector?type=phone&manufacturer=apple&model=no-such-model');
    expect(partial.body).toMatchObject({
      selected_choices: { product_type: 'phone', product_manufacturer: 'apple', product_model: null, product_color: null },
      appraisal: null,
      quote: null,
      url: '/vykup/mobilni-telefony/apple',
    });
    expect((partial.body.choices as Record<string, unknown>).product_color).toBeNull();
    expect((await get('/api/buyout/selector-url?type=phone&manufacturer=apple&model=apple-iphone-13')).body).toEqual({
      url: '/vykup/mobilni-telefony/apple/iphone-13-128-gb',
    });
    expect((await get('/api/buyout/selector?colour=blue')).status).toBe(400);
  });

  it('lists countries in the asker’s language with the market’s default', async () => {
    const countries = await get('/api/buyout/countries');
    expect(countries.body.default).toBe('CZ');
    expect(countries.body.choices).toContainEqual({ value: 'CZ', label: 'Česko' });
    expect(countries.body.choices).toContainEqual({ value: 'RO', label: 'Rumunsko' });
  });

  it('the demo catalogue publishes and answers: dozens of phones from the five makers', async () => {
    await publish({ ...demoCatalogue('cz') });
    const makers = (await get('/api/buyout/manufacturers?type=phone')).body.choices as { value: string }[];
    expect(makers.map((m) => m.value)).toEqual(expect.arrayContaining(['apple', 'samsung', 'xiaomi', 'google', 'motorola']));
    let phones = 0;
    for (const maker of makers)
      phones += ((await get(`/api/buyout/models?type=phone&manufacturer=${maker.value}`)).body.choices as unknown[]).length;
    expect(phones).toBeGreaterThanOrEqual(40);
  });
});
