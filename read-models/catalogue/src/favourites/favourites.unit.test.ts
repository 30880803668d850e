import { describe, expect, it } from 'vitest';
import { mergedFavourites, withFavourite, withoutFavourite } from './favourites';

describe('an account’s favourites', () => {
  it('puts an added code first, moves one added again to the front, drops the oldest beyond the limit', () => {
    expect(withFavourite(['A', 'B'], 'C')).toEqual(['C', 'A', 'B']);
    expect(withFavourite(['A', 'B', 'C'], 'B')).toEqual(['B', 'A', 'C']);
    expect(withFavourite(['A', 'B', 'C'], 'D', 3)).toEqual(['D', 'A', 'B']);
  });

  it('removes a code, and nothing when it is not there', () => {
    expect(withoutFavourite(['A', 'B'], 'A')).toEqual(['B']);
    expect(withoutFavourite(['A', 'B'], 'X')).toEqual(['A', 'B']);
  });

  it('merges the device’s codes first, once each, without those not on sale, up to the limit', () => {
    const onSale = (code: string) => code !== 'GONE';
    expect(mergedFavourites(['A', 'B'], ['C', 'GONE', 'A', 'C'], onSale)).toEqual(['C', 'A', 'B']);
    expect(mergedFavourites(['A', 'B'], [], onSale)).toEqual(['A', 'B']);
    expect(mergedFavourites(['A', 'B', 'C'], ['D', 'E'], onSale, 3)).toEqual(['D', 'E', 'A']);
  });
});
