import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { App } from './App';
import { createApi } from './app/api';
import { MARKETS } from './app/market';
import { createQueryClient } from './app/query-client';
import { Providers, STATE_ELEMENT_ID, type EmbeddedState } from './entry-shared';

const embedded = JSON.parse(document.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null') as EmbeddedState | null;
const market = embedded?.market ?? 'cz';
// The same language as the server asked for, so the API's texts match the page.
const api = createApi({ headers: { 'accept-language': MARKETS[market].language } });
const client = createQueryClient();

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Providers market={market} api={api} client={client}>
      <HydrationBoundary state={embedded?.dehydratedState as DehydratedState | undefined}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </HydrationBoundary>
    </Providers>
  </StrictMode>,
);
