import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { createApi } from '../app/api';
import { canonicalPath, matchRoute, pageType, routePatterns } from '../app/routes';
import { Providers } from '../entry-shared';
import { MyOrderPage, MyOrdersPage, type AccountOrderPage } from './MyOrdersPage';

describe('the "my orders" addresses', () => {
  it('are the market’s own: /moje-objednavky on cz, /comenzile-mele on ro, each order under it without a token', () => {
    expect(matchRoute('cz', '/moje-objednavky', '')).toEqual({ page: 'myOrders' });
    expect(matchRoute('cz', '/moje-objednavky/', '')).toEqual({ page: 'myOrders' });
    expect(matchRoute('cz', '/moje-objednavky/6000000001', '?token=ignored')).toEqual({ page: 'myOrder', number: '6000000001' });
    expect(matchRoute('ro', '/comenzile-mele', '')).toEqual({ page: 'myOrders' });
    expect(matchRoute('ro', '/comenzile-mele/6000000001', '')).toEqual({ page: 'myOrder', number: '6000000001' });
    // The other market's slug is only a category name to look up; a path that can be no order number is no page.
    expect(matchRoute('ro', '/moje-objednavky', '')).toEqual({ page: 'category', seo: 'moje-objednavky', filters: {} });
    expect(matchRoute('cz', '/moje-objednavky/6000000001/x', '')).toBeNull();
    expect(matchRoute('cz', '/moje-objednavky/%E0%A4%A', '')).toBeNull();
  });

  it('are personal: no canonical address (never in the shared cache), and the order page’s pattern is served', () => {
    expect(canonicalPath('cz', { page: 'myOrders' })).toBeNull();
    expect(canonicalPath('cz', { page: 'myOrder', number: '6000000001' })).toBeNull();
    expect(pageType({ page: 'myOrders' })).toBe('home_page');
    expect(routePatterns('ro')).toContain('/comenzile-mele/:number');
  });
});

const api = createApi({ base: 'http://api.invalid' });

/** The page as the server renders it, with the account's answer already in the cache when given. */
function render(node: React.ReactNode, seed?: (client: QueryClient) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  return renderToString(
    <Providers market="cz" api={api} client={client}>
      <StaticRouter location="/moje-objednavky">{node}</StaticRouter>
    </Providers>,
  );
}

describe('the "my orders" page', () => {
  it('lists the orders with their date, status and whole-crown total, each linking to its own page', () => {
    const page: AccountOrderPage = {
      items: [
        {
          number: '6000000002',
          placed_at: '2026-11-24T10:00:00.000Z',
          status: 'shipped',
          total: 20_079,
          currency: 'CZK',
          items: 1,
          path: '/moje-objednavky/6000000002',
        },
        {
          number: '6000000001',
          placed_at: '2026-11-20T10:00:00.000Z',
          status: 'awaiting_payment',
          total: 999,
          currency: 'CZK',
          items: 2,
          path: '/moje-objednavky/6000000001',
        },
      ],
      total: 2,
    };
    const html = render(<MyOrdersPage />, (client) => client.setQueryData(['account', 'orders'], page));
    expect(html).toContain('Moje objednávky');
    expect(html.match(/data-testid="my-order-row"/g)).toHaveLength(2);
    expect(html).toContain('href="/moje-objednavky/6000000002"');
    expect(html).toContain('Čeká na platbu');
    expect(html).toMatch(/20\s079\sKč/);
    expect(html.indexOf('6000000002')).toBeLessThan(html.indexOf('6000000001'));
    expect(html).not.toContain('Zobrazujeme nejnovějších');
  });

  it('says so when the account has no orders yet, and shows a loading state before the answer', () => {
    expect(render(<MyOrdersPage />, (client) => client.setQueryData(['account', 'orders'], { items: [], total: 0 }))).toContain(
      'data-testid="my-orders-empty"',
    );
    expect(render(<MyOrdersPage />)).toContain('role="status"');
  });

  it('an opened order shows its items, total and a way back to the list', () => {
    const html = render(<MyOrderPage number="6000000001" />, (client) =>
      client.setQueryData(['account', 'orders', '6000000001'], {
        number: '6000000001',
        status: 'confirmed',
        placed_at: '2026-11-20T10:00:00.000Z',
        items: [{ product: 'AO-PHONE', name: 'Telefon AO', quantity: 2, unit_price: 10_000, line_price: 20_000 }],
        totals: { items: 20_000, discounts: 0, delivery: 79, payment: 0, vat: 3_485, total: 20_079, currency: 'CZK' },
        delivery: { method: 'pickup_point', label: 'Výdejní místo Praha 4', status: 'preparing' },
        payment: { method: 'cash_on_delivery', status: 'on_delivery' },
        timeline: [{ status: 'placed', at: '2026-11-20T10:00:00.000Z' }],
        cancellable: true,
      }),
    );
    expect(html).toContain('data-testid="my-order-page"');
    expect(html).toContain('Telefon AO');
    expect(html).toMatch(/data-testid="my-order-total"><strong>20\s079\sKč/);
    expect(html).toContain('href="/moje-objednavky"');
  });
});
