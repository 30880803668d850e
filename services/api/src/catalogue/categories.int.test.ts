import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Kategorie-Heslo-2026';
const TREE = 'categorytree-cz';
const BASE = '/api/admin/catalogue/categories';

interface Row {
  id: string;
  name: string;
  parent: string | null;
  seo_name: string;
  position: number;
  depth: number;
  path: string[];
  children: boolean;
  product_count: number;
}
interface Node extends Row {
  subcategories: Node[];
}

describe.each(engines)('the category tree over HTTP on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;
  let warehouse: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    manager = await signedInStaff(shop, 'kategorie@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
    warehouse = await signedInStaff(shop, 'sklad@admin.buyloop.cz', PASSWORD, ['warehouse']);
  });
  afterAll(async () => shop?.close());

  const add = async (body: Record<string, unknown>) => {
    const added = await manager.request('POST', BASE, { body });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return (added.body.category as { id: string }).id;
  };
  const list = async (): Promise<Row[]> => {
    const answer = await manager.request('GET', BASE);
    expect(answer.status).toBe(200);
    return answer.body.categories as Row[];
  };
  const byId = async (id: string) => (await list()).find((row) => row.id === id);
  const treeEvents = async () => (await shop.events.readStream(TREE)).length;

  it('documents every categories route in the OpenAPI document', async () => {
    const response = await fetch(`${shop.base}/api/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(document.paths['/api/admin/catalogue/categories'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/admin/catalogue/categories/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    for (const path of ['/tree', '/{id}/move', '/assign', '/unassign'])
      expect(document.paths[`/api/admin/catalogue/categories${path}`], path).toBeDefined();
    expect(document.paths['/api/admin/catalogue/type-categories']?.get).toBeDefined();
    expect(Object.keys(document.paths['/api/admin/catalogue/categories/{id}/move']!.patch!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404']),
    );
  });

  it('adds categories at the top and under a parent with spec 3’s defaults, and lists them as a tree and depth first', async () => {
    const added = await manager.request('POST', BASE, { body: { name: 'Mobilní telefony', type_device: null } });
    expect(added.status).toBe(201);
    expect(added.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(added.body.category).toMatchObject({
      name: 'Mobilní telefony',
      parent: null,
      seo_name: 'mobilni-telefony',
      children: false,
      for_display: true,
      for_buyout: false,
      for_service: false,
      filterable: false,
      manufacturers: [],
      photo_id: null,
      type_device: null,
      position: 0,
    });
    const phones = (added.body.category as { id: string }).id;
    const samsung = await add({ parent: phones, name: 'Samsung', for_buyout: true, filterable: true });
    const apple = await add({ parent: phones, name: 'Apple', position: 0, seo_name: 'apple-telefony' });
    await add({ name: 'Tablety' });

    // The answer waited for the read model: the next page shows the change.
    const tree = await manager.request('GET', `${BASE}/tree`);
    expect(tree.status).toBe(200);
    const nodes = tree.body.categories as Node[];
    const phonesNode = nodes.find((node) => node.id === phones)!;
    expect(phonesNode.children).toBe(true);
    expect(phonesNode.subcategories.map((node) => [node.name, node.position, node.seo_name])).toEqual([
      ['Apple', 0, 'apple-telefony'],
      ['Samsung', 1, 'samsung'],
    ]);
    expect(await byId(samsung)).toMatchObject({
      for_buyout: true,
      filterable: true,
      depth: 2,
      path: ['Mobilní telefony', 'Samsung'],
    });
    expect((await byId(apple))?.parent).toBe(phones);

    // Staff who only read the catalogue see the tree but cannot change it.
    expect((await warehouse.request('GET', `${BASE}/tree`)).status).toBe(200);
    expect((await warehouse.request('POST', BASE, { body: { name: 'Sklad' } })).status).toBe(403);
  });

  it('refuses bad input with field errors keyed like the category form, and unknown fields, writing nothing', async () => {
    const phones = await add({ name: 'Telefony' });
    await add({ parent: phones, name: 'Xiaomi' });
    const before = await treeEvents();

    const bad = await manager.request('POST', BASE, {
      body: { parent: phones, name: '  ', seo_name: 'Špatný slug', for_display: 'yes', colour: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(bad.body.errors).toEqual({
      name: ['validation.required'],
      seo_name: ['catalogue.category.seo_name_invalid'],
      for_display: ['validation.invalid_type'],
      colour: ['validation.unknown_field'],
    });
    expect((bad.body.messages as Record<string, string[]>).seo_name?.[0]).toContain('SEO');

    const taken = await manager.request('POST', BASE, { body: { parent: phones, name: 'XIAOMI', seo_name: 'telefony' } });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({
      name: ['catalogue.category.name_taken'],
      seo_name: ['catalogue.category.seo_name_taken'],
    });

    const orphan = await manager.request('POST', BASE, { body: { parent: 'no-such-category', name: 'Sirotek' } });
    expect(orphan).toMatchObject({ status: 400, body: { errors: { parent: ['catalogue.category.parent_not_found'] } } });

    const references = await manager.request('POST', BASE, {
      body: { name: 'Hodinky', manufacturers: ['no-such-maker'], type_device: 'no-such-type', photo_id: 'no-such-image' },
    });
    expect(references.status).toBe(400);
    expect(references.body.errors).toEqual({
      'manufacturers.0': ['catalogue.category.manufacturer_not_found'],
      type_device: ['catalogue.category.type_device_not_found'],
      photo_id: ['catalogue.category.photo_not_found'],
    });

    const unknownOnUpdate = await manager.request('PATCH', `${BASE}/${phones}`, { body: { name: 'Mobily', children: true } });
    expect(unknownOnUpdate).toMatchObject({ status: 400, body: { errors: { children: ['validation.unknown_field'] } } });
    const unknownOnMove = await manager.request('PATCH', `${BASE}/${phones}/move`, {
      body: { target: null, position: 0, parent: null },
    });
    expect(unknownOnMove).toMatchObject({ status: 400, body: { errors: { parent: ['validation.unknown_field'] } } });
    const malformed = await fetch(`${shop.base}${BASE}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': manager.cookies.get('buyloop_csrf')!,
      },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(await treeEvents()).toBe(before);
  });

  it('keeps a category’s SEO title and description, changed with the category and listed in the SEO texts grid', async () => {
    const added = await manager.request('POST', BASE, {
      body: { name: 'Chytré hodinky', seo_title: ' Chytré hodinky Apple a Garmin ', seo_description: 'Hodinky\na náramky' },
    });
    expect(added.status).toBe(201);
    expect(added.body.category).toMatchObject({
      seo_title: 'Chytré hodinky Apple a Garmin',
      seo_description: 'Hodinky\na náramky',
    });
    const watches = (added.body.category as { id: string }).id;
    const seoRow = async () => {
      const page = await manager.request('GET', `/api/admin/catalogue/seo-texts?kind=category&quick=chytre hodinky`);
      expect(page.status).toBe(200);
      return (page.body.rows as { id: string }[]).find((row) => row.id === watches);
    };
    expect(await seoRow()).toEqual({
      kind: 'category',
      id: watches,
      name: 'Chytré hodinky',
      seo_name: 'chytre-hodinky',
      seo_title: 'Chytré hodinky Apple a Garmin',
      seo_description: 'Hodinky\na náramky',
    });

    // The SEO grid saves a category's texts with the category's own update; blank is none.
    const changed = await manager.request('PATCH', `${BASE}/${watches}`, {
      body: { seo_title: 'Hodinky – nové i repasované', seo_description: '  ' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.category).toMatchObject({ seo_title: 'Hodinky – nové i repasované', seo_description: null });
    expect(await seoRow()).toMatchObject({ seo_title: 'Hodinky – nové i repasované', seo_description: null });
    expect(await byId(watches)).toMatchObject({ seo_title: 'Hodinky – nové i repasované', seo_description: null });

    const before = await treeEvents();
    const bad = await manager.request('PATCH', `${BASE}/${watches}`, {
      body: { seo_title: 'Hodinky\nnové', seo_description: 'x'.repeat(501) },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(bad.body.errors).toEqual({
      seo_title: ['validation.text_characters_invalid'],
      seo_description: [expect.stringMatching(/^validation\.max_length/)],
    });
    expect(await treeEvents()).toBe(before);
    // Only the catalogue's managers change them.
    expect((await warehouse.request('PATCH', `${BASE}/${watches}`, { body: { seo_title: 'Sklad' } })).status).toBe(403);
  });

  it('updates a category’s fields, and a new parent moves it there; 404 for a category that does not exist', async () => {
    const watches = await add({ name: 'Hodinky' });
    const garmin = await add({ parent: watches, name: 'Garmin' });
    const audio = await add({ name: 'Audio' });

    const updated = await manager.request('PATCH', `${BASE}/${garmin}`, {
      body: { name: 'Garmin Fenix', for_service: true, filterable: true, seo_name: '' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.category).toMatchObject({
      name: 'Garmin Fenix',
      seo_name: 'garmin-fenix',
      for_service: true,
      filterable: true,
    });
    expect(await byId(garmin)).toMatchObject({ name: 'Garmin Fenix', seo_name: 'garmin-fenix', for_service: true });

    const reparented = await manager.request('PATCH', `${BASE}/${garmin}`, { body: { parent: audio } });
    expect(reparented.status).toBe(200);
    expect(reparented.body.category).toMatchObject({ parent: audio, position: 0 });
    expect(await byId(watches)).toMatchObject({ children: false });

    expect((await manager.request('PATCH', `${BASE}/no-such-category`, { body: { name: 'X' } })).status).toBe(404);
    expect((await manager.request('PATCH', `${BASE}/bad%20id`, { body: { name: 'X' } })).status).toBe(404);
  });

  it('moves a category with its subtree and reorders siblings; under its own child or itself it answers 400 under `target` and writes nothing', async () => {
    const root = await add({ name: 'Příslušenství' });
    const chargers = await add({ parent: root, name: 'Nabíječky' });
    const cables = await add({ parent: root, name: 'Kabely' });
    const usbC = await add({ parent: cables, name: 'USB-C' });
    const cases = await add({ name: 'Pouzdra' });

    const reordered = await manager.request('PATCH', `${BASE}/${cables}/move`, { body: { target: root, position: 0 } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.category).toMatchObject({ parent: root, position: 0 });
    expect((await byId(chargers))?.position).toBe(1);

    const moved = await manager.request('PATCH', `${BASE}/${cables}/move`, { body: { target: cases, position: 5 } });
    expect(moved.body.category).toMatchObject({ parent: cases, position: 0 });
    expect(await byId(usbC)).toMatchObject({ parent: cables, depth: 3, path: ['Pouzdra', 'Kabely', 'USB-C'] });

    const before = await treeEvents();
    const underOwnChild = await manager.request('PATCH', `${BASE}/${cases}/move`, { body: { target: usbC, position: 0 } });
    expect(underOwnChild.status).toBe(400);
    expect(underOwnChild.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(underOwnChild.body.errors).toEqual({ target: ['catalogue.category.move_into_own_subtree'] });
    expect((underOwnChild.body.messages as Record<string, string[]>).target).toEqual([
      'Kategorii nelze přesunout pod ni samotnou ani pod její podkategorii.',
    ]);
    const underItself = await manager.request('PATCH', `${BASE}/${cases}/move`, { body: { target: cases, position: 0 } });
    expect(underItself.body.errors).toEqual({ target: ['catalogue.category.move_into_own_subtree'] });
    const cyclicParent = await manager.request('PATCH', `${BASE}/${cables}`, {
      body: { parent: usbC, name: 'Kabely a redukce' },
    });
    expect(cyclicParent.status).toBe(400);
    expect(cyclicParent.body.errors).toEqual({ parent: ['catalogue.category.move_into_own_subtree'] });
    const negative = await manager.request('PATCH', `${BASE}/${cases}/move`, { body: { target: null, position: -1 } });
    expect(negative).toMatchObject({ status: 400, body: { errors: { position: ['validation.invalid_value'] } } });
    expect(await treeEvents()).toBe(before);
    expect((await byId(cables))?.name).toBe('Kabely');
  });

  it('deletes a category with everything below it and answers their ids', async () => {
    const parts = await add({ name: 'Náhradní díly' });
    const displays = await add({ parent: parts, name: 'Displeje' });
    const oled = await add({ parent: displays, name: 'OLED' });
    const deleted = await manager.request('DELETE', `${BASE}/${displays}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_ids).toEqual([displays, oled]);
    const rows = await list();
    expect(rows.some((row) => row.id === displays || row.id === oled)).toBe(false);
    expect(rows.find((row) => row.id === parts)?.children).toBe(false);
    expect((await manager.request('DELETE', `${BASE}/${displays}`)).status).toBe(404);
  });

  it('of two concurrent moves that together would make a cycle, exactly one succeeds', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await add({ name: `Souběh A ${round}` });
      const b = await add({ name: `Souběh B ${round}` });
      const [first, second] = await Promise.all([
        manager.request('PATCH', `${BASE}/${a}/move`, { body: { target: b, position: 0 } }),
        manager.request('PATCH', `${BASE}/${b}/move`, { body: { target: a, position: 0 } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const refused = first.status === 400 ? first : second;
      expect(refused.body.errors).toEqual({ target: ['catalogue.category.move_into_own_subtree'] });
      const rowA = await byId(a);
      const rowB = await byId(b);
      // One hangs under the other, never both under each other.
      expect([rowA?.parent, rowB?.parent].filter((parent) => parent !== null)).toHaveLength(1);
    }
  });

  it('a change based on an old version of the tree (If-Match) answers 412 and writes nothing', async () => {
    const tree = await manager.request('GET', `${BASE}/tree`);
    const etag = tree.headers.get('etag')!;
    const first = await manager.request('POST', BASE, { body: { name: 'Verze 1' }, headers: { 'if-match': etag } });
    expect(first.status).toBe(201);
    const before = await treeEvents();
    const stale = await manager.request('POST', BASE, { body: { name: 'Verze 2' }, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect(await treeEvents()).toBe(before);
  });

  it('refuses an empty selection for an assignment with spec 5’s message, and unknown categories and master products', async () => {
    const phones = await add({ name: 'Přiřazení' });
    const before = await treeEvents();
    for (const path of ['assign', 'unassign']) {
      const empty = await manager.request('POST', `${BASE}/${path}`, { body: { masterProductIds: [], typeCategoryIds: [] } });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        code: 'catalogue.category.selection_required',
        title: 'Pro aktualizaci je nutné vybrat produkty a kategorie.',
        errors: {
          masterProductIds: ['catalogue.category.selection_required'],
          typeCategoryIds: ['catalogue.category.selection_required'],
        },
      });
      const noCategory = await manager.request('POST', `${BASE}/${path}`, {
        body: { masterProductIds: ['m-1'], typeCategoryIds: [] },
      });
      expect(noCategory.body.errors).toEqual({ typeCategoryIds: ['catalogue.category.selection_required'] });
    }
    const romanian = await manager.request('POST', `${BASE}/assign`, {
      body: { masterProductIds: [], typeCategoryIds: [phones] },
      headers: { 'accept-language': 'ro' },
    });
    expect(romanian.body.title).toBe('Pentru actualizare trebuie să selectați produse și categorii.');

    const unknown = await manager.request('POST', `${BASE}/assign`, {
      body: { masterProductIds: ['no-such-master'], typeCategoryIds: [phones, 'no-such-category'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({
      'masterProductIds.0': ['catalogue.category.master_product_not_found'],
      'typeCategoryIds.1': ['catalogue.category.not_found'],
    });
    const extra = await manager.request('POST', `${BASE}/assign`, {
      body: { masterProductIds: ['m-1'], typeCategoryIds: [phones], replace: true },
    });
    expect(extra.body.errors).toEqual({ replace: ['validation.unknown_field'] });
    expect(await treeEvents()).toBe(before);
  });

  it('assigns master products to categories and removes them: the counts, the master grid’s category_ids and its category filter', async () => {
    const reference = async (list: string, name: string) => {
      const created = await manager.request('POST', `/api/admin/catalogue/${list}`, { body: { name } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const apple = await reference('manufacturers', 'Apple');
    const samsung = await reference('manufacturers', 'Samsung');
    const phoneType = await reference('type-devices', 'Mobilní telefon');
    const master = async (name: string, seo: string, maker: string) => {
      const created = await manager.request('POST', '/api/admin/catalogue/masters', {
        body: { name, seo_name: seo, manufacturer_id: maker, type_device_id: phoneType },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const iphone = await master('iPhone 15', 'iphone-15', apple);
    const galaxy = await master('Galaxy S24', 'galaxy-s24', samsung);
    const pixel = await master('Pixel 9', 'pixel-9', samsung);

    // A category naming real manufacturers and a real type device is a type category.
    const phones = await add({ name: 'Chytré telefony', type_device: phoneType, manufacturers: [apple, samsung] });
    const appleCategory = await add({ parent: phones, name: 'Telefony Apple', manufacturers: [apple] });
    const sale = await add({ name: 'Výprodej' });
    const typeCategories = await manager.request('GET', `/api/admin/catalogue/type-categories?type_device=${phoneType}`);
    expect(typeCategories.body.type_categories).toEqual([
      { id: phones, name: 'Chytré telefony', seo_name: 'chytre-telefony', path: ['Chytré telefony'], type_device: phoneType },
    ]);

    const assigned = await manager.request('POST', `${BASE}/assign`, {
      body: { masterProductIds: [iphone, galaxy, iphone], typeCategoryIds: [phones, sale] },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ master_product_ids: [iphone, galaxy], category_ids: [phones, sale], changed: true });
    const again = await manager.request('POST', `${BASE}/assign`, {
      body: { masterProductIds: [iphone], typeCategoryIds: [phones] },
    });
    expect(again.body.changed).toBe(false);
    await manager.request('POST', `${BASE}/assign`, { body: { masterProductIds: [iphone], typeCategoryIds: [appleCategory] } });

    expect(await byId(phones)).toMatchObject({ product_count: 2, subtree_product_count: 2 });
    expect(await byId(appleCategory)).toMatchObject({ product_count: 1 });
    const grid = async (query: string) => {
      const answer = await manager.request('GET', `/api/admin/catalogue/masters?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.rows as { id: string; category_ids: string[] }[];
    };
    expect((await grid(`category_id=${sale}`)).map((row) => row.id).sort()).toEqual([iphone, galaxy].sort());
    expect((await grid('startRow=0&endRow=10')).find((row) => row.id === iphone)?.category_ids.sort()).toEqual(
      [phones, sale, appleCategory].sort(),
    );

    const removed = await manager.request('POST', `${BASE}/unassign`, {
      body: { masterProductIds: [galaxy, pixel], typeCategoryIds: [sale] },
    });
    expect(removed.body).toMatchObject({ changed: true });
    expect((await grid(`category_id=${sale}`)).map((row) => row.id)).toEqual([iphone]);

    // A deleted category takes its assignments with it; a deleted master product leaves every category.
    await manager.request('DELETE', `${BASE}/${sale}`);
    expect((await grid('startRow=0&endRow=10')).find((row) => row.id === iphone)?.category_ids.sort()).toEqual(
      [phones, appleCategory].sort(),
    );
    const deletedMaster = await manager.request('DELETE', `/api/admin/catalogue/masters/${galaxy}`);
    expect(deletedMaster.status, JSON.stringify(deletedMaster.body)).toBe(200);
    await expect.poll(async () => (await byId(phones))?.product_count).toBe(1);
    const gone = await manager.request('POST', `${BASE}/assign`, {
      body: { masterProductIds: [galaxy], typeCategoryIds: [phones] },
    });
    expect(gone.body.errors).toEqual({ 'masterProductIds.0': ['catalogue.category.master_product_not_found'] });
  });

  it('lists the categories bound to a type device, and refuses a malformed query', async () => {
    const answer = await manager.request('GET', '/api/admin/catalogue/type-categories');
    expect(answer.status).toBe(200);
    expect(answer.body.type_categories).toEqual([
      expect.objectContaining({ name: 'Chytré telefony', path: ['Chytré telefony'] }),
    ]);
    const bad = await manager.request('GET', '/api/admin/catalogue/type-categories?type_device=a%20b&x=1');
    expect(bad.status).toBe(400);
  });
});
