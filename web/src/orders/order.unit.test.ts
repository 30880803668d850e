import { describe, expect, it } from 'vitest';
import { awaitsTransfer, bankTransferOf, cancellable, qrSource, totalOf } from './order';

describe('the order status page', () => {
  it('offers cancelling until the order is shipped, or as the order says', () => {
    expect(cancellable({ status: 'awaiting_payment' })).toBe(true);
    expect(cancellable({ status: 'paid' })).toBe(true);
    expect(cancellable({ status: 'shipped' })).toBe(false);
    expect(cancellable({ status: 'cancelled' })).toBe(false);
    expect(cancellable({ status: 'paid', cancellable: false })).toBe(false);
  });

  it('shows the bank details while a transfer is awaited', () => {
    const payment = { method: 'bank_transfer', status: 'pending' };
    expect(awaitsTransfer({ status: 'awaiting_payment', payment })).toBe(true);
    expect(awaitsTransfer({ status: 'paid', payment: { ...payment, status: 'paid' } })).toBe(false);
    expect(awaitsTransfer({ status: 'cancelled', payment })).toBe(false);
    expect(awaitsTransfer({ status: 'awaiting_payment', payment: { method: 'card', status: 'pending' } })).toBe(false);
  });

  it('makes the QR code a picture the page can show', () => {
    expect(qrSource('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(qrSource('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
    );
    expect(qrSource('javascript:alert(1)')).toBeNull();
    expect(qrSource(undefined)).toBeNull();
  });

  it('takes kept bank details only when they are complete, and finds the total', () => {
    expect(bankTransferOf({ iban: 'CZ65', variable_symbol: '6000000123', amount: 100 })).toMatchObject({ iban: 'CZ65' });
    expect(bankTransferOf({ iban: 'CZ65' })).toBeNull();
    expect(bankTransferOf(null)).toBeNull();
    expect(totalOf({ total: 13490 })).toBe(13490);
    expect(totalOf({ grand_total: 990 })).toBe(990);
    expect(totalOf({})).toBeNull();
  });
});
