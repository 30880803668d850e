import { describe, expect, it } from 'vitest';
import type { BuybackEvent } from '../buyback/events';
import type { CustomerData, OfferContact, SellerDetails } from '../buyback/submit/customer-data';
import { buybackHistory } from '../testing';
import { formatDay, renderBuybackMail, type EventData } from './templates';

const dataOf = <T extends BuybackEvent['type']>(event: BuybackEvent, type: T): EventData<T> => {
  if (event.type !== type) throw new Error(`expected ${type}, got ${event.type}`);
  return event.data as EventData<T>;
};

const offer = dataOf(buybackHistory.offerEmailed, 'OfferEmailed');
const submitted = dataOf(buybackHistory.submitted('courier'), 'Submitted');
const revised = dataOf(buybackHistory.revised, 'OfferRevised');
const paid = dataOf(buybackHistory.paid, 'Paid');

const nbsp = (text: string): string => text.replaceAll(' ', '\u00a0');

const contact: OfferContact = { e_mail: 'jana@example.cz', note: null, access_token: 'tok-offer-1' };

const customer: CustomerData = {
  personal_identification_number: '8551011234',
  birth_date: '1985-01-01',
  identity_card_number: '123456789',
  identity_released_by: 'MěÚ Praha 1',
  identity_valid_to: '2030-01-01',
  degree_before_name: null,
  first_name: 'Jana',
  last_name: 'Nováková',
  gender: 'female',
  district: 'Staré Město',
  street: 'Dlouhá 5',
  city: 'Praha',
  country: 'CZ',
  postcode: '110 00',
  phone_number: '+420601123456',
  nationality: 'CZ',
  place_of_birth: 'Brno',
  e_mail: 'jana@example.cz',
  bank_account_full_number: '19-2000145399',
  bank_code: '0800',
};
const seller: SellerDetails = { customer_data: customer, pickup_address: null, access_token: 'tok-sale-1' };

const cz = { market: 'cz', publicUrl: 'https://buyloop.cz' } as const;
const ro = { market: 'ro', publicUrl: 'https://buyloop.ro' } as const;

describe('the access code the look-up form asks for', () => {
  it('is labelled in every e-mail that links to the buy-back, as the form names it', () => {
    const offerMail = renderBuybackMail({ kind: 'offer_emailed', offer, contact }, cz);
    expect(offerMail.text).toContain('Přístupový kód: tok-offer-1');
    expect(offerMail.html).toContain('Přístupový kód: tok-offer-1');
    const sale = renderBuybackMail({ kind: 'submitted', submitted, seller }, cz);
    expect(sale.text).toContain('Přístupový kód: tok-sale-1');
    expect(renderBuybackMail({ kind: 'submitted', submitted, seller }, ro).text).toContain('Codul de acces: tok-sale-1');
    const revisedMail = renderBuybackMail(
      {
        kind: 'offer_revised',
        revised,
        buyback: { buyoutNumber: 'B-1001', deviceLabel: 'iPhone 13 128 GB, Midnight', currency: 'CZK' },
        accessToken: 'tok-sale-1',
      },
      cz,
    );
    expect(revisedMail.text).toContain('Přístupový kód: tok-sale-1');
  });
});

describe('offer e-mail', () => {
  it('names the device, the declared quality and the price in Czech, with the price list note and a link with the token', () => {
    const mail = renderBuybackMail({ kind: 'offer_emailed', offer, contact }, cz);
    expect(mail.subject).toBe(`Nabídka výkupu B-1001: iPhone 13 128 GB, Midnight za ${nbsp('9 000 Kč')}`);
    expect(mail.text).toContain('Zařízení: iPhone 13 128 GB, Midnight');
    expect(mail.text).toContain('Vámi uvedený stav (kvalita): A');
    expect(mail.text).toContain(`Výkupní cena: ${nbsp('9 000 Kč')}`);
    expect(mail.text).toContain('(verze 3)');
    expect(mail.text).toContain('\nhttps://buyloop.cz/vykup/nabidka/B-1001?token=tok-offer-1\n');
    expect(mail.text).not.toContain('Vaše poznámka');
    expect(mail.html).toContain('<a href="https://buyloop.cz/vykup/nabidka/B-1001?token=tok-offer-1">');
  });

  it("quotes the customer's note, escaped in the HTML part and as typed in the plain text", () => {
    const note = '<script>alert("x")</script> & {{price}}';
    const mail = renderBuybackMail({ kind: 'offer_emailed', offer, contact: { ...contact, note } }, cz);
    expect(mail.text).toContain(`Vaše poznámka: ${note}`);
    expect(mail.html).toContain('Vaše poznámka: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; {{price}}');
    expect(mail.html).not.toContain('<script');
  });

  it('escapes a device label and a token that carry markup, and encodes the token in the link', () => {
    const mail = renderBuybackMail(
      {
        kind: 'offer_emailed',
        offer: { ...offer, deviceLabel: 'Phone "X" <b>' },
        contact: { ...contact, access_token: 'a b&"c' },
      },
      cz,
    );
    expect(mail.html).toContain('Zařízení: Phone &quot;X&quot; &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('https://buyloop.cz/vykup/nabidka/B-1001?token=a%20b%26%22c');
    expect(mail.html).toContain('href="https://buyloop.cz/vykup/nabidka/B-1001?token=a%20b%26%22c"');
  });

  it('writes Romanian for the Romanian market, with lei and the Romanian address', () => {
    const mail = renderBuybackMail(
      {
        kind: 'offer_emailed',
        offer: { ...offer, price: 1200, currency: 'RON' },
        contact: { ...contact, note: 'Ecran zgâriat' },
      },
      ro,
    );
    expect(mail.subject).toContain('Oferta de răscumpărare B-1001');
    expect(mail.text).toMatch(/^Bună ziua,\n/);
    expect(mail.text).toContain(`Prețul de răscumpărare: ${nbsp('1.200 lei')}`);
    expect(mail.text).toContain('Nota dumneavoastră: Ecran zgâriat');
    expect(mail.text).toContain('https://buyloop.ro/rascumparare/oferta/B-1001?token=tok-offer-1');
    expect(mail.html).toContain('<html lang="ro">');
  });

  it('takes a trailing slash off the public address', () => {
    const mail = renderBuybackMail({ kind: 'offer_emailed', offer, contact }, { ...cz, publicUrl: 'https://buyloop.cz/' });
    expect(mail.text).toContain('https://buyloop.cz/vykup/nabidka/');
  });

  it('speaks English when asked', () => {
    const mail = renderBuybackMail({ kind: 'offer_emailed', offer, contact }, { ...cz, language: 'en' });
    expect(mail.subject).toMatch(/^Buy-back offer B-1001/);
    expect(mail.text).toContain('Device: iPhone 13 128 GB, Midnight');
  });
});

describe('sale confirmation', () => {
  it('thanks, names number, device, IMEI and price, the courier pickup and the personal status link', () => {
    const mail = renderBuybackMail({ kind: 'submitted', submitted, seller }, cz);
    expect(mail.subject).toBe('Potvrzení výkupu B-1001: iPhone 13 128 GB, Midnight');
    expect(mail.text).toContain('děkujeme, že jste se rozhodli prodat nám své zařízení');
    expect(mail.text).toContain('IMEI zařízení: 356789012345678');
    expect(mail.text).toContain(nbsp('9 000 Kč'));
    expect(mail.text).toContain('kurýra, který si zařízení vyzvedne na adrese Dlouhá 5, Staré Město, 110 00 Praha');
    expect(mail.text).toContain('Cenu vám garantujeme 14 dní od prodeje');
    expect(mail.text).toContain('Odkaz je osobní');
    expect(mail.text).toContain('\nhttps://buyloop.cz/vykup/stav/B-1001?token=tok-sale-1\n');
  });

  it('sends the courier to the separate pickup address when the seller gave one', () => {
    const pickup = { district: null, street: 'Krátká 1', city: 'Brno', postcode: '602 00', country: 'CZ' };
    const mail = renderBuybackMail({ kind: 'submitted', submitted, seller: { ...seller, pickup_address: pickup } }, cz);
    expect(mail.text).toContain('na adrese Krátká 1, 602 00 Brno');
    expect(mail.text).not.toContain('Dlouhá 5');
  });

  it('asks to bring the device to a buy-back centre when that was chosen', () => {
    const atCentre = dataOf(buybackHistory.submitted('centre'), 'Submitted');
    const mail = renderBuybackMail({ kind: 'submitted', submitted: atCentre, seller }, cz);
    expect(mail.text).toContain('přineste zařízení do kteréhokoli výkupního centra Buyloop a uveďte číslo výkupu B-1001');
    expect(mail.text).not.toContain('kurýr');
  });

  it('in Romanian counts the guarantee days in Romanian and links the Romanian status page', () => {
    const mail = renderBuybackMail({ kind: 'submitted', submitted: { ...submitted, price: 1850, currency: 'RON' }, seller }, ro);
    expect(mail.text).toContain('timp de 14 zile de la vânzare');
    expect(mail.text).toContain(nbsp('1.850 lei'));
    expect(mail.text).toContain('https://buyloop.ro/rascumparare/stare/B-1001?token=tok-sale-1');
  });
});

describe('revised offer', () => {
  const buyback = { buyoutNumber: 'B-1001', deviceLabel: 'iPhone 13 128 GB, Midnight', currency: 'CZK' } as const;

  it('gives the old and the new price, every reason, the deadline and the free return', () => {
    const withTwo = { ...revised, reasons: [...revised.reasons, { questionId: 'body', reason: 'Dent <on> the frame' }] };
    const mail = renderBuybackMail({ kind: 'offer_revised', revised: withTwo, buyback, accessToken: 'tok-sale-1' }, cz);
    expect(mail.subject).toBe('Upravená nabídka k výkupu B-1001');
    expect(mail.text).toContain(`Původní cena: ${nbsp('9 000 Kč')}`);
    expect(mail.text).toContain(`Nová cena: ${nbsp('7 000 Kč')}`);
    expect(mail.text).toContain('- Scratched display\n- Dent <on> the frame');
    expect(mail.html).toContain('Dent &lt;on&gt; the frame');
    expect(mail.text).toContain('do 20.11.2026');
    expect(mail.text).toContain('zařízení vám zdarma vrátíme');
    expect(mail.text).toContain('https://buyloop.cz/vykup/stav/B-1001?token=tok-sale-1');
  });

  it("dates the deadline by the market's calendar day", () => {
    // 23:30 UTC is already the next day in Prague and in Bucharest.
    expect(formatDay('2026-11-19T23:30:00.000Z', 'cz')).toBe('20.11.2026');
    expect(formatDay('2026-07-01T21:30:00.000Z', 'cz')).toBe('01.07.2026');
    expect(formatDay('2026-07-01T21:30:00.000Z', 'ro')).toBe('02.07.2026');
  });
});

describe('payout notice', () => {
  const buyback = { buyoutNumber: 'B-1001', deviceLabel: 'iPhone 13 128 GB, Midnight', currency: 'CZK' } as const;

  it('names the amount, the account (masked) and the payment reference', () => {
    const mail = renderBuybackMail({ kind: 'paid', paid, buyback, seller }, cz);
    expect(mail.subject).toBe('Výkup B-1001: peníze jsme odeslali');
    expect(mail.text).toContain(`na bankovní účet …5399/0800 odeslali ${nbsp('9 000 Kč')}`);
    expect(mail.text).toContain('Platební reference: BANK-1');
    expect(mail.text).not.toContain('2000145399');
  });

  it('says "your bank account" when only the offer contact is known', () => {
    const mail = renderBuybackMail({ kind: 'paid', paid, buyback, seller: null }, cz);
    expect(mail.text).toContain(`na váš bankovní účet odeslali ${nbsp('9 000 Kč')}`);
  });

  it('in Romanian shows the end of the IBAN and lei', () => {
    const romanian = {
      ...seller,
      customer_data: { ...customer, bank_account_full_number: 'RO49AAAA1B31007593840000', bank_code: 'AAAA' },
    };
    const mail = renderBuybackMail(
      {
        kind: 'paid',
        paid: { ...paid, amount: 1850, currency: 'RON' },
        buyback: { ...buyback, currency: 'RON' },
        seller: romanian,
      },
      ro,
    );
    expect(mail.text).toContain(`am trimis ${nbsp('1.850 lei')} în contul bancar …0000.`);
    expect(mail.text).toContain('Referința plății: BANK-1');
  });
});
