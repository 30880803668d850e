import PDFDocument from 'pdfkit';
import { translate, type Language } from '@buyloop/i18n';
import { currencyOf, formatMoney, money, settingsOf, type Currency, type Market, type Money } from '@buyloop/kit';
import { formatDate } from '@buyloop/validation';
import { contractBuyers, type ContractBuyer } from './buyer';
import { contractFonts } from './fonts';

export interface PurchaseContractSeller {
  readonly name: string;
  readonly degreeBeforeName: string | null;
  readonly personalIdentificationNumber: string;
  /** ISO date (YYYY-MM-DD) */
  readonly birthDate: string;
  readonly identityCardNumber: string;
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
  /** ISO 3166-1 alpha-2 is printed as the country's name; anything else as given. */
  readonly country: string;
  readonly phone: string;
  readonly email: string;
  /** Printable, e.g. 19-2000145399/0800 or an IBAN */
  readonly bankAccount: string;
}

export interface PurchaseContractInput {
  readonly language: Language;
  readonly market: Market;
  readonly buyoutNumber: string;
  /** ISO date-time of the sale (contract date) */
  readonly concludedAt: string;
  /** null when the seller's data was erased; the contract then says so instead of naming them. */
  readonly seller: PurchaseContractSeller | null;
  readonly device: {
    readonly label: string;
    readonly imei: string;
    readonly serialNumber: string | null;
    readonly declaredQuality: string;
  };
  /** In the market's currency, whole units. */
  readonly price: { readonly amount: number; readonly currency: Currency };
  /** The agreed price changed after inspection (accepted revised offer) */
  readonly revisedPrice?: { readonly amount: number; readonly acceptedAt: string } | null;
}

const MARGIN = { top: 36, bottom: 56, left: 56, right: 56 } as const;
const COLUMN_GAP = 28;
/** Where headings and clauses start, right of their numbers. */
const INDENT = 24;
const INK = '#1d1d1f';
const MUTED = '#6e6e73';
const RULE = '#d2d2d7';
const ACCENT = '#0b4f8a';
const PANEL = '#f4f5f7';
const BODY_SIZE = 9.5;
const BODY_GAP = 2;

/** The calendar day of an instant in the market's zone, so a sale just after midnight carries the customer's date. */
function contractDate(instant: string, market: Market): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`purchase contract: ${instant} is not a date-time`);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: settingsOf(market).timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/**
 * Czech typesetting keeps a one-letter preposition or conjunction (v, k, s,
 * z, o, u, a, i) and the abbreviation "č." off the end of a line; a no-break
 * space after it ties it to the next word, and pdfkit's line breaker honours
 * U+00A0. The lookbehind lets "a v takovém" tie both words.
 */
const tieCzechMonosyllables = (text: string): string => text.replace(/(?<=^|[\s(])(č\.|[aikosuvzAIKOSUVZ]) /g, '$1\u00a0');

function countryName(country: string, language: Language): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** What the contract prints, resolved from the input before any drawing so that bad input fails before a page exists. */
interface ContractContent {
  readonly t: (key: string, params?: Record<string, string | number>) => string;
  readonly language: Language;
  readonly market: Market;
  readonly number: string;
  readonly date: string;
  readonly concludedAt: Date;
  readonly buyer: ContractBuyer;
  readonly seller: PurchaseContractSeller | null;
  readonly device: PurchaseContractInput['device'];
  readonly price: string;
  readonly revision: { readonly original: string; readonly date: string } | null;
}

function contentOf(input: PurchaseContractInput): ContractContent {
  const { language, market } = input;
  if (input.price.currency !== currencyOf(market))
    throw new RangeError(`purchase contract: a ${market} contract is in ${currencyOf(market)}, not ${input.price.currency}`);
  const agreed: Money = money(input.price.amount, input.price.currency);
  const revised = input.revisedPrice ? money(input.revisedPrice.amount, agreed.currency) : null;
  const date = contractDate(input.concludedAt, market);
  return {
    t: (key, params) => {
      const text = translate(key, language, params);
      return language === 'cs' ? tieCzechMonosyllables(text) : text;
    },
    language,
    market,
    number: input.buyoutNumber,
    date,
    concludedAt: new Date(input.concludedAt),
    buyer: contractBuyers[market],
    seller: input.seller,
    device: input.device,
    price: formatMoney(revised ?? agreed),
    revision:
      input.revisedPrice && revised
        ? { original: formatMoney(agreed), date: contractDate(input.revisedPrice.acceptedAt, market) }
        : null,
  };
}

/** A label with its value, or a plain line when the label is empty. */
type PartyLine = readonly [label: string, value: string];

interface PartyBlock {
  readonly caption: string;
  readonly name: string | null;
  readonly note: string | null;
  readonly lines: readonly PartyLine[];
}

function sellerBlock(c: ContractContent): PartyBlock {
  const caption = c.t('buyback.contract.seller');
  const s = c.seller;
  if (!s) return { caption, name: null, note: c.t('buyback.contract.seller_erased'), lines: [] };
  return {
    caption,
    name: [s.degreeBeforeName, s.name].filter((part) => part && part.trim() !== '').join(' '),
    note: null,
    lines: [
      [c.t(c.market === 'ro' ? 'buyback.contract.cnp' : 'buyback.contract.birth_number'), s.personalIdentificationNumber],
      [c.t('buyback.contract.birth_date'), formatDate(s.birthDate)],
      [c.t('buyback.contract.identity_card'), s.identityCardNumber],
      [c.t('buyback.contract.address'), `${s.street}, ${s.postcode} ${s.city}, ${countryName(s.country, c.language)}`],
      [c.t('buyback.contract.phone'), s.phone],
      [c.t('buyback.contract.email'), s.email],
      [c.t('buyback.contract.bank_account'), s.bankAccount],
    ],
  };
}

function buyerBlock(c: ContractContent): PartyBlock {
  return {
    caption: c.t('buyback.contract.buyer'),
    name: c.buyer.name,
    note: null,
    lines: [...c.buyer.addressLines, c.buyer.registration].map((line): PartyLine => ['', line]),
  };
}

/**
 * Drawing helpers over one pdfkit document. Each block measures itself before
 * drawing and starts a new page when it would not fit, so a block is never
 * split across pages and pdfkit's own mid-text page break never fires.
 */
class Layout {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly fonts: { readonly regular: string; readonly bold: string },
  ) {}

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  style(font: 'regular' | 'bold', size: number, color: string = INK): this {
    this.doc.font(this.fonts[font]).fontSize(size).fillColor(color);
    return this;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.x = this.left;
    }
  }

  measure(text: string, font: 'regular' | 'bold', size: number, width: number, lineGap = BODY_GAP): number {
    this.style(font, size);
    return this.doc.heightOfString(text, { width, lineGap });
  }

  rule(y: number, color: string = RULE, thickness = 0.6, x = this.left, width = this.width): void {
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  heading(number: number, text: string): void {
    this.ensureSpace(80);
    this.doc.y += 10;
    const y = this.doc.y;
    this.style('bold', 8.5, ACCENT).doc.text(`${number}`, this.left, y, { width: INDENT, lineBreak: false });
    this.style('bold', 11).doc.text(text, this.left + INDENT, y - 1.5, { width: this.width - INDENT });
    this.rule(this.doc.y + 3);
    this.doc.x = this.left;
    this.doc.y += 8;
  }

  paragraph(text: string, color: string = INK, size = BODY_SIZE): void {
    this.ensureSpace(this.measure(text, 'regular', size, this.width));
    this.style('regular', size, color).doc.text(text, this.left, this.doc.y, { width: this.width, lineGap: BODY_GAP });
    this.doc.y += 4;
  }

  /** A two-column table of label and value, hairlines between rows. */
  table(rows: readonly PartyLine[]): void {
    const labelWidth = Math.round(this.width * 0.36);
    const valueWidth = this.width - labelWidth - 8;
    const padding = 4;
    for (const [label, value] of rows) {
      const height =
        Math.max(this.measure(label, 'regular', 9, labelWidth), this.measure(value, 'bold', BODY_SIZE, valueWidth)) + 2 * padding;
      this.ensureSpace(height);
      const y = this.doc.y;
      this.style('regular', 9, MUTED).doc.text(label, this.left, y + padding + 0.5, { width: labelWidth, lineGap: BODY_GAP });
      this.style('bold', BODY_SIZE).doc.text(value, this.left + labelWidth + 8, y + padding, {
        width: valueWidth,
        lineGap: BODY_GAP,
      });
      this.rule(y + height);
      this.doc.x = this.left;
      this.doc.y = y + height;
    }
    this.doc.y += 8;
  }

  /** Height of a party block, or draws it at (x, y) when `draw` is set. */
  party(block: PartyBlock, x: number, y: number, width: number, draw: boolean): number {
    const { doc } = this;
    let cursor = y;
    if (draw) this.rule(y, ACCENT, 1.4, x, width);
    cursor += 8;
    const caption = block.caption.toLocaleUpperCase();
    if (draw) this.style('bold', 7.5, ACCENT).doc.text(caption, x, cursor, { width, characterSpacing: 0.5, lineBreak: false });
    cursor += 14;
    if (block.name) {
      const height = this.measure(block.name, 'bold', 11.5, width, 1);
      if (draw) this.style('bold', 11.5).doc.text(block.name, x, cursor, { width, lineGap: 1 });
      cursor += height + 5;
    }
    if (block.note) {
      const height = this.measure(block.note, 'regular', BODY_SIZE, width);
      if (draw) this.style('regular', BODY_SIZE, MUTED).doc.text(block.note, x, cursor, { width, lineGap: BODY_GAP });
      cursor += height + 4;
    }
    for (const [label, value] of block.lines) {
      const prefix = label ? `${label}: ` : '';
      const height = this.measure(prefix + value, 'regular', 9, width, 1.5);
      if (draw) {
        this.style('regular', 9, MUTED);
        if (prefix) doc.text(prefix, x, cursor, { width, lineGap: 1.5, continued: true }).fillColor(INK).text(value);
        else this.style('regular', 9).doc.text(value, x, cursor, { width, lineGap: 1.5 });
      }
      cursor += height + 1.5;
    }
    return cursor - y;
  }

  parties(blocks: readonly [PartyBlock, PartyBlock]): void {
    const width = (this.width - COLUMN_GAP) / 2;
    const xs = [this.left, this.left + width + COLUMN_GAP] as const;
    const height = Math.max(...blocks.map((block, i) => this.party(block, xs[i] ?? this.left, 0, width, false)));
    this.ensureSpace(height);
    const y = this.doc.y;
    blocks.forEach((block, i) => this.party(block, xs[i] ?? this.left, y, width, true));
    this.doc.x = this.left;
    this.doc.y = y + height;
  }

  /** The price on a light panel, label left and amount right, so it is the first thing the eye finds. */
  pricePanel(label: string, amount: string): void {
    const height = 34;
    this.ensureSpace(height + 8);
    const y = this.doc.y;
    this.doc.save().rect(this.left, y, this.width, height).fill(PANEL).restore();
    this.style('regular', BODY_SIZE, MUTED).doc.text(label, this.left + 14, y + 12, {
      width: this.width / 2,
      lineBreak: false,
    });
    this.style('bold', 16).doc.text(amount, this.left + this.width / 2, y + 8, {
      width: this.width / 2 - 14,
      align: 'right',
      lineBreak: false,
    });
    this.doc.x = this.left;
    this.doc.y = y + height + 6;
  }

  /** Clauses numbered within their article (3.1, 3.2 …), so one can be cited unambiguously. */
  clauses(article: number, items: readonly string[]): void {
    items.forEach((item, i) => {
      this.ensureSpace(this.measure(item, 'regular', BODY_SIZE, this.width - INDENT) + 6);
      const y = this.doc.y;
      this.style('bold', BODY_SIZE, ACCENT).doc.text(`${article}.${i + 1}`, this.left, y, { width: INDENT, lineBreak: false });
      this.style('regular', BODY_SIZE).doc.text(item, this.left + INDENT, y, {
        width: this.width - INDENT,
        lineGap: BODY_GAP,
      });
      this.doc.x = this.left;
      this.doc.y += 4;
    });
  }

  signatures(dateLine: string, parties: readonly [PartyBlock, PartyBlock]): void {
    // Room for a handwritten signature between the date and the lines, and for the captions under them.
    const signatureRoom = 36;
    const captions = 28;
    this.ensureSpace(8 + this.measure(dateLine, 'regular', BODY_SIZE, this.width) + signatureRoom + captions);
    this.doc.y += 8;
    this.style('regular', BODY_SIZE).doc.text(dateLine, this.left, this.doc.y, { width: this.width });
    const lineY = this.doc.y + signatureRoom;
    const width = (this.width - COLUMN_GAP * 2) / 2;
    const xs = [this.left, this.left + width + COLUMN_GAP * 2] as const;
    parties.forEach((block, i) => {
      const x = xs[i] ?? this.left;
      this.rule(lineY, INK, 0.7, x, width);
      this.style('bold', 8.5).doc.text(block.caption, x, lineY + 6, { width, lineBreak: false });
      if (block.name) this.style('regular', 8.5, MUTED).doc.text(block.name, x, lineY + 18, { width });
    });
    this.doc.x = this.left;
    this.doc.y = lineY + captions;
  }

  /** Footers go in after the body because "page 1 of N" needs N; pages are buffered for that. */
  footers(left: string, pageLabel: (page: number, pages: number) => string): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      // Text below the bottom margin would make pdfkit open a new page; the footer lives there on purpose.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 36;
      this.rule(y - 8);
      this.style('regular', 7.5, MUTED);
      doc.text(left, this.left, y, { width: this.width * 0.7, lineBreak: false });
      doc.text(pageLabel(index - range.start + 1, range.count), this.left, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = margin;
    }
  }
}

function draw(layout: Layout, c: ContractContent): void {
  const { doc } = layout;
  const title = c.t('buyback.contract.title', { number: c.number });

  const top = doc.y;
  layout.style('bold', 13, ACCENT).doc.text('Buyloop', layout.left, top, { lineBreak: false });
  doc.y = top + 24;
  layout.style('bold', 16.5).doc.text(title, layout.left, doc.y, { width: layout.width, lineGap: 2 });
  doc.y += 3;
  layout.style('regular', 10.5, MUTED).doc.text(c.t('buyback.contract.concluded', { date: c.date }), layout.left, doc.y, {
    width: layout.width,
  });
  doc.y += 16;

  const seller = sellerBlock(c);
  const buyer = buyerBlock(c);
  layout.parties([seller, buyer]);

  layout.heading(1, c.t('buyback.contract.device_heading'));
  layout.paragraph(c.t('buyback.contract.device_intro'));
  doc.y += 2;
  layout.table([
    [c.t('buyback.contract.device'), c.device.label],
    [c.t('buyback.contract.imei'), c.device.imei],
    [c.t('buyback.contract.serial_number'), c.device.serialNumber ?? c.t('buyback.contract.serial_number_none')],
    [c.t('buyback.contract.declared_quality'), c.device.declaredQuality],
  ]);

  layout.heading(2, c.t('buyback.contract.price_heading'));
  layout.pricePanel(c.t('buyback.contract.price'), c.price);
  if (c.revision)
    layout.paragraph(c.t('buyback.contract.price_revised', { original: c.revision.original, date: c.revision.date }), MUTED, 9);
  layout.paragraph(
    c.seller ? c.t('buyback.contract.payment', { account: c.seller.bankAccount }) : c.t('buyback.contract.payment_erased'),
  );

  layout.heading(3, c.t('buyback.contract.terms_heading'));
  layout.clauses(3, [
    c.t('buyback.contract.term_ownership'),
    c.t('buyback.contract.term_transfer'),
    c.t('buyback.contract.term_inspection'),
    c.t('buyback.contract.term_personal_data'),
  ]);

  layout.signatures(c.t('buyback.contract.signed_on', { date: c.date }), [seller, buyer]);
  layout.footers(`${c.buyer.name} · ${title}`, (page, pages) => c.t('buyback.contract.page', { page, pages }));
}

/**
 * The purchase contract for a used device bought from a consumer, as an A4
 * PDF in the customer's language with DejaVu Sans embedded (subset), so Czech
 * and Romanian names print as written. The price is the accepted revised
 * price when there is one, with the original named beside it. Rejects with a
 * RangeError on an unparsable date or a currency foreign to the market, and
 * with ValidationError `money.not_whole` on a fractional amount.
 */
export async function renderPurchaseContract(input: PurchaseContractInput): Promise<Buffer> {
  const content = contentOf(input);
  const fonts = contractFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGIN },
    // The default would load Helvetica, which is never drawn but would still be listed in the file.
    font: fonts.regular,
    bufferPages: true,
    lang: content.language,
    displayTitle: true,
    info: {
      // Straight from the catalogue: the no-break spaces of the Czech page text have no business in a viewer's title bar.
      Title: translate('buyback.contract.title', input.language, { number: input.buyoutNumber }),
      Subject: translate('buyback.contract.subject', input.language),
      Author: 'Buyloop',
      Creator: 'Buyloop',
      CreationDate: content.concludedAt,
    },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(new Layout(doc, fonts), content);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
