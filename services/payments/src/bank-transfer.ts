import QRCode from 'qrcode';
import type { Currency, Market } from '@buyloop/kit';

/** Where buyers send bank transfers: the shop's account per market (the sandbox bank's; a setting once a real bank is wired). */
export interface BankAccount {
  readonly iban: string;
  /** The account as people write it at home: 19-2000145399/0800 in Czechia, the IBAN in Romania. */
  readonly account: string;
  readonly beneficiary: string;
}

export const SANDBOX_ACCOUNTS: Readonly<Record<Market, BankAccount>> = {
  cz: { iban: 'CZ6508000000192000145399', account: '19-2000145399/0800', beneficiary: 'Buyloop s.r.o.' },
  ro: { iban: 'RO49AAAA1B31007593840000', account: 'RO49AAAA1B31007593840000', beneficiary: 'Buyloop SRL' },
};

export interface BankTransferDetails {
  readonly iban: string;
  readonly account: string;
  readonly variable_symbol: string;
  readonly amount: number;
  readonly currency: Currency;
  readonly qr_text: string;
  readonly qr_svg: string;
}

/** SPAYD allows only these in a value (its own `*` separates fields); a message is at most 60 characters. */
const spaydValue = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,/-]/g, '')
    .slice(0, 60);

/**
 * The QR payment code's text: on cz the Czech banks' Short Payment
 * Descriptor (SPAYD 1.0, what every Czech banking app scans); Romanian banks
 * share no such standard, so on ro the text a buyer copies into a transfer.
 */
export function paymentText(
  market: Market,
  account: BankAccount,
  orderNumber: string,
  amount: number,
  currency: Currency,
): string {
  if (market === 'cz')
    return `SPD*1.0*ACC:${account.iban}*AM:${amount}.00*CC:${currency}*X-VS:${orderNumber}*MSG:${spaydValue(`Objednavka ${orderNumber}`)}`;
  return `IBAN: ${account.iban}\nBeneficiar: ${account.beneficiary}\nSuma: ${amount}.00 ${currency}\nReferinta: ${orderNumber}`;
}

export async function bankTransferDetails(
  market: Market,
  account: BankAccount,
  orderNumber: string,
  amount: number,
  currency: Currency,
): Promise<BankTransferDetails> {
  const qrText = paymentText(market, account, orderNumber, amount, currency);
  const svg = await QRCode.toString(qrText, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    iban: account.iban,
    account: account.account,
    variable_symbol: orderNumber,
    amount,
    currency,
    qr_text: qrText,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
