import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ApiContext, type Api } from './app/api';
import { MarketContext } from './app/context';
import { MARKETS, type Market } from './app/market';
import { LanguageContext } from './i18n';

/** What every render, server or browser, wraps the app in. */
export function Providers({
  market,
  api,
  client,
  children,
}: {
  market: Market;
  api: Api;
  client: QueryClient;
  children: ReactNode;
}) {
  const config = MARKETS[market];
  return (
    <MarketContext.Provider value={config}>
      <LanguageContext.Provider value={config.language}>
        <ApiContext.Provider value={api}>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </ApiContext.Provider>
      </LanguageContext.Provider>
    </MarketContext.Provider>
  );
}

/** The state the server embeds in the page for the client to hydrate from. */
export interface EmbeddedState {
  readonly market: Market;
  readonly dehydratedState: unknown;
}

export const STATE_ELEMENT_ID = 'buyloop-state';
