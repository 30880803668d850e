import { describe, expect, it } from 'vitest';
import { deviceOf } from './title';

describe('the selector page’s title', () => {
  it('names the device as far as it is chosen', () => {
    const none = { type: null, manufacturer: null, model: null, color: null };
    expect(deviceOf(none)).toBeNull();
    expect(deviceOf({ ...none, type: 'Mobilní telefony' })).toBe('Mobilní telefony');
    expect(deviceOf({ ...none, type: 'Mobilní telefony', manufacturer: 'Apple' })).toBe('Apple');
    expect(deviceOf({ type: 'Mobilní telefony', manufacturer: 'Apple', model: 'iPhone 13 128 GB', color: 'Modrá' })).toBe(
      'Apple iPhone 13 128 GB, Modrá',
    );
  });
});
