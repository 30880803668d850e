import { describe, expect, it } from 'vitest';
import { methodFor, paymentMethodsFor } from './methods';

describe('payments by delivery', () => {
  it('offers cash on delivery only with a courier or a pickup point, at the market’s fee', () => {
    const available = (delivery: Parameters<typeof paymentMethodsFor>[0]) =>
      paymentMethodsFor(delivery, 'cz', 'cs')
        .filter((method) => method.available)
        .map((method) => method.code);
    expect(available('courier')).toContain('cash_on_delivery');
    expect(available('pickup_point')).toContain('cash_on_delivery');
    expect(available('store_pickup')).not.toContain('cash_on_delivery');
    expect(available('electronic')).toEqual(['card', 'bank_transfer']);
    expect(paymentMethodsFor('courier', 'ro', 'ro').find((m) => m.code === 'cash_on_delivery')).toEqual({
      code: 'cash_on_delivery',
      name: 'Ramburs',
      fee: 9,
      currency: 'RON',
      available: true,
    });
  });

  it('quotes a method that goes with the delivery and refuses others, unknown ones included', () => {
    expect(methodFor('cash_on_delivery', 'courier', 'cz')).toEqual({ method: 'cash_on_delivery', fee: 39 });
    expect(methodFor('cash_on_delivery', 'electronic', 'cz')).toBeNull();
    expect(methodFor('bitcoin', 'courier', 'cz')).toBeNull();
    expect(methodFor('card', 'toString', 'cz')).toBeNull();
  });
});
