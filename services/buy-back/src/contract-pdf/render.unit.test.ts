import { extractText, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatMoney, ValidationError } from '@buyloop/kit';
import { renderPurchaseContract, type PurchaseContractInput, type PurchaseContractSeller } from './render';

/** Just before midnight UTC, already the next day in Prague and Bucharest: the printed date must be the local one. */
const concludedAt = '2026-03-11T23:30:00Z';

const czechSeller: PurchaseContractSeller = {
  name: 'Jiří Řezníček',
  degreeBeforeName: 'Ing.',
  personalIdentificationNumber: '8501011238',
  birthDate: '1985-01-01',
  identityCardNumber: '203948571',
  street: 'Údolní 12',
  city: 'Brno',
  postcode: '602 00',
  country: 'CZ',
  phone: '+420777123456',
  email: 'jiri.reznicek@example.cz',
  bankAccount: '19-2000145399/0800',
};

const romanianSeller: PurchaseContractSeller = {
  name: 'Ștefan Țăranu',
  degreeBeforeName: null,
  personalIdentificationNumber: '1850101400011',
  birthDate: '1985-01-01',
  identityCardNumber: 'RX 123456',
  street: 'Str. Mihai Eminescu 5',
  city: 'Iași',
  postcode: '700001',
  country: 'RO',
  phone: '+40721234567',
  email: 'stefan.taranu@example.ro',
  bankAccount: 'RO49 AAAA 1B31 0075 9384 0000',
};

const device = {
  label: 'Apple iPhone 13 128 GB Midnight',
  imei: '356938035643809',
  serialNumber: 'F2LXK0ABCD12',
  declaredQuality: 'B',
};

const czech: PurchaseContractInput = {
  language: 'cs',
  market: 'cz',
  buyoutNumber: 'VK-2026-000123',
  concludedAt,
  seller: czechSeller,
  device,
  price: { amount: 9000, currency: 'CZK' },
};

const romanian: PurchaseContractInput = {
  language: 'ro',
  market: 'ro',
  buyoutNumber: 'VK-2026-000456',
  concludedAt,
  seller: romanianSeller,
  device: { ...device, serialNumber: null },
  price: { amount: 1200, currency: 'RON' },
};

/**
 * The text a reader would copy out of the PDF, with every run of white space
 * as one space: line breaks fall where the layout puts them, and the no-break
 * spaces of prices and of the Czech texts' one-letter words come out as
 * spaces anyway.
 */
async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  // pdf.js may detach the buffer it is given, so it gets a copy.
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

/** Intl separates digit groups and the currency with U+00A0. */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

describe('renderPurchaseContract', () => {
  it('writes a Czech contract with the number, the parties, the device, the price and the local date', async () => {
    const pdf = await renderPurchaseContract(czech);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await textOf(pdf);

    expect(pages).toBe(1);
    expect(text).toContain('Kupní smlouva č. VK-2026-000123');
    expect(text).toContain('12.03.2026');
    expect(text).not.toContain('11.03.2026');
    expect(text).toContain('Ing. Jiří Řezníček');
    expect(text).toContain('Rodné číslo: 8501011238');
    expect(text).toContain('01.01.1985');
    expect(text).toContain('Údolní 12, 602 00 Brno, Česko');
    expect(text).toContain('356938035643809');
    expect(text).toContain('F2LXK0ABCD12');
    expect(text).toContain(plain(formatMoney({ amount: 9000, currency: 'CZK' })));
    expect(text).toContain('9 000 Kč');
    expect(text).toContain('19-2000145399/0800');
    expect(text).toContain('Buyloop s.r.o.');
    expect(text).toContain('IČO 12345678');
    expect(text).toContain('PRODÁVAJÍCÍ');
    expect(text).toContain('zpracovává osobní údaje prodávajícího');
    expect(text).toContain('(GDPR)');
    expect(text).toContain('Strana 1 z 1');
  });

  it('writes a Romanian contract in Romanian with comma-below ș and ț and the price in lei', async () => {
    const { text, pages } = await textOf(await renderPurchaseContract(romanian));

    expect(pages).toBe(1);
    expect(text).toContain('Contract de vânzare-cumpărare nr. VK-2026-000456');
    expect(text).toContain('încheiat la data de 12.03.2026');
    expect(text).toContain('Ștefan Țăranu');
    expect(text).toContain('CNP: 1850101400011');
    expect(text).toContain('Iași, România');
    expect(text).toContain('356938035643809');
    expect(text).toContain('Număr de serie nespecificat');
    // ro-RO groups thousands with a dot; "lei" is the narrow symbol, not "RON".
    expect(text).toContain(plain(formatMoney({ amount: 1200, currency: 'RON' })));
    expect(text).toContain('1.200 lei');
    expect(text).not.toContain('RON');
    expect(text).toContain('RO49 AAAA 1B31 0075 9384 0000');
    expect(text).toContain('Buyloop Romania S.R.L.');
    expect(text).toContain('CUI RO12345678');
    expect(text).toContain('Pagina 1 din 1');
  });

  it('names the seller and the shop in the language the customer chose, in the market of the sale', async () => {
    const { text } = await textOf(await renderPurchaseContract({ ...romanian, language: 'en' }));
    expect(text).toContain('Purchase contract No. VK-2026-000456');
    expect(text).toContain('concluded on 12.03.2026');
    expect(text).toContain('Personal numeric code (CNP): 1850101400011');
    expect(text).toContain('1.200 lei');
    expect(text).toContain('Buyloop Romania S.R.L.');
  });

  it('prints the erased notice and no personal data when the seller was erased', async () => {
    const { text } = await textOf(await renderPurchaseContract({ ...czech, seller: null }));

    expect(text).toContain('Osobní údaje byly vymazány.');
    expect(text).not.toContain('Rodné číslo');
    expect(text).not.toContain('8501011238');
    expect(text).not.toContain('Řezníček');
    expect(text).not.toContain('19-2000145399');
    expect(text).toContain('na bankovní účet, který prodávající uvedl');
    // The rest of the contract stands.
    expect(text).toContain('VK-2026-000123');
    expect(text).toContain('356938035643809');
    expect(text).toContain('9 000 Kč');
    expect(text).toContain('Buyloop s.r.o.');
  });

  it('states the accepted revised price as the price, with the original one and the day it was accepted', async () => {
    const { text } = await textOf(
      await renderPurchaseContract({ ...czech, revisedPrice: { amount: 7500, acceptedAt: '2026-03-15T09:12:00Z' } }),
    );
    expect(text).toMatch(/Sjednaná kupní cena 7 500 Kč/);
    expect(text).toContain('Původně sjednaná cena 9 000 Kč byla po kontrole zařízení upravena');
    expect(text).toContain('přijal dne 15.03.2026');
  });

  it('sets the title, the author and the creation date in the metadata', async () => {
    const pdf = await renderPurchaseContract(czech);
    const { info } = await getMeta(new Uint8Array(pdf), { parseDates: true });
    expect(info.Title).toBe('Kupní smlouva č. VK-2026-000123');
    expect(info.Author).toBe('Buyloop');
    expect(info.CreationDate).toEqual(new Date(concludedAt));
  });

  it('embeds a subset of DejaVu Sans and uses no standard font', async () => {
    const source = (await renderPurchaseContract(romanian)).toString('latin1');
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(source).toContain('/FontFile2');
    expect(source).not.toMatch(/Helvetica|Times|Courier/);
  });

  it('moves what does not fit to a further page and numbers every page', async () => {
    const long = 'Pouzdro, nabíječka, dva kabely, krabice, návod, nálepky a ochranné sklo na displeji. '.repeat(12);
    const { text, pages } = await textOf(
      await renderPurchaseContract({ ...czech, device: { ...device, label: `Apple iPhone 13 (${long})` } }),
    );
    expect(pages).toBe(2);
    expect(text).toContain('Strana 1 z 2');
    expect(text).toContain('Strana 2 z 2');
    expect(text).toContain('Prodávající');
  });

  it('refuses a fractional amount, a currency foreign to the market and an unreadable date', async () => {
    await expect(renderPurchaseContract({ ...czech, price: { amount: 9000.5, currency: 'CZK' } })).rejects.toThrow(
      ValidationError,
    );
    await expect(
      renderPurchaseContract({ ...czech, revisedPrice: { amount: 7000.5, acceptedAt: concludedAt } }),
    ).rejects.toMatchObject({ code: 'money.not_whole' });
    await expect(renderPurchaseContract({ ...czech, price: { amount: 9000, currency: 'RON' } })).rejects.toThrow(RangeError);
    await expect(renderPurchaseContract({ ...czech, concludedAt: 'yesterday' })).rejects.toThrow(RangeError);
  });
});
