import { describe, expect, it } from 'vitest';
import { colourHexOf, colourKeyOf, COLOUR_HEX } from '../buyback/colours';
import { deviceKindOf, deviceSvg } from './device-image';

describe('the drawn device pictures', () => {
  it('tell the kind of device from the model’s slug', () => {
    expect(deviceKindOf('iphone-13-128-gb')).toBe('phone');
    expect(deviceKindOf('galaxy-tab-s9-128-gb-wi-fi')).toBe('tablet');
    expect(deviceKindOf('ipad-air-2022-64-gb-wi-fi')).toBe('tablet');
    expect(deviceKindOf('redmi-pad-se-128-gb')).toBe('tablet');
    expect(deviceKindOf('apple-watch-series-9-45-mm')).toBe('smartwatch');
    expect(deviceKindOf('galaxy-watch6-44-mm')).toBe('smartwatch');
  });

  it('draw the body in the colour, differently per kind', () => {
    const blue = deviceSvg('phone', COLOUR_HEX.blue!);
    expect(blue).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(blue).toContain(`fill="${COLOUR_HEX.blue}"`);
    expect(deviceSvg('tablet', COLOUR_HEX.blue!)).not.toBe(blue);
    expect(deviceSvg('smartwatch', COLOUR_HEX.blue!)).not.toBe(blue);
  });
});

describe('the colour swatches', () => {
  it('take the colour key from the image’s name, else the longest key the value ends with', () => {
    expect(colourKeyOf({ value: 'apple-iphone-13-blue', image: '/images/buyout/iphone-13/blue.svg' })).toBe('blue');
    expect(colourKeyOf({ value: 'apple-iphone-15-pro-black-titanium' })).toBe('black-titanium');
    expect(colourKeyOf({ value: 'xiaomi-14-unknown' })).toBeNull();
    expect(colourHexOf({ value: 'apple-iphone-13-midnight' })).toBe(COLOUR_HEX.midnight);
    expect(colourHexOf({ value: 'apple-iphone-13-midnight' })).not.toBe(colourHexOf({ value: 'apple-iphone-13-blue' }));
  });
});
