import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Produkty-Heslo-2026';
const API = '/api/admin/catalogue';

interface Row {
  id: string;
  name: string;
  seo_name: string;
  manufacturer_name: string | null;
  category_ids: string[];
  variant_count: number;
  active_variant_count: number;
  meta_master_id: string | null;
  stream_version: number;
}

describe.each(engines)('catalogue products over HTTP on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;
  let warehouse: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    manager = await signedInStaff(shop, 'produkty@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
    warehouse = await signedInStaff(shop, 'sklad-produkty@admin.buyloop.cz', PASSWORD, ['warehouse']);
    for (const [list, name] of [
      ['type-devices', 'Mobilní telefon'],
      ['type-devices', 'Tablet'],
      ['manufacturers', 'Apple'],
      ['manufacturers', 'Samsung'],
    ] as const) {
      const created = await manager.request('POST', `${API}/${list}`, { body: { name } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  }, 60_000);
  afterAll(async () => shop?.close());

  const idOf = async (list: string, name: string) => {
    const answer = await manager.request('GET', `${API}/${list}`);
    expect(answer.status).toBe(200);
    return (answer.body.items as { id: string; name: string }[]).find((item) => item.name === name)!.id;
  };
  const createMaster = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const created = await manager.request('POST', `${API}/masters`, { body, headers });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const grid = async (query: string) => {
    const answer = await manager.request('GET', `${API}/masters?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { rows: Row[]; total: number };
  };
  const phone = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    quality: 'new',
    long_name: `Telefon ${code}`,
    short_name: code,
    vat_rate: 21,
    ...extra,
  });

  it('documents every products route in the OpenAPI document', async () => {
    const response = await fetch(`${shop.base}/api/openapi.json`);
    expect(response.status).toBe(200);
    const paths = Object.keys(((await response.json()) as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/admin/catalogue/type-devices',
      '/api/admin/catalogue/manufacturers/{id}',
      '/api/admin/catalogue/masters',
      '/api/admin/catalogue/masters/{id}/variants',
      '/api/admin/catalogue/products/{code}/relations',
      '/api/admin/catalogue/meta-masters/{id}/add-master-product',
      '/api/admin/catalogue/seo-texts',
      '/api/admin/catalogue/import/products',
    ])
      expect(paths).toContain(path);
  });

  it('lists the reference data it created, and renames an entry', async () => {
    const apple = await idOf('manufacturers', 'Apple');
    const renamed = await manager.request('PATCH', `${API}/manufacturers/${apple}`, { body: { name: 'Apple Inc.' } });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"2"');
    expect(await idOf('manufacturers', 'Apple Inc.')).toBe(apple);
    const unit = await manager.request('POST', `${API}/units`, { body: { name: 'gram', symbol: 'g' } });
    expect(unit.status).toBe(201);
    const attribute = await manager.request('POST', `${API}/attribute-names`, {
      body: { name: 'Hmotnost', value_type: 'number', unit_id: unit.body.id },
    });
    expect(attribute.status).toBe(201);
    const attributes = await manager.request('GET', `${API}/attribute-names`);
    expect(attributes.body.items).toEqual([
      expect.objectContaining({ name: 'Hmotnost', value_type: 'number', unit_id: unit.body.id }),
    ]);
    const unknownUnit = await manager.request('POST', `${API}/attribute-names`, { body: { name: 'Výška', unit_id: 'no-unit' } });
    expect(unknownUnit).toMatchObject({ status: 400, body: { errors: { unit_id: ['catalogue.product.unit_not_found'] } } });
    const missing = await manager.request('PATCH', `${API}/type-devices/no-such-type`, { body: { name: 'X' } });
    expect(missing).toMatchObject({ status: 404, body: { code: 'catalogue.product.type_device_not_found' } });
  });

  it('creates a master with variants, reads it back whole, updates, sets params and deletes it once nothing is sold', async () => {
    const apple = await idOf('manufacturers', 'Apple Inc.');
    const phoneType = await idOf('type-devices', 'Mobilní telefon');
    const id = await createMaster({
      name: 'Apple iPhone 15',
      seo_name: 'apple-iphone-15',
      manufacturer_id: apple,
      type_device_id: phoneType,
      description: '<p>Nový <b>iPhone</b><script>alert(1)</script></p>',
      params: [{ name: 'Displej', value: '6.1', type: 'number' }],
      package: { width: 9.5, height: 17, depth: 4, weight: 0.35 },
      seo_title: 'iPhone 15',
    });
    const variant = await manager.request('POST', `${API}/masters/${id}/variants`, {
      body: phone('ip15-128-blk', { ean: '4006381333931', colour: 'Černá', capacity: '128 GB' }),
    });
    expect(variant.status, JSON.stringify(variant.body)).toBe(201);
    expect(variant.body.id).toBe('IP15-128-BLK');
    expect(variant.headers.get('location')).toBe(`${API}/products/IP15-128-BLK`);
    const used = await manager.request('POST', `${API}/masters/${id}/variants`, {
      body: phone('IP15-128-BLK-B', { quality: 'used', grade: 'B', legal_warranty_months: 12 }),
    });
    expect(used.status, JSON.stringify(used.body)).toBe(201);

    const detail = await manager.request('GET', `${API}/masters/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: 'Apple iPhone 15',
      manufacturer_name: 'Apple Inc.',
      type_device_name: 'Mobilní telefon',
      description: '<p>Nový <b>iPhone</b></p>',
      params: [{ name: 'Displej', value: '6.1', type: 'number' }],
      package: { width: 9.5, height: 17, depth: 4, weight: 0.35 },
      variant_count: 2,
      active_variant_count: 2,
    });
    expect((detail.body.variants as { code: string; grade: string | null }[]).map((v) => [v.code, v.grade])).toEqual([
      ['IP15-128-BLK', null],
      ['IP15-128-BLK-B', 'B'],
    ]);
    const product = await manager.request('GET', `${API}/products/ip15-128-blk`);
    expect(product.body).toMatchObject({
      code: 'IP15-128-BLK',
      master_name: 'Apple iPhone 15',
      ean: '4006381333931',
      status: 'active',
    });

    const version = detail.headers.get('etag')!;
    const updated = await manager.request('PATCH', `${API}/masters/${id}`, {
      body: { name: 'Apple iPhone 15 (2023)' },
      headers: { 'if-match': version },
    });
    expect(updated.status).toBe(200);
    const stale = await manager.request('PATCH', `${API}/masters/${id}`, {
      body: { name: 'Old' },
      headers: { 'if-match': version },
    });
    expect(stale).toMatchObject({ status: 412, body: { code: 'concurrency.conflict' } });
    const params = await manager.request('PUT', `${API}/masters/${id}/params`, {
      body: { params: [{ name: '5G', value: 'true', type: 'boolean' }] },
    });
    expect(params.status).toBe(200);
    expect((await manager.request('GET', `${API}/masters/${id}`)).body).toMatchObject({
      name: 'Apple iPhone 15 (2023)',
      params: [{ name: '5G', value: 'true', type: 'boolean' }],
    });

    const refused = await manager.request('DELETE', `${API}/masters/${id}`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'catalogue.product.master_has_active_variants', params: { count: 2 } },
    });
    for (const code of ['IP15-128-BLK', 'IP15-128-BLK-B'])
      expect(
        (await manager.request('POST', `${API}/products/${code}/discontinue`, { body: { reason: 'Konec prodeje' } })).status,
      ).toBe(200);
    const deleted = await manager.request('DELETE', `${API}/masters/${id}`);
    expect(deleted.status).toBe(200);
    expect((await manager.request('GET', `${API}/masters/${id}`)).status).toBe(404);
    // The slug is free again, the code is not.
    await createMaster({
      name: 'iPhone 15 znovu',
      seo_name: 'apple-iphone-15',
      manufacturer_id: apple,
      type_device_id: phoneType,
    });
  });

  it('refuses bad input with field errors: unknown fields, a bad EAN, a taken code, an unknown manufacturer, grades', async () => {
    const apple = await idOf('manufacturers', 'Apple Inc.');
    const phoneType = await idOf('type-devices', 'Mobilní telefon');
    const unknownField = await manager.request('POST', `${API}/masters`, {
      body: { name: 'X', seo_name: 'x', manufacturer_id: apple, type_device_id: phoneType, colour: 'red' },
    });
    expect(unknownField).toMatchObject({ status: 400, body: { errors: { colour: ['validation.unknown_field'] } } });
    const unknownManufacturer = await manager.request('POST', `${API}/masters`, {
      body: { name: 'Nokia 3310', seo_name: 'nokia-3310', manufacturer_id: 'nokia', type_device_id: phoneType },
    });
    expect(unknownManufacturer).toMatchObject({
      status: 400,
      body: { errors: { manufacturer_id: ['catalogue.product.manufacturer_not_found'] } },
    });
    const badSlug = await manager.request('POST', `${API}/masters`, {
      body: {
        name: 'X',
        seo_name: 'Not A Slug',
        manufacturer_id: apple,
        type_device_id: phoneType,
        photo_ids: ['no-such-image'],
      },
    });
    expect(badSlug.body.errors).toEqual({
      seo_name: ['catalogue.product.seo_name_invalid'],
      'photo_ids.0': ['catalogue.product.photo_not_found'],
    });
    const negative = await manager.request('POST', `${API}/masters`, {
      body: {
        name: 'X',
        seo_name: 'x',
        manufacturer_id: apple,
        type_device_id: phoneType,
        package: { width: -1, height: 1, depth: 1, weight: 1 },
      },
    });
    expect(negative).toMatchObject({ status: 400, body: { errors: { 'package.width': ['validation.invalid_value'] } } });

    const id = await createMaster({
      name: 'Galaxy S24',
      seo_name: 'samsung-galaxy-s24',
      manufacturer_id: apple,
      type_device_id: phoneType,
    });
    const badEan = await manager.request('POST', `${API}/masters/${id}/variants`, {
      body: phone('S24-1', { ean: '4006381333932' }),
    });
    expect(badEan).toMatchObject({ status: 400, body: { errors: { ean: ['catalogue.product.ean_invalid'] } } });
    const grades = await manager.request('POST', `${API}/masters/${id}/variants`, {
      body: phone('S24-1', { quality: 'used', legal_warranty_months: 12, vat_rate: 19 }),
    });
    expect(grades.body.errors).toEqual({
      grade: ['catalogue.product.grade_required'],
      vat_rate: ['catalogue.product.vat_rate_invalid'],
    });
    const extra = await manager.request('POST', `${API}/masters/${id}/variants`, { body: { ...phone('S24-1'), price: 1 } });
    expect(extra.body.errors).toEqual({ price: ['validation.unknown_field'] });
    expect((await manager.request('POST', `${API}/masters/${id}/variants`, { body: phone('S24-1') })).status).toBe(201);
    const taken = await manager.request('POST', `${API}/masters/${id}/variants`, { body: phone('s24-1') });
    expect(taken).toMatchObject({ status: 409, body: { code: 'catalogue.product.code_taken' } });
    const unknownMaster = await manager.request('POST', `${API}/masters/no-such-master/variants`, { body: phone('S24-2') });
    expect(unknownMaster).toMatchObject({ status: 404, body: { code: 'catalogue.product.master_not_found' } });
    const notStaff = await warehouse.request('POST', `${API}/masters/${id}/variants`, { body: phone('S24-3') });
    expect(notStaff.status).toBe(403);
    expect((await warehouse.request('GET', `${API}/masters/${id}`)).status).toBe(200);
  });

  it('answers a repeated Idempotency-Key with the same master', async () => {
    const apple = await idOf('manufacturers', 'Apple Inc.');
    const phoneType = await idOf('type-devices', 'Mobilní telefon');
    const body = { name: 'iPad Air', seo_name: 'apple-ipad-air', manufacturer_id: apple, type_device_id: phoneType };
    const headers = { 'idempotency-key': 'ipad-air-create-1' };
    const first = await manager.request('POST', `${API}/masters`, { body, headers });
    const again = await manager.request('POST', `${API}/masters`, { body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const other = await manager.request('POST', `${API}/masters`, { body: { ...body, name: 'iPad Pro' }, headers });
    expect(other).toMatchObject({ status: 422, body: { code: 'request.idempotency_key_reused' } });
  });

  it('serves the grid with server-side sort and filters, categories from the category tree and meta masters', async () => {
    const samsung = await idOf('manufacturers', 'Samsung');
    const tablet = await idOf('type-devices', 'Tablet');
    const ids: string[] = [];
    for (const name of ['Galaxy Tab S9', 'Galaxy Tab A9', 'Galaxy Tab S8'])
      ids.push(
        await createMaster({
          name,
          seo_name: name.toLowerCase().replaceAll(' ', '-'),
          manufacturer_id: samsung,
          type_device_id: tablet,
        }),
      );
    const byName = await grid(
      `startRow=0&endRow=10&sortModel=${encodeURIComponent(JSON.stringify([{ colId: 'name', sort: 'desc' }]))}&manufacturer_id=${samsung}`,
    );
    expect(byName.rows.map((row) => row.name)).toEqual(['Galaxy Tab S9', 'Galaxy Tab S8', 'Galaxy Tab A9']);
    expect(byName.total).toBe(3);
    expect(byName.rows[0]).toMatchObject({ manufacturer_name: 'Samsung', variant_count: 0, category_ids: [] });
    const filtered = await grid(
      `startRow=0&endRow=10&filterModel=${encodeURIComponent(JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: 'tab s' } }))}`,
    );
    expect(filtered.rows.map((row) => row.name).sort()).toEqual(['Galaxy Tab S8', 'Galaxy Tab S9']);
    const badSort = await manager.request(
      'GET',
      `${API}/masters?sortModel=${encodeURIComponent(JSON.stringify([{ colId: 'password', sort: 'asc' }]))}`,
    );
    expect(badSort).toMatchObject({ status: 400, body: { errors: { 'sortModel[0].colId': ['validation.invalid_value'] } } });

    // The categories area assigns masters in its own stream; the grid filters by it.
    const category = await manager.request('POST', `${API}/categories`, { body: { name: 'Tablety' } });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const categoryId = (category.body.category as { id: string }).id;
    const assigned = await manager.request('POST', `${API}/categories/assign`, {
      body: { masterProductIds: [ids[0], ids[2]], typeCategoryIds: [categoryId] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const inCategory = await grid(`startRow=0&endRow=10&category_id=${categoryId}`);
    expect(inCategory.rows.map((row) => row.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(inCategory.rows.every((row) => row.category_ids.includes(categoryId))).toBe(true);
    const viaModel = await grid(
      `startRow=0&endRow=10&filterModel=${encodeURIComponent(JSON.stringify({ category_ids: { filterType: 'set', values: [categoryId] } }))}`,
    );
    expect(viaModel.total).toBe(2);

    const meta = await manager.request('POST', `${API}/meta-masters`, { body: { name: 'Galaxy Tab' } });
    expect(meta.status).toBe(201);
    const metaId = meta.body.id as string;
    for (const master of ids)
      expect(
        (
          await manager.request('PATCH', `${API}/meta-masters/${metaId}/add-master-product`, {
            body: { master_product_id: master },
          })
        ).status,
      ).toBe(200);
    const other = await manager.request('POST', `${API}/meta-masters`, { body: { name: 'Galaxy S' } });
    const inOther = await manager.request('PATCH', `${API}/meta-masters/${other.body.id}/add-master-product`, {
      body: { master_product_id: ids[0] },
    });
    expect(inOther).toMatchObject({ status: 409, body: { code: 'catalogue.product.master_in_other_meta_master' } });
    const swapped = await manager.request('PATCH', `${API}/masters/${ids[0]}/swap-meta-master`, {
      body: { meta_master_id: other.body.id },
    });
    expect(swapped.status).toBe(200);
    const got = await manager.request('GET', `${API}/meta-masters/${metaId}`);
    expect((got.body.masters as { id: string }[]).map((m) => m.id).sort()).toEqual([ids[1], ids[2]].sort());
    const excluded = await manager.request('GET', `${API}/meta-masters?exclude=${metaId}`);
    expect(excluded.body.items).toEqual([expect.objectContaining({ id: other.body.id, master_count: 1 })]);
    expect((await grid(`startRow=0&endRow=10&meta_master_id=${metaId}`)).total).toBe(2);

    const seo = await manager.request('GET', `${API}/seo-texts?quick=tablety`);
    expect(seo.body.rows).toEqual([expect.objectContaining({ kind: 'category', name: 'Tablety' })]);
    const seoEdit = await manager.request('PATCH', `${API}/seo-texts/master/${ids[1]}`, {
      body: { seo_title: 'Galaxy Tab A9 levně' },
    });
    expect(seoEdit.status).toBe(200);
    expect((await manager.request('GET', `${API}/seo-texts?kind=master&quick=tab a9`)).body.rows).toEqual([
      expect.objectContaining({ id: ids[1], seo_title: 'Galaxy Tab A9 levně' }),
    ]);
  });

  it('sets relations to products of the right kind only', async () => {
    const apple = await idOf('manufacturers', 'Apple Inc.');
    const phoneType = await idOf('type-devices', 'Mobilní telefon');
    const id = await createMaster({ name: 'Služby', seo_name: 'sluzby', manufacturer_id: apple, type_device_id: phoneType });
    const add = async (body: Record<string, unknown>) =>
      expect((await manager.request('POST', `${API}/masters/${id}/variants`, { body })).status).toBe(201);
    await add(phone('REL-PHONE'));
    await add(phone('REL-CASE', { kind: 'accessory' }));
    await add(phone('REL-INS', { kind: 'insurance', legal_warranty_months: 0 }));
    await add(phone('REL-EXT', { kind: 'warranty_extension', legal_warranty_months: 0, extension_months: 12 }));
    const wrong = await manager.request('PUT', `${API}/products/REL-PHONE/relations`, {
      body: { accessories: ['REL-INS'], insurance: ['REL-PHONE'], warranty_extensions: ['NOPE'] },
    });
    expect(wrong.body.errors).toEqual({
      'accessories.0': ['catalogue.product.relation_kind_accessory'],
      'insurance.0': ['catalogue.product.relation_self'],
      'warranty_extensions.0': ['catalogue.product.relation_not_found'],
    });
    const right = await manager.request('PUT', `${API}/products/REL-PHONE/relations`, {
      body: { accessories: ['REL-CASE'], insurance: ['REL-INS'], warranty_extensions: ['REL-EXT'], gifts: ['REL-CASE'] },
    });
    expect(right.status).toBe(200);
    expect((await manager.request('GET', `${API}/products/REL-PHONE`)).body.relations).toEqual({
      accessories: ['REL-CASE'],
      gifts: ['REL-CASE'],
      special_offers: [],
      insurance: ['REL-INS'],
      warranty_extensions: ['REL-EXT'],
    });
  });

  it('imports products from a CSV all or nothing: a missing column, errors by line and column, then a good file', async () => {
    const apple = await idOf('manufacturers', 'Apple Inc.');
    const phoneType = await idOf('type-devices', 'Mobilní telefon');
    const send = (body: string) =>
      fetch(`${shop.base}${API}/import/products`, {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          cookie: cookieHeader(manager),
          'x-csrf-token': manager.cookies.get('buyloop_csrf')!,
          'accept-language': 'cs',
        },
        body,
      });
    const before = (await shop.events.readAll()).length;
    const missing = await send('master_seo_name;master_name;code\napple-iphone-16;iPhone 16;IP16\n');
    expect(missing.status).toBe(400);
    const missingBody = (await missing.json()) as { errors: Record<string, string[]>; params: { missing_columns: string } };
    expect(missingBody.errors.file).toEqual(['catalogue.product.import.columns_missing']);
    expect(missingBody.params.missing_columns).toContain('vat_rate');

    const header =
      'master_seo_name;master_name;manufacturer_id;type_device_id;code;ean;colour;capacity;quality;grade;long_name;short_name;vat_rate';
    const line = (code: string, rest: string) => `apple-iphone-16;iPhone 16;${apple};${phoneType};${code};${rest}`;
    const bad = [
      header,
      line('IP16-128', ';Černá;128 GB;new;;iPhone 16 128 GB;iPhone 16;21'),
      line('IP16-256', '4006381333933;Černá;256 GB;used;;iPhone 16 256 GB;iPhone 16;21'),
      line('IP16-128', ';Bílá;128 GB;new;;iPhone 16 128 GB bílý;iPhone 16;15'),
      'apple-iphone-16;iPhone 16 Pro;nokia;' + `${phoneType};IP16-512;;;;new;;x;x;21`,
    ].join('\n');
    const refused = await send(bad);
    expect(refused.status).toBe(400);
    const refusedBody = (await refused.json()) as {
      errors: Record<string, string[]>;
      messages: Record<string, string[]>;
    };
    expect(refusedBody.errors).toMatchObject({
      'line_3.ean': ['catalogue.product.ean_invalid'],
      'line_3.grade': ['catalogue.product.grade_required'],
      'line_4.code': ['catalogue.product.import.code_duplicate'],
      'line_4.vat_rate': ['catalogue.product.vat_rate_invalid'],
      'line_5.master_name': ['catalogue.product.import.master_mismatch'],
      'line_5.manufacturer_id': ['catalogue.product.import.master_mismatch'],
    });
    // Each row's message names the line it repeats or differs from.
    expect(refusedBody.messages).toMatchObject({
      'line_4.code': ['Kód už je v souboru na řádku 2.'],
      'line_5.master_name': ['Údaj modelu se liší od řádku 2 se stejným SEO názvem.'],
    });
    expect((await shop.events.readAll()).length).toBe(before);

    const good = [
      header,
      line('IP16-128', '4006381333931;Černá;128 GB;new;;iPhone 16 128 GB;iPhone 16;21').replace('4006381333931', '5901234123457'),
      line('IP16-128-A', ';Černá;128 GB;used;A;iPhone 16 128 GB (A);iPhone 16 A;21'),
      `apple-watch-9;Apple Watch 9;${apple};${phoneType};AW9-41;96385074;;41 mm;new;;Apple Watch 9 41 mm;Watch 9;21`,
    ].join('\n');
    const imported = await send(good);
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toEqual({ masters_created: 2, products_created: 3, rows: 3 });
    const rows = await grid(
      `startRow=0&endRow=10&filterModel=${encodeURIComponent(JSON.stringify({ seo_name: { filterType: 'text', type: 'equals', filter: 'apple-iphone-16' } }))}`,
    );
    expect(rows.rows).toEqual([expect.objectContaining({ name: 'iPhone 16', variant_count: 2 })]);
    // The same file again finds its own products and writes nothing new.
    const again = await send(good);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ masters_created: 0, products_created: 0, rows: 3 });
  });
});
