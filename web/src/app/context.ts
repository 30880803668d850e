import { createContext, useContext } from 'react';
import { MARKETS, type MarketConfig } from './market';

export const MarketContext = createContext<MarketConfig>(MARKETS.cz);
export const useMarket = (): MarketConfig => useContext(MarketContext);
