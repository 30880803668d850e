import type { Market } from '@buyloop/kit';
import { currencyOf } from '@buyloop/kit';
import type { BuyBackCatalogue } from '../catalogue/types';
import { iphone13PriceList } from './iphone-13';

/** A one-model catalogue (iPhone 13 in two colours) for tests that need a published catalogue. */
export function smallCatalogue(market: Market, version = 3): BuyBackCatalogue {
  const iphone = { ...iphone13PriceList(currencyOf(market), version), model_id: 'apple-iphone-13' };
  return {
    market,
    manufacturers: [{ id: 'apple', label: 'Apple', slug: 'apple', device_types: ['phone'] }],
    models: [
      {
        id: 'apple-iphone-13',
        device_type: 'phone',
        manufacturer_id: 'apple',
        label: 'iPhone 13 128 GB',
        slug: 'iphone-13-128-gb',
        colors: [
          {
            id: 'apple-iphone-13-midnight',
            label: 'Midnight',
            slug: 'midnight',
            image: '/images/buyout/iphone-13/midnight.svg',
            image_alt: 'iPhone 13 Midnight',
          },
          {
            id: 'apple-iphone-13-blue',
            label: 'Blue',
            slug: 'blue',
            image: '/images/buyout/iphone-13/blue.svg',
            image_alt: 'iPhone 13 Blue',
          },
        ],
      },
    ],
    price_lists: [iphone],
  };
}
