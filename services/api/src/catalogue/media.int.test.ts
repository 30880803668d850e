import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signedInStaff } from '../buy-back-testing';
import { Browser, openShop, type Shop } from '../identity/harness';
import { headerOf, hasExif, noisePng, SIDEWAYS_JPEG, SQUARE_WEBP } from './media-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Obrazky-Heslo-2026';
const UPLOAD = '/api/admin/catalogue/images';
const BLOBS = 'catalogue_media_blobs';
const MARKERS = 'catalogue_media_uploads';
const MINUTE = 60_000;

interface Size {
  name: string;
  width: number;
  height: number;
  bytes: number;
  url: string;
}
interface Image {
  id: string;
  file_name: string;
  media_type: string;
  width: number;
  height: number;
  bytes: number;
  source: string;
  uploaded_at: string;
  sizes: Size[];
  urls: Record<'thumb' | 'card' | 'detail' | 'original', string>;
}
interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** What the media area's handle offers the tests (read-models/catalogue/src/media/part.ts). */
interface MediaHandle {
  sweep(): Promise<number>;
  readonly blobs: {
    put(
      imageId: string,
      sourceHash: string,
      blobs: { hash: string; mediaType: string; bytes: Buffer }[],
      at: Date,
    ): Promise<void>;
  };
  readonly productImages: {
    image(spec: { manufacturer: string; model: string; colourName: string; colourHex: string; kind: 'phone' }): Promise<{
      imageId: string;
    }>;
  };
}

describe.each(engines)('catalogue images over HTTP on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;
  let warehouse: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    manager = await signedInStaff(shop, 'obrazky@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
    warehouse = await signedInStaff(shop, 'sklad-obrazky@admin.buyloop.cz', PASSWORD, ['warehouse']);
  });
  afterAll(async () => shop?.close());

  const media = () => shop.catalogue!.media as MediaHandle;

  /** A raw upload as the back office's component sends it: the file as the body, the session cookie and the CSRF header. */
  async function upload(
    body: Buffer | string,
    type: string,
    options: { query?: string; headers?: Record<string, string>; as?: Browser } = {},
  ): Promise<Answer> {
    const browser = options.as ?? manager;
    const response = await fetch(`${shop.base}${UPLOAD}${options.query ?? ''}`, {
      method: 'POST',
      headers: {
        'content-type': type,
        'accept-language': 'cs',
        cookie: cookieHeader(browser),
        'x-csrf-token': browser.cookies.get('buyloop_csrf') ?? '',
        ...options.headers,
      },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  const fetchFile = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.base}${path}`, { headers });
  const bytesOf = async (path: string) => Buffer.from(await (await fetchFile(path)).arrayBuffer());

  /** What is stored: image events, blobs and upload markers. */
  async function stored() {
    const events = (await shop.events.readAll({ limit: 100_000 })).filter((e) => e.stream.startsWith('image-'));
    const blobs = (await shop.documents.find(BLOBS, { limit: 1 })).total;
    const markers = (await shop.documents.find(MARKERS, { limit: 1 })).total;
    return { events: events.length, blobs, markers };
  }

  it('uploads a sideways phone JPEG: 201 with the sizes, served upright as WebP without metadata, cached for a year', async () => {
    const answer = await upload(SIDEWAYS_JPEG, 'image/jpeg', { query: '?name=zadni-strana.jpg' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const image = answer.body as unknown as Image;
    expect(image).toMatchObject({
      file_name: 'zadni-strana.jpg',
      media_type: 'image/jpeg',
      width: 160,
      height: 240,
      source: 'upload',
      uploaded_at: shop.time.clock().toISOString(),
    });
    expect(answer.headers.get('location')).toBe(`${UPLOAD}/${image.id}`);
    // Stored 240 × 160 with "turn 90°": every size is upright, the small image never enlarged.
    expect(image.sizes.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'thumb', width: 107, height: 160 },
      { name: 'card', width: 160, height: 240 },
      { name: 'detail', width: 160, height: 240 },
    ]);
    for (const size of image.sizes) {
      expect(size.url).toBe(`/media/catalogue/${image.id}/${size.name}.webp`);
      const served = await fetchFile(size.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBe(size.bytes);
      expect(headerOf(bytes)).toEqual({ format: 'webp', width: size.width, height: size.height });
      // The ETag is the content's hash: asked again with it, nothing is sent.
      const etag = served.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await fetchFile(size.url, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    expect(hasExif(SIDEWAYS_JPEG)).toBe(true);
    const original = await bytesOf(image.urls.original);
    expect(image.urls.original).toBe(`/media/catalogue/${image.id}/original.jpg`);
    expect(headerOf(original)).toEqual({ format: 'jpeg', width: 160, height: 240 });
    expect(hasExif(original)).toBe(false);

    // The metadata route answers what the upload answered; the stream holds the one event with every hash.
    const detail = await manager.request('GET', `${UPLOAD}/${image.id}`);
    expect(detail).toMatchObject({ status: 200, body: image });
    const events = await shop.events.readStream(`image-${image.id}`);
    expect(events.map((e) => e.type)).toEqual(['ImageUploaded']);
    expect(events[0]!.data).toMatchObject({
      imageId: image.id,
      fileName: 'zadni-strana.jpg',
      sizes: expect.arrayContaining([expect.objectContaining({ name: 'thumb', hash: expect.stringMatching(/^[0-9a-f]{64}$/) })]),
    });
  });

  it('uploads a PNG named in X-File-Name and a WebP, the PNG larger than one stored chunk, each served whole', async () => {
    const png = noisePng(1200, 1000);
    expect(png.length).toBeGreaterThan(3_000_000);
    const fromPng = await upload(png, 'image/png', {
      headers: { 'x-file-name': encodeURIComponent('Galaxy S24 – fialová.png') },
    });
    expect(fromPng.status, JSON.stringify(fromPng.body)).toBe(201);
    const image = fromPng.body as unknown as Image;
    expect(image).toMatchObject({ file_name: 'Galaxy S24 – fialová.png', media_type: 'image/png', width: 1200, height: 1000 });
    expect(image.sizes.map(({ name, width, height }) => [name, width, height])).toEqual([
      ['thumb', 160, 133],
      ['card', 400, 333],
      ['detail', 1000, 833],
    ]);
    const original = await bytesOf(image.urls.original);
    expect(original.length).toBe(image.bytes);
    expect(original.length).toBeGreaterThan(1024 * 1024);
    expect(headerOf(original)).toEqual({ format: 'png', width: 1200, height: 1000 });
    expect(headerOf(await bytesOf(image.urls.detail))).toEqual({ format: 'webp', width: 1000, height: 833 });

    const fromWebp = await upload(SQUARE_WEBP, 'image/webp', { query: '?name=ctverec.webp' });
    expect(fromWebp.status).toBe(201);
    const square = fromWebp.body as unknown as Image;
    expect(square).toMatchObject({ media_type: 'image/webp', width: 300, height: 300 });
    expect(headerOf(await bytesOf(square.urls.thumb))).toEqual({ format: 'webp', width: 160, height: 160 });
    expect(headerOf(await bytesOf(square.urls.original))).toMatchObject({ format: 'webp', width: 300, height: 300 });
  });

  it('trusts the bytes, not the declared type: a PNG sent as image/jpeg is stored as the PNG it is', async () => {
    const answer = await upload(noisePng(64, 48), 'image/jpeg', { query: '?name=misnamed.jpg' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ media_type: 'image/png', width: 64, height: 48 });
    expect((answer.body as unknown as Image).urls.original).toMatch(/original\.png$/);
  });

  it('refuses a text file sent as image/png with a field error under `file`, in Czech, storing nothing', async () => {
    const before = await stored();
    const answer = await upload('Dobrý den,\nposílám fotky telefonu.\n', 'image/png', { query: '?name=fotka.png' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      code: 'validation.failed',
      errors: { file: ['catalogue.image.not_an_image'] },
      messages: { file: ['Soubor není obrázek. Nahrajte prosím fotografii ve formátu JPEG, PNG nebo WebP.'] },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses an SVG, an empty body and a decompression bomb under `file`', async () => {
    const before = await stored();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect((await upload(svg, 'image/png', { query: '?name=x.png' })).body).toMatchObject({
      errors: { file: ['catalogue.image.format_not_allowed'] },
    });
    expect((await upload(Buffer.alloc(0), 'image/jpeg', { query: '?name=x.jpg' })).body).toMatchObject({
      status: 400,
      errors: { file: ['catalogue.image.empty'] },
    });
    // The header of a 20 000 × 20 000 PNG: a few bytes that would decode to 1.2 GB.
    const bomb = Buffer.from(noisePng(1, 1));
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    const refused = await upload(bomb, 'image/png', { query: '?name=bomb.png' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object)).toEqual(['file']);
    expect(await stored()).toEqual(before);
  });

  it('refuses a 20 MB body with 413 problem+json before storing anything', async () => {
    const before = await stored();
    const answer = await upload(Buffer.alloc(20 * 1024 * 1024, 0xff), 'image/jpeg', { query: '?name=velky.jpg' });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      code: 'catalogue.image.too_large',
      title: 'Obrázek je příliš velký. Největší povolená velikost je 10 MB.',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a body declared as something else than an image with 415', async () => {
    const answer = await upload('a,b\n1,2\n', 'text/csv', { query: '?name=data.csv' });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 'catalogue.image.unsupported_type' });
  });

  it('refuses unknown query fields, a missing name and a name that is a path, keyed by the field', async () => {
    const unknown = await upload(SQUARE_WEBP, 'image/webp', { query: '?name=a.webp&folder=private' });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { folder: ['validation.unknown_field'] } } });
    const missing = await upload(SQUARE_WEBP, 'image/webp');
    expect(missing).toMatchObject({ status: 400, body: { errors: { name: ['validation.required'] } } });
    const path = await upload(SQUARE_WEBP, 'image/webp', { query: `?name=${encodeURIComponent('C:\\fakepath\\a.webp')}` });
    expect(path).toMatchObject({ status: 400, body: { errors: { name: ['catalogue.image.name_invalid'] } } });
    const blank = await upload(SQUARE_WEBP, 'image/webp', { headers: { 'x-file-name': '%20%20' } });
    expect(blank).toMatchObject({ status: 400, body: { errors: { name: ['validation.required'] } } });
    const broken = await upload(SQUARE_WEBP, 'image/webp', { headers: { 'x-file-name': '%E0%A4%A' } });
    expect(broken).toMatchObject({ status: 400, body: { errors: { name: ['catalogue.image.name_invalid'] } } });
    const badKey = await upload(SQUARE_WEBP, 'image/webp', { query: '?name=a.webp', headers: { 'idempotency-key': 'short' } });
    expect(badKey).toMatchObject({ status: 400, body: { errors: { 'Idempotency-Key': ['request.idempotency_key_invalid'] } } });
  });

  it('answers a repeated upload with the same Idempotency-Key with the same image, and refuses the key for other bytes', async () => {
    const key = 'upload-0001-galaxy';
    const first = await upload(SQUARE_WEBP, 'image/webp', { query: '?name=s24.webp', headers: { 'idempotency-key': key } });
    const again = await upload(SQUARE_WEBP, 'image/webp', { query: '?name=s24.webp', headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    const id = (first.body as unknown as Image).id;
    expect(await shop.events.readStream(`image-${id}`)).toHaveLength(1);
    const other = await upload(noisePng(30, 30), 'image/png', { query: '?name=jine.png', headers: { 'idempotency-key': key } });
    expect(other).toMatchObject({ status: 409, body: { code: 'catalogue.image.exists' } });
    expect(await shop.events.readStream(`image-${id}`)).toHaveLength(1);
  });

  it('serves 404 problems for unknown images, sizes and formats, and lists images newest first', async () => {
    shop.time.advance(MINUTE);
    const image = (await upload(SQUARE_WEBP, 'image/webp', { query: '?name=seznam.webp' })).body as unknown as Image;
    const unknownId = '5f0c7a1e-3b1d-4c55-9a8e-2d6f1b7c9e01';
    for (const path of [
      `/media/catalogue/${unknownId}/thumb.webp`,
      '/media/catalogue/not-an-id/thumb.webp',
      `/media/catalogue/${image.id}/huge.webp`,
      `/media/catalogue/${image.id}/thumb.png`,
      `/media/catalogue/${image.id}/original.jpg`,
    ]) {
      const answer = await fetchFile(path, { 'accept-language': 'cs' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await answer.json()).toMatchObject({ code: 'catalogue.image.not_found', title: 'Obrázek nebyl nalezen.' });
    }
    expect(await manager.request('GET', `${UPLOAD}/${unknownId}`)).toMatchObject({
      status: 404,
      body: { code: 'catalogue.image.not_found' },
    });

    const list = await manager.request('GET', `${UPLOAD}?startRow=0&endRow=2`);
    expect(list.status).toBe(200);
    expect((list.body.rows as Image[])[0]).toEqual(image);
    expect(list.body.rows).toHaveLength(2);
    expect(list.body.total).toBeGreaterThanOrEqual(5);
    const found = await manager.request('GET', `${UPLOAD}?file_name=SEZNAM`);
    expect((found.body.rows as Image[]).map((row) => row.id)).toEqual([image.id]);
    expect(await manager.request('GET', `${UPLOAD}?startRow=5&endRow=5`)).toMatchObject({
      status: 400,
      body: { errors: { endRow: ['validation.invalid_value'] } },
    });
  });

  it('lets only catalogue work upload: the warehouse gets 403, a visitor 401; anyone may fetch an image', async () => {
    expect((await upload(SQUARE_WEBP, 'image/webp', { query: '?name=a.webp', as: warehouse })).status).toBe(403);
    const visitor = await new Browser(shop.base, 'cs').open();
    expect((await upload(SQUARE_WEBP, 'image/webp', { query: '?name=a.webp', as: visitor })).status).toBe(401);
    const image = (await upload(SQUARE_WEBP, 'image/webp', { query: '?name=verejny.webp' })).body as unknown as Image;
    expect((await fetchFile(image.urls.card)).status).toBe(200);
    // Staff read the metadata; the warehouse is staff.
    expect((await warehouse.request('GET', `${UPLOAD}/${image.id}`)).status).toBe(200);
  });

  it('sweeps the blobs of an upload whose event never came, once the grace period is over, and keeps every image’s', async () => {
    const image = (await upload(SQUARE_WEBP, 'image/webp', { query: '?name=zustane.webp' })).body as unknown as Image;
    const orphanId = '0b7d9f0e-1c2a-4e3b-8f4d-5a6b7c8d9e0f';
    const bytes = Buffer.from('bytes of an upload whose append failed');
    const hash = (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');
    const before = await stored();
    await media().blobs.put(orphanId, 'f'.repeat(64), [{ hash, mediaType: 'image/webp', bytes }], shop.time.clock());
    expect(await stored()).toEqual({ ...before, blobs: before.blobs + 1, markers: before.markers + 1 });

    // Within the grace period the upload may still be appending: nothing is judged.
    expect(await media().sweep()).toBe(0);
    shop.time.advance(16 * MINUTE);
    expect(await media().sweep()).toBe(1);
    expect(await stored()).toEqual(before);
    expect((await fetchFile(image.urls.detail)).status).toBe(200);
  });

  it('draws the demo data’s product images once per model and colour, stored like uploads and served', async () => {
    const spec = {
      manufacturer: 'Apple',
      model: 'iPhone 15',
      colourName: 'Růžová',
      colourHex: '#f2c9d1',
      kind: 'phone' as const,
    };
    const [first, second] = await Promise.all([media().productImages.image(spec), media().productImages.image({ ...spec })]);
    expect(second.imageId).toBe(first.imageId);
    expect(await shop.events.readStream(`image-${first.imageId}`)).toHaveLength(1);
    // Drawn images are not settled like uploads (the demo loader draws them in the background): the read model may lag a moment.
    let detail = await manager.request('GET', `${UPLOAD}/${first.imageId}`);
    for (let tries = 0; detail.status === 404 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = await manager.request('GET', `${UPLOAD}/${first.imageId}`);
    }
    expect(detail.body).toMatchObject({
      file_name: 'apple-iphone-15-ruzova.png',
      source: 'generated',
      media_type: 'image/png',
      width: 1000,
      height: 1000,
    });
    expect(headerOf(await bytesOf(`/media/catalogue/${first.imageId}/card.webp`))).toEqual({
      format: 'webp',
      width: 400,
      height: 400,
    });
  });

  it('documents the upload, the image routes and their refusals in the API reference', async () => {
    const document = (await (await fetchFile('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: object }; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const post = document.paths[UPLOAD]!.post!;
    expect(Object.keys(post.requestBody!.content)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '413', '415']));
    expect(Object.keys(document.paths['/media/catalogue/{id}/{file}']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '304', '404']),
    );
    expect(document.paths[`${UPLOAD}/{id}`]!.get).toBeDefined();
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['CatalogueImage', 'CatalogueImageList']));
  });
});
