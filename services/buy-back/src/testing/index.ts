export { iphone13PriceList } from './iphone-13';
export { smallCatalogue } from './small-catalogue';
