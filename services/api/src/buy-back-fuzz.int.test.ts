import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_TEXTS } from '@buyloop/validation/hostile-texts';
import { cookieHeader, czechSale, publishTestCatalogue, signedInStaff, statusLinkIn } from './buy-back-testing';
import { Browser, openShop, type Shop } from './identity/harness';

/**
 * DESIGN.md section 5: no input, however malformed, produces a 500; every
 * refusal is application/problem+json with a stable `code`; and a refused
 * request writes nothing. This sends a fixed, bounded set of malformed
 * requests (wrong JSON types at every field of the valid bodies, hostile
 * strings and keys, truncated JSON, wrong content types, absurd If-Match and
 * Idempotency-Key values, odd paths and query strings, bad grid models) to
 * every buy-back route, and checks each answer and the event log around it.
 * Deterministic: the same requests in the same order on every run.
 */

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Fuzz-Heslo-2026';

// --- hostile values, as JSON text (so that 1e400, -0 and __proto__ keys survive) -------------

const HUGE = 'x'.repeat(120_000);
const ODD_VALUES: readonly (readonly [string, string])[] = [
  ['zero', '0'],
  ['negative', '-1'],
  ['minus zero', '-0'],
  ['fraction', '1.5'],
  ['1e400 (Infinity once parsed)', '1e400'],
  ['beyond safe integers', '9007199254740993'],
  ['true', 'true'],
  ['null', 'null'],
  ['empty array', '[]'],
  ['array of strings', '["a", "b"]'],
  ['array of objects', '[{"a": 1}]'],
  ['empty object', '{}'],
  ['__proto__ object', '{"__proto__": {"polluted": true}}'],
  ['constructor object', '{"constructor": {"prototype": {"polluted": true}}}'],
  ['empty string', '""'],
  ['blank string', '"   \\t\\n "'],
  ['huge string', JSON.stringify(HUGE)],
  ['NUL', '"a\\u0000b"'],
  ['lone surrogate', '"a\\ud800b"'],
  ['lone low surrogate', '"\\udfff"'],
  ['emoji', '"😀👍🏽🇨🇿"'],
  ['bidi and zero-width', '"\\u202eabc\\u200b\\ufeff"'],
  ['ANSI escape', '"\\u001b[31mred\\u0007"'],
  ['numeric string', '"12"'],
  ['"__proto__" string', '"__proto__"'],
  ['"constructor" string', '"constructor"'],
  ['SQL-ish', '"\'; drop table events; --"'],
  ['percent and braces', '"%s %n {0} ${x} {{x}}"'],
];

const SENTINEL = '@@FUZZ_VALUE@@';
type Path = readonly (string | number)[];

/** Every path of a JSON value: each object member, each array element, and the containers themselves. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  if (typeof value === 'object' && value !== null)
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return here;
}

/** The JSON text of `value` with the value at `path` replaced by the raw JSON `fragment`. */
function withValueAt(value: unknown, path: Path, fragment: string): string {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
  parent[path.at(-1)!] = SENTINEL;
  return JSON.stringify(copy).replace(`"${SENTINEL}"`, () => fragment);
}

/** Adds raw members to a JSON object's text. */
const withMembers = (value: unknown, members: string): string => {
  const text = JSON.stringify(value);
  return text === '{}' ? `{${members}}` : `${text.slice(0, -1)},${members}}`;
};

/**
 * `perPath` hostile values at every path of `valid`. The values are taken in
 * turn from one rotation shared by every route, so that even a small body
 * meets most of them, and the run is the same every time.
 */
const STRINGS = ODD_VALUES.filter(([, fragment]) => fragment.startsWith('"'));
const NOT_STRINGS = ODD_VALUES.filter(([, fragment]) => !fragment.startsWith('"'));
const rotation = { strings: 0, others: 0 };
function mutations(
  valid: unknown,
  perPath: number,
  keep: (path: Path) => boolean = () => true,
): { label: string; body: string }[] {
  return pathsOf(valid)
    .filter(keep)
    .flatMap((path) =>
      // Hostile strings and wrong types in turn, a string first: a text field is most interesting with a text in it.
      Array.from({ length: perPath }, (_, k) => {
        const [name, fragment] =
          k % 2 === 0 ? STRINGS[rotation.strings++ % STRINGS.length]! : NOT_STRINGS[rotation.others++ % NOT_STRINGS.length]!;
        return { label: `${path.join('.')} = ${name}`, body: withValueAt(valid, path, fragment) };
      }),
    );
}

/** The same for every body: not JSON, not an object, hostile keys, framing and encodings. */
function envelopeCases(valid: unknown): { label: string; body?: string | Buffer; headers?: Record<string, string> }[] {
  const json = JSON.stringify(valid);
  // The most telling first: routes that take only a few of them take these.
  return [
    { label: 'no body, no content type', headers: { 'content-type': '' } },
    { label: 'truncated JSON', body: json.slice(0, Math.max(1, Math.floor(json.length / 2))) },
    { label: 'JSON array', body: '[]' },
    {
      label: '__proto__ and constructor members',
      body: withMembers(valid, '"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}'),
    },
    { label: 'text/plain with JSON in it', body: json, headers: { 'content-type': 'text/plain' } },
    {
      label: 'form-encoded',
      body: 'a=1&b[c]=2&__proto__[x]=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    { label: 'JSON in latin1', body: json, headers: { 'content-type': 'application/json; charset=latin1' } },
    { label: 'gzip that is not gzip', body: 'definitely not gzip', headers: { 'content-encoding': 'gzip' } },
    { label: 'deeply nested arrays', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
    {
      label: 'duplicate member',
      body: withMembers(valid, `${json.slice(1, json.indexOf(',') > 0 ? json.indexOf(',') : -1) || '"x":1'}`),
    },
    { label: 'unknown member', body: withMembers(valid, '"is_admin":true') },
    { label: 'empty JSON body', body: '' },
    { label: 'JSON null', body: 'null' },
    { label: 'JSON string', body: '"hello"' },
    { label: 'JSON number', body: '42' },
    { label: 'trailing garbage', body: `${json}xyz` },
    {
      label: 'multipart',
      body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
    { label: 'JSON in an unknown charset', body: json, headers: { 'content-type': 'application/json; charset=klingon' } },
    {
      label: 'invalid UTF-8 bytes',
      body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('"}')]),
    },
    { label: 'real gzip', body: gzipSync(Buffer.from(json)), headers: { 'content-encoding': 'gzip' } },
    { label: 'unknown content encoding', body: json, headers: { 'content-encoding': 'x-fuzz' } },
    { label: 'body above the JSON limit', body: JSON.stringify({ a: 'y'.repeat(300_000) }) },
  ];
}

const IF_MATCH_CASES: readonly (readonly [string, string | null])[] = [
  ['no If-Match', null],
  ['If-Match *', '*'],
  ['If-Match not a number', '"abc"'],
  ['If-Match negative', '"-1"'],
  ['If-Match empty', '""'],
  ['If-Match 19 digits', '"9999999999999999999"'],
  ['If-Match 18 digits', '"999999999999999999"'],
  ['If-Match list', '"1", "2"'],
  ['If-Match with NUL-ish escape', '"1\\u0000"'],
  ['If-Match 4 KB', `"${'9'.repeat(4_000)}"`],
  ['If-Match zero (a buy-back that does not exist yet)', '"0"'],
];

/** A valid IMEI (Luhn) that differs from the sold device's. */
function luhnImei(body: string): string {
  const sum = [...body].reverse().reduce((total, digit, i) => {
    const d = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const OTHER_IMEI = luhnImei('35693803564380');

// --- the run --------------------------------------------------------------------------------

interface Probe {
  readonly label: string;
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly as: 'staff' | 'visitor';
  /** JSON text unless headers say otherwise; undefined: no body at all. */
  readonly body?: string | Buffer | undefined;
  readonly headers?: Readonly<Record<string, string>>;
}

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly text: string;
  readonly json: Record<string, unknown> | null;
  readonly headers: Headers;
}

describe.each(engines)('every buy-back route refuses malformed input without a 500 and without writing, on %s', (engine) => {
  let shop: Shop;
  let staff: Browser;
  let visitor: Browser;
  let number: string;
  let token: string;
  let etag: string;
  const violations: string[] = [];
  const seen = { sent: 0, refused: 0, accepted: 0 };
  /** Buy-backs the fuzzing itself created (odd but valid data): their pages are read back at the end. */
  const created = new Set<string>();

  beforeAll(async () => {
    shop = await openShop(engine);
    await publishTestCatalogue(shop);
    // One person holding every buy-back capability: the supervisor alone has them all, the others add nothing but are asked for.
    staff = await signedInStaff(shop, 'fuzz@admin.buyloop.cz', PASSWORD, ['supervisor', 'administrator', 'finance']);
    visitor = await new Browser(shop.base, 'cs').open();

    // One real buy-back, with the token from its confirmation e-mail.
    const sold = await visitor.request('POST', '/api/buyout/sell-online', { body: czechSale() });
    expect(sold.status).toBe(201);
    number = sold.body.buyout_number as string;
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    token = statusLinkIn(mail.text, number).token;
    const detail = await staff.request('GET', `/api/admin/buybacks/${number}`);
    expect(detail.status).toBe(200);
    etag = detail.headers.get('etag')!;
  }, 60_000);
  afterAll(async () => shop?.close());

  async function send(probe: Probe): Promise<Answer> {
    const browser = probe.as === 'staff' ? staff : visitor;
    const headers: Record<string, string> = { 'accept-language': 'cs', cookie: cookieHeader(browser) };
    if (probe.method !== 'GET') headers['x-csrf-token'] = browser.cookies.get('buyloop_csrf') ?? '';
    if (probe.body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(probe.headers ?? {})) {
      if (value === '') delete headers[name];
      else headers[name] = value;
    }
    const before = await shop.events.headPosition();
    const response = await fetch(`${shop.base}${probe.path}`, {
      method: probe.method,
      headers,
      ...(probe.body !== undefined ? { body: probe.body } : {}),
    });
    const buffer = Buffer.from(await response.arrayBuffer());
    const after = await shop.events.headPosition();
    const type = response.headers.get('content-type') ?? '';
    const text = /json|text/.test(type) ? buffer.toString('utf8') : '';
    let json: Record<string, unknown> | null = null;
    try {
      json = /json/.test(type) ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    const name = `${probe.method} ${probe.path.slice(0, 120)} [${probe.label}]`;
    const fault = (what: string) =>
      violations.push(`${name}: ${what} (status ${response.status}, ${type || 'no type'}: ${text.slice(0, 300)})`);
    seen.sent += 1;
    if (response.status >= 500) fault('answered a server error');
    if (response.status >= 400) {
      seen.refused += 1;
      if (!type.startsWith('application/problem+json')) fault('refused without application/problem+json');
      else if (typeof json?.code !== 'string' || json.code === '') fault('problem without a code');
      else if (json.status !== response.status) fault(`problem status ${String(json.status)} differs from the HTTP status`);
    }
    const ok = response.status >= 200 && response.status < 300;
    if (ok) seen.accepted += 1;
    if (response.status === 201 && typeof json?.buyout_number === 'string') created.add(json.buyout_number);
    if (!ok && after !== before) fault(`wrote events (head ${before} → ${after}) although it was refused`);
    // Only staff and the token's holder may ever see the seller: nothing personal in anyone else's answer.
    const tokenHolder = probe.as === 'visitor' && probe.path.includes(encodeURIComponent(token)) && ok;
    if (probe.as === 'visitor' && !tokenHolder && /Dvořák|8503151239|850315\/1239|2000145399|jiri\.dvorak/.test(text))
      fault('showed the seller’s personal data to someone without the token');
    if (tokenHolder && /8503151239|850315\/1239|2000145399/.test(text)) fault('showed an unmasked birth number or account');
    // Keep the If-Match in step with the real buy-back when a command went through.
    if (ok && response.headers.get('etag') && probe.path.startsWith(`/api/admin/buybacks/${number}/`))
      etag = response.headers.get('etag')!;
    return { status: response.status, type, text, json, headers: response.headers };
  }

  /** Sends every envelope case and every per-field mutation of `valid` to one route. */
  async function fuzzBody(
    method: Probe['method'],
    path: string | (() => string),
    as: Probe['as'],
    valid: unknown,
    options: {
      perPath?: number;
      headers?: () => Record<string, string>;
      /** How many of the envelope cases to send (all by default). */
      envelopes?: number;
      paths?: (path: Path) => boolean;
    } = {},
  ): Promise<void> {
    const at = () => (typeof path === 'string' ? path : path());
    const headers = () => options.headers?.() ?? {};
    for (const envelope of envelopeCases(valid).slice(0, options.envelopes))
      await send({
        label: envelope.label,
        method,
        path: at(),
        as,
        body: envelope.body,
        headers: { ...headers(), ...(envelope.headers ?? {}) },
      });
    for (const mutation of mutations(valid, options.perPath ?? 2, options.paths))
      await send({ label: mutation.label, method, path: at(), as, body: mutation.body, headers: headers() });
  }

  it('answers every malformed request below 500, as problem+json with a code, and writes nothing when it refuses', async () => {
    const started = Date.now();
    const sale = czechSale();
    const emailOffer = {
      e_mail: 'eva.novakova@example.cz',
      device_identifier: 'apple-iphone-13-midnight',
      appraisal_version: 3,
      device_condition_choices: ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_no'],
      note: 'Prodám i s krabičkou',
    };

    // 1. The storefront's POSTs (public): every field of the sale and of the e-mailed offer, and the quote.
    await fuzzBody('POST', '/api/buyout/sell-online', 'visitor', sale, { perPath: 2 });
    await fuzzBody('POST', '/api/buyout/send-to-email', 'visitor', emailOffer, { perPath: 3, envelopes: 0 });
    await fuzzBody(
      'POST',
      '/api/buyout/quote',
      'visitor',
      {
        device_identifier: 'apple-iphone-13-blue',
        appraisal_version: 3,
        device_condition_choices: sale.device_condition_choices,
      },
      { perPath: 2, envelopes: 0 },
    );
    for (const [label, key] of [
      ['7 characters', 'abcdefg'],
      ['201 characters', 'k'.repeat(201)],
      ['with a space', 'key with space'],
      ['latin1', 'kl\u00ed\u00e9-12345'],
    ] as const)
      await send({
        label: `Idempotency-Key ${label}`,
        method: 'POST',
        path: '/api/buyout/sell-online',
        as: 'visitor',
        body: JSON.stringify(sale),
        headers: { 'idempotency-key': key },
      });
    // One key, first a refused body, then the same key with another (still refused) body, then the stale price list.
    await send({
      label: 'Idempotency-Key on a refused body',
      method: 'POST',
      path: '/api/buyout/sell-online',
      as: 'visitor',
      body: withValueAt(sale, ['customer_data', 'bank_code'], '"0000"'),
      headers: { 'idempotency-key': 'fuzz-key-0001' },
    });
    await send({
      label: 'stale price list with a key',
      method: 'POST',
      path: '/api/buyout/sell-online',
      as: 'visitor',
      body: withValueAt(sale, ['appraisal_version'], '2'),
      headers: { 'idempotency-key': 'fuzz-key-0002' },
    });

    // 2. The read side with odd paths and query strings.
    const oddNumbers = ['%00', '%E0%A4%A', '..%2F..%2Fetc', '__proto__', 'x'.repeat(41), '%F0%9F%98%80'];
    const oddQueries = [
      '',
      '?token=',
      `?token=${encodeURIComponent(token)}&token=${encodeURIComponent(token)}`,
      '?token[]=a',
      '?token[__proto__]=a',
      '?token=%00',
      '?token=%E0%A4%A',
      `?token=${'t'.repeat(201)}`,
      '?token=wrong-token',
      '?unknown=1',
      '?__proto__=1',
    ];
    for (const odd of oddNumbers) {
      await send({ label: 'odd number', method: 'GET', path: `/api/buyout/${odd}?token=x`, as: 'visitor' });
      await send({ label: 'odd number', method: 'GET', path: `/api/buyout/${odd}/contract.pdf?token=x`, as: 'visitor' });
      await send({ label: 'odd number', method: 'GET', path: `/api/admin/buybacks/${odd}`, as: 'staff' });
      await send({ label: 'odd number', method: 'GET', path: `/api/admin/buybacks/${odd}/contract.pdf`, as: 'staff' });
    }
    for (const [i, query] of oddQueries.entries())
      await send({
        label: 'odd query',
        method: 'GET',
        path: `/api/buyout/${number}${i % 3 === 2 ? '/contract.pdf' : ''}${query}`,
        as: 'visitor',
      });
    await send({
      label: 'the token holder',
      method: 'GET',
      path: `/api/buyout/${number}?token=${encodeURIComponent(token)}`,
      as: 'visitor',
    });
    for (const query of [
      '?from=2026-02-30',
      '?from=0000-01-01&to=9999-12-31',
      '?from=2026-11-22&to=2025-01-01',
      '?from=2026-1-1',
      '?to=2026-11-22T00:00:00Z',
      '?from[]=2026-01-01',
      '?from=%00',
      '?unknown=1',
    ])
      await send({ label: 'daily counts', method: 'GET', path: `/api/admin/buybacks/stats/daily${query}`, as: 'staff' });
    for (const query of [
      '?limit=0',
      '?limit=501',
      '?limit=abc',
      '?offset=-1',
      '?listed=maybe',
      '?imei=abc',
      '?imei=%00',
      '?limit=1e400',
      '?x=1',
    ])
      await send({ label: 'blacklist list', method: 'GET', path: `/api/admin/imei-blacklist${query}`, as: 'staff' });
    for (const query of ['?status=lost', '?limit=-5', '?offset=1.5', '?limit=99999999999999999999', '?x=1'])
      await send({ label: 'mail outbox', method: 'GET', path: `/api/admin/mail${query}`, as: 'staff' });
    for (const model of ['__proto__', 'constructor', 'toString', '%00', 'x'.repeat(500), 'apple-iphone-13%2F..'])
      await send({ label: 'price list', method: 'GET', path: `/api/admin/buyout/price-lists/${model}`, as: 'staff' });
    for (const query of [
      '',
      '?model=__proto__',
      '?model=%00',
      '?model=',
      '?limit=0',
      '?limit=1e400',
      '?limit=-1',
      '?model[]=a',
      '?x=1',
    ])
      await send({
        label: 'price-list history',
        method: 'GET',
        path: `/api/admin/buyout/price-list-history${query}`,
        as: 'staff',
      });
    for (const query of [
      '?type=car',
      '?type=phone&type=tablet',
      '?type[]=phone',
      '?type=__proto__',
      '?manufacturer=%00',
      '?model=' + 'm'.repeat(101),
      '?color=constructor',
      '?device_condition=Z',
      '?x=1',
    ]) {
      const routes = ['manufacturers', 'models', 'colors', 'appraisal', 'selector', 'selector-url'];
      for (const route of [routes[query.length % 6]!, routes[(query.length + 3) % 6]!])
        await send({ label: 'storefront query', method: 'GET', path: `/api/buyout/${route}${query}`, as: 'visitor' });
    }

    // 3. The back office's grid (AG Grid's infinite row model).
    const grid = {
      startRow: 0,
      endRow: 100,
      sortModel: [{ colId: 'created_at', sort: 'desc' }],
      filterModel: {
        status: { filterType: 'set', values: ['submitted'] },
        offered_price: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 100_000 },
        created_at: { filterType: 'date', type: 'greaterThan', dateFrom: '2020-01-01 00:00:00' },
        device_label: { filterType: 'text', type: 'contains', filter: 'iPhone' },
      },
      quick: 'iPhone',
    };
    await fuzzBody('POST', '/api/admin/buybacks/query', 'staff', grid, { perPath: 1, envelopes: 12 });
    for (const [label, body] of [
      [
        'startRow at the safe limit',
        { ...grid, startRow: Number.MAX_SAFE_INTEGER - 1_000, endRow: Number.MAX_SAFE_INTEGER - 900 },
      ],
      ['endRow before startRow', { ...grid, startRow: 100, endRow: 0 }],
      ['a million rows', { ...grid, endRow: 1_000_000 }],
      ['unknown sort column', { ...grid, sortModel: [{ colId: 'sealed_customer', sort: 'asc' }] }],
      ['sort on __proto__', { ...grid, sortModel: [{ colId: '__proto__', sort: 'asc' }] }],
      ['eleven sort keys', { ...grid, sortModel: Array.from({ length: 11 }, () => ({ colId: 'created_at', sort: 'asc' })) }],
      [
        'filter on a hidden field',
        { ...grid, filterModel: { access_token_hash: { filterType: 'text', type: 'equals', filter: 'a' } } },
      ],
      ['filter type mismatch', { ...grid, filterModel: { status: { filterType: 'number', type: 'equals', filter: 1 } } }],
      [
        'date that does not exist',
        { ...grid, filterModel: { created_at: { filterType: 'date', type: 'equals', dateFrom: '2026-02-30' } } },
      ],
      [
        'date at the end of time',
        {
          ...grid,
          filterModel: { created_at: { filterType: 'date', type: 'inRange', dateFrom: '9999-12-30', dateTo: '9999-12-31' } },
        },
      ],
      [
        'inRange without its end',
        { ...grid, filterModel: { offered_price: { filterType: 'number', type: 'inRange', filter: 1 } } },
      ],
      ['set with an unknown status', { ...grid, filterModel: { status: { filterType: 'set', values: ['stolen'] } } }],
      ['text with NUL', { ...grid, filterModel: { imei: { filterType: 'text', type: 'contains', filter: 'a\u0000' } } }],
      ['quick search with NUL', { ...grid, quick: 'a\u0000b' }],
      ['quick search with a lone surrogate', { ...grid, quick: '\ud800' }],
      ['staff_touched set of strings', { ...grid, filterModel: { staff_touched: { filterType: 'set', values: ['yes'] } } }],
    ] as const)
      await send({ label, method: 'POST', path: '/api/admin/buybacks/query', as: 'staff', body: JSON.stringify(body) });

    // 4. Price lists: the whole-list edit and the CSV import.
    const current = await staff.request('GET', '/api/admin/buyout/price-lists/apple-iphone-13');
    expect(current.status).toBe(200);
    const priceList = current.body;
    // Every top-level member, the prices, and the first question's first choice.
    await fuzzBody(
      'PUT',
      '/api/admin/buyout/price-lists/apple-iphone-13',
      'staff',
      { ...priceList, version: 99 },
      {
        perPath: 1,
        envelopes: 8,
        paths: (path) => path.length === 1 || path[0] === 'prices' || (path[1] === 0 && (path.length === 2 || path[3] === 0)),
      },
    );
    const csvHeader = 'model_id;label;price_a_plus;price_a;price_b;price_c;price_d;minimal_buyout_price;bonus_percent';
    for (const [label, csv, type] of [
      ['empty CSV', '', 'text/csv'],
      ['BOM only', '\uFEFF', 'text/csv'],
      ['binary', '\u0000\u0001PK\u0003\u0004', 'text/csv'],
      ['header only', csvHeader, 'text/csv'],
      ['unclosed quote', `${csvHeader}\n"apple-iphone-13;x;1;1;1;1;1;1;1`, 'text/csv'],
      ['unclosed quote in the header', `"model_id;label`, 'text/csv'],
      [
        'formula and huge numbers',
        `${csvHeader}\n=cmd|' /C calc'!A0;x;1e400;99999999999999999999;-0;1.5;NaN;Infinity;1e3`,
        'text/csv',
      ],
      ['__proto__ model', `${csvHeader}\n__proto__;x;1;1;1;1;1;1;1\nconstructor;x;1;1;1;1;1;1;1`, 'text/csv'],
      ['too many cells', `${csvHeader}\napple-iphone-13;x;1;1;1;1;1;1;1;1;1;1`, 'text/csv'],
      ['CSV sent as JSON', JSON.stringify({ csv: csvHeader }), 'application/json'],
      ['CSV sent as octet-stream', csvHeader, 'application/octet-stream'],
      ['CSV in an unknown charset', csvHeader, 'text/csv; charset=klingon'],
      ['a very long line', `${csvHeader}\n${'9'.repeat(500_000)}`, 'text/csv'],
    ] as const)
      await send({
        label,
        method: 'POST',
        path: '/api/admin/buyout/price-lists/import',
        as: 'staff',
        body: csv,
        headers: { 'content-type': type },
      });
    await send({ label: 'CSV without a body', method: 'POST', path: '/api/admin/buyout/price-lists/import', as: 'staff' });

    // 5. The IMEI blacklist.
    await fuzzBody(
      'POST',
      '/api/admin/imei-blacklist',
      'staff',
      { imei: OTHER_IMEI, reason: 'Nahlášeno jako odcizené', source: 'police' },
      {
        perPath: 3,
        envelopes: 8,
      },
    );
    for (const imei of ['%00', 'abc', '__proto__', '1'.repeat(500), '%E0%A4%A', OTHER_IMEI])
      await send({
        label: 'clear an odd IMEI',
        method: 'POST',
        path: `/api/admin/imei-blacklist/${imei}/clear`,
        as: 'staff',
        body: JSON.stringify({ reason: 'x', extra: 1 }),
      });
    await fuzzBody(
      'POST',
      `/api/admin/imei-blacklist/${OTHER_IMEI}/clear`,
      'staff',
      { reason: 'Vráceno' },
      { perPath: 4, envelopes: 0 },
    );

    // 6. The staff commands on the real buy-back: every If-Match oddity, then every field, with the current ETag.
    const staffBodies: readonly (readonly [string, unknown])[] = [
      ['order-pickup', { carrier: 'PPL', pickup_reference: 'PPL-1' }],
      ['receive', { where: 'Praha' }],
      [
        'inspect',
        {
          imei: '490154203237518',
          quality_found: 'B',
          findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo' }],
        },
      ],
      ['release-quarantine', { reason: 'Omyl' }],
      ['report-quarantine', { authority: 'Policie ČR', reference: 'KRPA-1' }],
      ['approve', {}],
      ['revise-offer', { price: 1_000, reasons: [{ question_id: 'display', reason: 'Prasklé sklo' }] }],
      ['return-device', { shipment_reference: 'PPL-2' }],
      ['order-payout', { approval_id: null }],
      ['confirm-payout', { payment_reference: 'VS-1' }],
      ['complete', {}],
      ['cancel', { reason: 'Zákazník si to rozmyslel' }],
    ];
    // A valid body, so that the If-Match is what is judged (the body is read first); none of these is the current version.
    for (const [i, [action, valid]] of staffBodies.entries()) {
      const cases = ['receive', 'inspect', 'cancel'].includes(action)
        ? IF_MATCH_CASES
        : [0, 1, 2].map((k) => IF_MATCH_CASES[(i * 3 + k) % IF_MATCH_CASES.length]!);
      for (const [label, ifMatch] of cases)
        await send({
          label,
          method: 'POST',
          path: `/api/admin/buybacks/${number}/${action}`,
          as: 'staff',
          body: JSON.stringify(valid),
          headers: ifMatch === null ? {} : { 'if-match': ifMatch },
        });
    }
    for (const odd of ['%00', '__proto__', 'x'.repeat(41), '9999999999'])
      await send({
        label: 'odd number with If-Match "0"',
        method: 'POST',
        path: `/api/admin/buybacks/${odd}/cancel`,
        as: 'staff',
        body: JSON.stringify({ reason: 'x' }),
        headers: { 'if-match': '"0"' },
      });
    for (const [action, valid] of staffBodies)
      await fuzzBody('POST', () => `/api/admin/buybacks/${number}/${action}`, 'staff', valid, {
        perPath: 3,
        envelopes: 0,
        headers: () => ({ 'if-match': etag }),
      });
    for (const envelope of envelopeCases({ reason: 'x' }).slice(0, 10))
      await send({
        label: `cancel: ${envelope.label}`,
        method: 'POST',
        path: `/api/admin/buybacks/${number}/cancel`,
        as: 'staff',
        body: envelope.body,
        headers: { 'if-match': etag, ...(envelope.headers ?? {}) },
      });

    // 7. The customer's token actions, on the real buy-back and on ones that do not exist.
    for (const action of ['accept-revised-offer', 'reject-revised-offer', 'cancel'] as const) {
      await fuzzBody(
        'POST',
        `/api/buyout/${number}/${action}`,
        'visitor',
        { token: 'not-the-token' },
        {
          perPath: 6,
          envelopes: action === 'cancel' ? 12 : 0,
        },
      );
      for (const odd of ['%00', '__proto__', 'x'.repeat(41), '9999999999'])
        await send({
          label: 'odd number',
          method: 'POST',
          path: `/api/buyout/${odd}/${action}`,
          as: 'visitor',
          body: JSON.stringify({ token }),
        });
    }
    // Another buy-back's number with this one's token must not work.
    await send({
      label: 'someone else’s number with this token',
      method: 'POST',
      path: `/api/buyout/${String(Number(number) + 1).padStart(10, '0')}/accept-revised-offer`,
      as: 'visitor',
      body: JSON.stringify({ token }),
    });

    // 8. What the odd but accepted data looks like afterwards: every page of every buy-back made on the way, and the real one.
    for (const made of [...created, number]) {
      await send({ label: 'read back', method: 'GET', path: `/api/admin/buybacks/${made}`, as: 'staff' });
      await send({ label: 'read back', method: 'GET', path: `/api/admin/buybacks/${made}/contract.pdf`, as: 'staff' });
    }
    await send({
      label: 'read back',
      method: 'GET',
      path: `/api/buyout/${number}?token=${encodeURIComponent(token)}`,
      as: 'visitor',
    });
    await send({
      label: 'read back',
      method: 'GET',
      path: `/api/buyout/${number}/contract.pdf?token=${encodeURIComponent(token)}`,
      as: 'visitor',
    });
    await send({
      label: 'read back',
      method: 'POST',
      path: '/api/admin/buybacks/query',
      as: 'staff',
      body: JSON.stringify({ startRow: 0, endRow: 1000 }),
    });
    await send({ label: 'read back', method: 'GET', path: '/api/admin/buybacks/stats/daily', as: 'staff' });
    await send({ label: 'read back', method: 'GET', path: '/api/admin/imei-blacklist', as: 'staff' });
    await send({ label: 'read back', method: 'GET', path: '/api/admin/buyout/price-lists.csv', as: 'staff' });
    // Every e-mail those sales and offers asked for left (none failed on odd content).
    for (let i = 0; i < 50; i++) {
      const pending = await staff.request('GET', '/api/admin/mail?status=pending');
      if ((pending.body.outbox as { total: number }).total === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const failed = await staff.request('GET', '/api/admin/mail?status=failed');
    expect((failed.body.outbox as { items: unknown[] }).items).toEqual([]);

    // 9. Mail retry and, last, the right to erasure (it forgets the seller).
    for (const id of ['%00', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', '__proto__'])
      await send({ label: 'retry odd mail id', method: 'POST', path: `/api/admin/mail/${id}/retry`, as: 'staff', body: '{}' });
    for (const odd of ['%00', '__proto__', 'x'.repeat(41), '9999999999'])
      await send({
        label: 'erase an odd number',
        method: 'POST',
        path: `/api/admin/buybacks/${odd}/erase-personal-data`,
        as: 'staff',
        body: '{}',
      });
    await fuzzBody(
      'POST',
      `/api/admin/buybacks/${number}/erase-personal-data`,
      'staff',
      { __fuzz: 1 },
      { perPath: 3, envelopes: 0 },
    );
    for (const envelope of envelopeCases({}).filter((e) => e.body !== undefined && e.headers?.['content-type'] === undefined))
      await send({
        label: `erase: ${envelope.label}`,
        method: 'POST',
        path: `/api/admin/buybacks/${number}/erase-personal-data`,
        as: 'staff',
        body: envelope.body,
        headers: envelope.headers ?? {},
      });

    // The shop still works after all that: a clean sale goes through.
    // (A price list may have been published on the way: sell on the one in force, as the page would.)
    const appraisal = await visitor.request('GET', '/api/buyout/appraisal?color=apple-iphone-13-blue');
    const after = await visitor.request('POST', '/api/buyout/sell-online', {
      body: { ...czechSale(), appraisal_version: (appraisal.body.appraisal as { version: number }).version },
    });
    expect(after.status).toBe(201);

    // Bounded and deterministic: a few hundred requests, most refused, well within the time budget.
    expect(seen.sent).toBeGreaterThan(300);
    expect(seen.sent).toBeLessThan(600);
    expect(seen.refused).toBeGreaterThan(seen.sent / 2);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(violations).toEqual([]);
  }, 120_000);

  /**
   * The outside review's findings 3 and 4: control characters reached the
   * event store (which refused them naming its internals) and direction
   * overrides, zero-width characters and lone surrogates were stored and
   * shown. Every free-text field of every buy-back route gets every family
   * of them and must refuse it itself: 400, problem+json, the text rule's
   * key and its Czech message under the request's own field name, nothing
   * written.
   */
  it('refuses control, direction and invisible characters in every free-text field, under the field’s own name', async () => {
    const failures: string[] = [];
    const stringLeaves = (valid: unknown, except: readonly string[] = []): Path[] =>
      pathsOf(valid).filter((path) => {
        let value: unknown = valid;
        for (const segment of path) value = (value as Record<string | number, unknown>)[segment];
        return typeof value === 'string' && !except.includes(path.join('.'));
      });
    /** Sends one probe as `send` does, or, for a rate-limited route, from a browser at another loopback address. */
    type Sender = (probe: Probe) => Promise<Pick<Answer, 'status' | 'json' | 'text'>>;
    const refuseEveryHostileText = async (
      method: Probe['method'],
      path: () => string,
      as: Probe['as'],
      valid: unknown,
      fields: readonly Path[],
      headers: () => Record<string, string> = () => ({}),
      sender: Sender = send,
    ) => {
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields)
        for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
          const key = field.join('.');
          const answer = await sender({
            label: `${key} = ${name}`,
            method,
            path: path(),
            as,
            body: withValueAt(valid, field, JSON.stringify(text)),
            headers: headers(),
          });
          const errors = (answer.json?.errors ?? {}) as Record<string, string[]>;
          const messages = (answer.json?.messages ?? {}) as Record<string, string[]>;
          if (
            answer.status !== 400 ||
            !errors[key]?.includes('validation.text_characters_invalid') ||
            !messages[key]?.some((message) => /neviditelné nebo řídicí znaky/.test(message))
          )
            failures.push(`${method} ${path()} ${key} = ${name}: ${answer.status} ${answer.text.slice(0, 300)}`);
        }
    };

    const pickup = { district: 'Praha 2', street: 'Karlovo náměstí 5', city: 'Praha', postcode: '120 00', country: 'CZ' };
    const sale = { ...czechSale(), pickup_address: pickup };
    await refuseEveryHostileText('POST', () => '/api/buyout/sell-online', 'visitor', sale, stringLeaves(sale));
    const emailOffer = {
      e_mail: 'eva.novakova@example.cz',
      device_identifier: 'apple-iphone-13-midnight',
      appraisal_version: 3,
      device_condition_choices: ['display_perfect'],
      note: 'Prodám i s krabičkou',
    };
    // E-mailed offers are limited per client address and per recipient, hour by hour of real time, before the body is
    // read: each probe comes from a browser at a loopback address of its own, to an address of its own.
    let offers = 0;
    const offerSender: Sender = async (probe) => {
      offers += 1;
      const browser = await new Browser(shop.base, 'cs', `127.0.9.${offers % 250}`).open();
      const body = JSON.parse(probe.body as string) as Record<string, unknown>;
      if (!probe.label.startsWith('e_mail ')) body.e_mail = `nabidka-${offers}@example.cz`;
      const before = await shop.events.headPosition();
      const answer = await browser.request('POST', probe.path, { body });
      if ((await shop.events.headPosition()) !== before) violations.push(`${probe.label}: wrote events although refused`);
      if (!answer.headers.get('content-type')?.startsWith('application/problem+json'))
        violations.push(`${probe.label}: refused without application/problem+json`);
      return { status: answer.status, json: answer.body, text: JSON.stringify(answer.body) };
    };
    await refuseEveryHostileText(
      'POST',
      () => '/api/buyout/send-to-email',
      'visitor',
      emailOffer,
      stringLeaves(emailOffer),
      () => ({}),
      offerSender,
    );

    const staffBodies: readonly (readonly [string, Record<string, unknown>, readonly string[]])[] = [
      ['order-pickup', { carrier: 'PPL', pickup_reference: 'PPL-1' }, []],
      ['receive', { where: 'Praha' }, []],
      [
        'inspect',
        {
          imei: '490154203237518',
          quality_found: 'B',
          findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo' }],
        },
        ['quality_found'],
      ],
      ['release-quarantine', { reason: 'Omyl' }, []],
      ['report-quarantine', { authority: 'Policie ČR', reference: 'KRPA-1' }, []],
      ['revise-offer', { price: 1_000, reasons: [{ question_id: 'display', reason: 'Prasklé sklo' }] }, []],
      ['return-device', { shipment_reference: 'PPL-2' }, []],
      ['order-payout', { approval_id: 'approval' }, []],
      ['confirm-payout', { payment_reference: 'VS-1' }, []],
      ['cancel', { reason: 'Zákazník si to rozmyslel' }, []],
    ];
    for (const [action, valid, enums] of staffBodies)
      await refuseEveryHostileText(
        'POST',
        () => `/api/admin/buybacks/${number}/${action}`,
        'staff',
        valid,
        stringLeaves(valid, enums),
        () => ({ 'if-match': etag }),
      );

    const blacklisting = { imei: OTHER_IMEI, reason: 'Nahlášeno jako odcizené', source: 'police' };
    await refuseEveryHostileText('POST', () => '/api/admin/imei-blacklist', 'staff', blacklisting, [['reason']]);
    await refuseEveryHostileText('POST', () => `/api/admin/imei-blacklist/${OTHER_IMEI}/clear`, 'staff', { reason: 'Vráceno' }, [
      ['reason'],
    ]);

    // The price-list editor: the model, every text of the first question and its first choice, a default choice.
    const priceList = (await staff.request('GET', '/api/admin/buyout/price-lists/apple-iphone-13')).body;
    const edited = { ...priceList, version: 99 };
    await refuseEveryHostileText(
      'PUT',
      () => '/api/admin/buyout/price-lists/apple-iphone-13',
      'staff',
      edited,
      stringLeaves(edited, ['currency']).filter(
        (path) =>
          path[0] === 'model_id' ||
          (path[0] === 'device_conditions' && path[1] === 0 && ['id', 'name'].includes(String(path[2]))) ||
          (path[0] === 'device_conditions' && path[1] === 0 && path[3] === 0 && ['value', 'label'].includes(String(path[4]))) ||
          (path[0] === 'default_device_condition_choices' && path[1] === 'A' && path[2] === 0),
      ),
    );

    expect(failures).toEqual([]);
    expect(violations).toEqual([]);
  }, 240_000);

  /**
   * Found by this review, kept failing until fixed. The erase route finds the
   * seller's buy-backs in the read model (buy-back.ts, subjectOf), so a sale
   * the projector has not taken in yet keeps its seal under the destroyed key
   * without being marked erased. A signed-in seller is one data subject
   * (`user-<id>`), so their next sale creates a new key for the same subject,
   * and opening the missed sale's seal with it throws in AES-GCM: the back
   * office's grid, the detail, the contract and the customer's status page
   * answer 500 for good. The erasure below is given the list the read model
   * holds at that moment (the missed sale still in flight).
   */
  it('a seller erased while a sale of theirs was on its way, who sells again, leaves no page answering 500', async () => {
    const customerEmail = 'prodavajici@example.cz';
    await shop.identity.service.createAccount(
      { email: customerEmail, password: PASSWORD, roles: ['customer'], kind: 'customer' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    const seller = new Browser(shop.base, 'cs');
    expect((await seller.logIn(customerEmail, PASSWORD)).status).toBe(200);
    const appraisal = await seller.request('GET', '/api/buyout/appraisal?color=apple-iphone-13-blue');
    const version = (appraisal.body.appraisal as { version: number }).version;
    const sell = async () => {
      const sold = await seller.request('POST', '/api/buyout/sell-online', {
        body: { ...czechSale(), appraisal_version: version },
      });
      expect(sold.status).toBe(201);
      return sold.body.buyout_number as string;
    };
    const first = await sell();
    const inFlight = await sell();
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${inFlight}?`), 10_000);
    const inFlightToken = statusLinkIn(mail.text, inFlight).token;
    const subject = (await staff.request('GET', `/api/admin/buybacks/${first}`)).body.subject_id as string;
    expect(subject).toMatch(/^user-/);
    await shop.buyBack.service.erasePersonalData(subject, [first], { actor: { userId: 'test', role: 'supervisor' } });
    await sell();

    const answers = {
      grid: (await staff.request('POST', '/api/admin/buybacks/query', { body: { startRow: 0, endRow: 100 } })).status,
      detail: (await staff.request('GET', `/api/admin/buybacks/${inFlight}`)).status,
      status: (await seller.request('GET', `/api/buyout/${inFlight}?token=${encodeURIComponent(inFlightToken)}`)).status,
    };
    expect(answers).toEqual({ grid: 200, detail: 200, status: 200 });
  }, 60_000);
});
