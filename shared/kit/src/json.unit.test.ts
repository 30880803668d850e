import { describe, expect, it } from 'vitest';
import { findNonJson } from './json';

describe('findNonJson', () => {
  it('accepts plain JSON, Czech and Romanian text and emoji included', () => {
    expect(findNonJson({ a: [1, 2.5, null, true, 'Křížek Ștefănescu 😀'], b: {} }, 'data')).toBeUndefined();
    expect(findNonJson(Object.create(null) as object, 'data')).toBeUndefined();
  });

  it.each([
    ['a Date', { at: new Date(0) }, 'data.at'],
    ['a BigInt', { n: 1n }, 'data.n'],
    ['undefined', { u: undefined }, 'data.u'],
    ['a function', { f: () => 1 }, 'data.f'],
    ['NaN', { list: [1, Number.NaN] }, 'data.list[1]'],
    ['U+0000', { s: 'a\u0000b' }, 'data.s'],
    ['a lone surrogate', { s: 'a\ud800b' }, 'data.s'],
    ['a Map', { m: new Map() }, 'data.m'],
  ])('names the path of %s', (_what, value, path) => {
    expect(findNonJson(value, 'data')?.path).toBe(path);
  });

  it('finds cycles', () => {
    const value: Record<string, unknown> = {};
    value.self = value;
    expect(findNonJson(value, 'data')).toEqual({ path: 'data.self', reason: 'circular reference' });
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { x: 1 };
    expect(findNonJson({ a: shared, b: shared }, 'data')).toBeUndefined();
  });
});
