import { describe, expect, it } from 'vitest';
import { activeTab, readCachedChoice, selectTab, TAB_CACHE_MS } from './tabs';

const tabs = [{ id: 'courier' }, { id: 'store' }, { id: 'post', disabled: true }, { id: 'pickup' }];
const now = 1_000_000_000;

describe('the tabs widget', () => {
  it('takes the tab the URL fragment names first', () => {
    expect(activeTab(tabs, { hash: '#pickup', cached: { id: 'store', at: now }, now, defaultId: 'store' })).toBe('pickup');
  });

  it('then the cached choice while it is younger than five minutes', () => {
    expect(activeTab(tabs, { hash: '', cached: { id: 'store', at: now - TAB_CACHE_MS + 1 }, now, defaultId: 'pickup' })).toBe(
      'store',
    );
    expect(activeTab(tabs, { hash: '', cached: { id: 'store', at: now - TAB_CACHE_MS }, now, defaultId: 'pickup' })).toBe(
      'pickup',
    );
  });

  it('then the configured default, then the first', () => {
    expect(activeTab(tabs, { defaultId: 'store' })).toBe('store');
    expect(activeTab(tabs, {})).toBe('courier');
    expect(activeTab(tabs, { hash: '#unknown', defaultId: 'nope' })).toBe('courier');
  });

  it('never activates a disabled tab, from any source', () => {
    expect(activeTab(tabs, { hash: '#post', cached: { id: 'post', at: now }, now, defaultId: 'post' })).toBe('courier');
    expect(activeTab([{ id: 'a', disabled: true }, { id: 'b' }], {})).toBe('b');
    expect(selectTab(tabs, 'courier', 'post')).toBe('courier');
    expect(selectTab(tabs, 'courier', 'store')).toBe('store');
    expect(selectTab(tabs, 'courier', 'missing')).toBe('courier');
  });

  it('reads only a well-formed cached choice', () => {
    expect(readCachedChoice(JSON.stringify({ id: 'store', at: 5 }))).toEqual({ id: 'store', at: 5 });
    expect(readCachedChoice('{"id":1}')).toBeNull();
    expect(readCachedChoice('not json')).toBeNull();
    expect(readCachedChoice(null)).toBeNull();
  });
});
