import { describe, expect, it } from 'vitest';
import { project, recorded } from '../spec';
import { orderSummary } from './order-summary';

describe('order summary projection', () => {
  it('given placed, two items and payment, one paid document with the total', () => {
    const documents = project(orderSummary(), [
      recorded('OrderPlaced', { orderId: 'o1', customer: 'Jiří Křížek' }),
      recorded('ItemAdded', { orderId: 'o1', sku: 'IPH15', quantity: 1, price: 18990 }),
      recorded('ItemAdded', { orderId: 'o1', sku: 'CASE', quantity: 2, price: 390 }),
      recorded('OrderPaid', { orderId: 'o1' }),
      recorded('SomethingElse', { orderId: 'o1' }),
    ]);
    expect([...documents.keys()]).toEqual(['o1']);
    expect(documents.get('o1')).toMatchObject({ customer: 'Jiří Křížek', status: 'paid', total: 19770, events: 4 });
  });

  it('given a cancellation, no document', () => {
    const documents = project(orderSummary(), [
      recorded('OrderPlaced', { orderId: 'o2', customer: 'Ana Ștefănescu' }),
      recorded('OrderCancelled', { orderId: 'o2' }),
    ]);
    expect(documents.size).toBe(0);
  });
});
