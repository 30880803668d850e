export { iphone13PriceList } from './iphone-13';
export { smallCatalogue } from './small-catalogue';
export { BUYBACK_IMEI, buybackAt, history as buybackHistory, scratchedDisplay, sealedFor } from './buyback';
