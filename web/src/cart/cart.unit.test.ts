import { describe, expect, it } from 'vitest';
import { formatMoney } from '../app/format';
import { canonicalPath, matchRoute, pageType, routePatterns } from '../app/routes';
import { addRequest, clampQuantity, removesPackage, setsOwnQuantity } from './cart';
import { discountRequest, emptyDiscount } from './discount';

describe('the cart’s addresses', () => {
  it('names the cart, the checkout and an order in the market’s language', () => {
    expect(matchRoute('cz', '/kosik', '')).toEqual({ page: 'cart' });
    expect(matchRoute('ro', '/cos', '')).toEqual({ page: 'cart' });
    expect(matchRoute('cz', '/pokladna', '')).toEqual({ page: 'checkout' });
    expect(matchRoute('ro', '/finalizare-comanda/', '')).toEqual({ page: 'checkout' });
    expect(matchRoute('cz', '/objednavka/6000000123', '?token=abc')).toEqual({
      page: 'order',
      number: '6000000123',
      token: 'abc',
    });
    expect(matchRoute('ro', '/comanda/6000000123', '')).toEqual({ page: 'order', number: '6000000123', token: '' });
  });

  it('leaves what is no order number to the 404 page, and the other market’s slugs to categories', () => {
    expect(matchRoute('cz', '/objednavka/a%20b', '')).toBeNull();
    expect(matchRoute('cz', '/objednavka/1/2', '')).toBeNull();
    expect(matchRoute('cz', '/cos', '')).toEqual({ page: 'category', seo: 'cos', filters: {} });
  });

  it('keeps an order’s page out of canonical links and registers its path', () => {
    expect(canonicalPath('cz', { page: 'cart' })).toBe('/kosik');
    expect(canonicalPath('ro', { page: 'checkout' })).toBe('/finalizare-comanda');
    expect(canonicalPath('cz', { page: 'order', number: '1', token: 't' })).toBeNull();
    expect(pageType({ page: 'order', number: '1', token: 't' })).toBe('home_page');
    expect(routePatterns('ro')).toContain('/comanda/:number');
  });
});

describe('adding to the cart', () => {
  it('takes whole pieces within the cart’s limits', () => {
    expect(clampQuantity('3')).toBe(3);
    expect(clampQuantity('0')).toBe(1);
    expect(clampQuantity('-4')).toBe(1);
    expect(clampQuantity('250')).toBe(10);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
  });

  it('sends the insurance and the warranty extension only when chosen', () => {
    expect(addRequest({ product: 'IPH15', quantity: '2', insurance: '', warranty: '' })).toEqual({
      product: 'IPH15',
      quantity: 2,
    });
    expect(addRequest({ product: 'IPH15', quantity: '1', insurance: 'INS-1', warranty: '12' })).toEqual({
      product: 'IPH15',
      quantity: 1,
      insurance_id: 'INS-1',
      warranty_months: 12,
    });
  });

  it('asks before removing a device with its package; services follow their device’s pieces', () => {
    expect(removesPackage({ children: [] })).toBe(false);
    expect(removesPackage({ children: [{} as never] })).toBe(true);
    expect(setsOwnQuantity('device')).toBe(true);
    expect(setsOwnQuantity('accessory')).toBe(true);
    expect(setsOwnQuantity('insurance')).toBe(false);
    expect(setsOwnQuantity('warranty_extension')).toBe(false);
  });
});

describe('the discount form', () => {
  it('sends a code trimmed, and refuses an empty one', () => {
    expect(discountRequest({ ...emptyDiscount, code: '  JARO10 ' })).toEqual({ ok: true, request: { code: 'JARO10' } });
    expect(discountRequest(emptyDiscount)).toEqual({ ok: false, missing: ['code'] });
  });

  it('needs both the ISIC card’s number and its holder’s name', () => {
    const isic = { ...emptyDiscount, kind: 'isic' as const };
    expect(discountRequest(isic)).toEqual({ ok: false, missing: ['card_number', 'card_holder'] });
    expect(discountRequest({ ...isic, card_number: 'S 420 123 456 789 A' })).toEqual({ ok: false, missing: ['card_holder'] });
    expect(discountRequest({ ...isic, card_number: 'S 420 123 456 789 A', card_holder: ' Jana   Nováková ' })).toEqual({
      ok: true,
      request: { card_number: 'S420123456789A', card_holder: 'Jana Nováková' },
    });
  });
});

describe('money in the cart', () => {
  it('shows whole crowns and lei', () => {
    expect(formatMoney(12990, 'CZK', 'cs-CZ')).toBe('12\u00a0990\u00a0Kč');
    expect(formatMoney(2499, 'RON', 'ro-RO')).toMatch(/^2\.499\u00a0lei$/i);
  });
});
