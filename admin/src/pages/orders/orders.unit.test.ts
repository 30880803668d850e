import { describe, expect, it } from 'vitest';
import { actionBody, codeLabel, offeredActions, orderGridUrl } from './orders';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the order grids’ requests', () => {
  it('sends the sort the API knows, the statuses as a set filter and a whole order number', () => {
    const url = orderGridUrl(
      '/api/admin/orders',
      { startRow: 100, endRow: 200 },
      [
        { colId: 'customer_name', sort: 'asc' },
        { colId: 'total', sort: 'desc' },
      ],
      { statuses: ['confirmed', 'paid'], number: ' 6123456789 ', unfinished: true },
    );
    expect(url.startsWith('/api/admin/orders?')).toBe(true);
    const params = query(url);
    expect(params).toMatchObject({ startRow: '100', endRow: '200', unfinished: 'true' });
    expect(JSON.parse(params.sortModel!)).toEqual([{ colId: 'total', sort: 'desc' }]);
    expect(JSON.parse(params.filterModel!)).toEqual({
      number: { filterType: 'text', type: 'equals', filter: '6123456789' },
      status: { filterType: 'set', values: ['confirmed', 'paid'] },
    });
  });

  it('leaves out a number still being typed, and every filter nobody set', () => {
    const params = query(
      orderGridUrl('/api/admin/order-deliveries', { startRow: 0, endRow: 100 }, [], {
        statuses: [],
        number: '61234',
        unfinished: false,
      }),
    );
    expect(params).toEqual({ startRow: '0', endRow: '100' });
  });
});

describe('the order detail’s actions', () => {
  const actions = { cancel: true, ship: true, deliver: false, withdraw: false };

  it('offers what the state allows, and nothing to someone who may only read', () => {
    expect(offeredActions({ actions }, true)).toEqual(['cancel', 'ship']);
    expect(offeredActions({ actions }, false)).toEqual([]);
  });

  it('needs a reason to cancel; the shipment number and the withdrawal reason are optional', () => {
    expect(actionBody('cancel', '   ')).toBeNull();
    expect(actionBody('cancel', ' Zákazník volal ')).toEqual({ reason: 'Zákazník volal' });
    expect(actionBody('ship', '')).toEqual({});
    expect(actionBody('ship', 'DR123')).toEqual({ tracking_number: 'DR123' });
    expect(actionBody('deliver', 'ignored')).toEqual({});
    expect(actionBody('withdraw', '')).toEqual({});
  });

  it('labels a known code and shows an unknown one as it is', () => {
    const t = (key: string) => `<${key}>`;
    expect(codeLabel('ord.status', 'shipped', t)).toBe('<ord.status.shipped>');
    expect(codeLabel('ord.status', 'split', t)).toBe('split');
  });
});
