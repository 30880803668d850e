import { describe, expect, it } from 'vitest';
import { modules } from '@buyloop/api';
import { categoryOf, deciderRegistry } from './decider-registry';

describe('the deciders events:state replays with', () => {
  it('holds every stream category every registered module declares, and nothing else', () => {
    const declared = modules().flatMap((module) => Object.keys(module.streams));
    expect(declared.length).toBeGreaterThan(0);
    expect([...deciderRegistry.keys()].sort()).toEqual([...declared].sort());
  });

  it('takes the category from the stream name up to the first dash', () => {
    expect(categoryOf('order-123-4')).toBe('order');
    expect(categoryOf('scheduler')).toBe('scheduler');
  });
});
