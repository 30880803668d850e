import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { createApi } from '../app/api';
import { Providers } from '../entry-shared';
import { StoresPage, storesQuery } from './StoresPage';
import type { ShopStore } from './queries';

const hours = { opens: '09:00', closes: '20:00' };
const stores: ShopStore[] = [
  {
    id: 'ro-bucuresti',
    name: 'Buyloop București – Magheru',
    city: 'București',
    street: 'Bulevardul General Gheorghe Magheru 28',
    zip: '010336',
    opening_hours: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: null, sun: null },
    coordinates: { lat: 44.4431, lng: 26.0974 },
    kind: 'store',
  },
  {
    id: 'ro-cluj',
    name: 'Buyloop Cluj-Napoca – Eroilor',
    city: 'Cluj-Napoca',
    street: 'Bulevardul Eroilor 15',
    zip: '400129',
    opening_hours: { mon: hours },
    coordinates: { lat: 46.7697, lng: 23.5917 },
    kind: 'store',
  },
];

/** The page as the server renders it: the stores already fetched (the server's prefetch), no window anywhere. */
function serverRender(url: string): string {
  const api = createApi({ base: 'http://api.invalid' });
  const client = new QueryClient();
  client.setQueryData(storesQuery(api).queryKey, { stores });
  return renderToString(
    <Providers market="ro" api={api} client={client}>
      <StaticRouter location={url}>
        <StoresPage />
      </StaticRouter>
    </Providers>,
  );
}

describe('the stores page on the server', () => {
  it('renders the list as its content: names, addresses and every day’s hours, in the market’s language', () => {
    expect(typeof globalThis.window).toBe('undefined');
    const html = serverRender('/prodejny');
    expect(html).toContain('Magazinele noastre');
    expect(html).toContain('Buyloop București – Magheru');
    expect(html).toContain('Bulevardul Eroilor 15');
    expect(html).toContain('010336 București');
    expect(html).toMatch(/luni<\/th><td>09:00–20:00/);
    expect(html).toMatch(/sâmbătă<\/th><td>Închis/);
  });

  it('draws the map as a figure whose text names the cities, with a marker per store', () => {
    const html = serverRender('/prodejny');
    expect(html).toContain('role="img" aria-label="Harta României cu magazinele noastre: București, Cluj-Napoca."');
    expect(html.match(/data-testid="stores-map-marker"/g)).toHaveLength(2);
  });

  it('leaves "open now" and today to the browser: the server’s HTML is cached and shared', () => {
    const html = serverRender('/prodejny');
    expect(html).not.toContain('data-testid="store-open"');
    expect(html).not.toContain('aria-current');
  });
});
