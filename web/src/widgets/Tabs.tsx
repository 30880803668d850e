import { useEffect, useId, useState, type ReactNode } from 'react';
import { activeTab, readCachedChoice, selectTab, type TabSpec } from './tabs';

export interface TabItem extends TabSpec {
  readonly label: string;
  readonly content: ReactNode;
}

/**
 * Tabs (spec section 2): the URL fragment wins, then the choice cached in localStorage for five
 * minutes, then `defaultId`, then the first enabled tab. The server renders the default; the
 * fragment and cache are read once hydrated.
 */
export function Tabs({ tabs, cacheKey, defaultId }: { tabs: readonly TabItem[]; cacheKey: string; defaultId?: string }) {
  const id = useId();
  const [current, setCurrent] = useState<string | null>(() => activeTab(tabs, { defaultId }));
  useEffect(() => {
    const storage = globalThis.localStorage as Storage | undefined;
    setCurrent(
      activeTab(tabs, {
        hash: globalThis.location?.hash ?? '',
        cached: readCachedChoice(storage?.getItem(`tabs:${cacheKey}`) ?? null),
        now: Date.now(),
        defaultId,
      }),
    );
    // The tabs are fixed for a page: the fragment and the cache are read once.
  }, []);
  const choose = (tab: string) => {
    const next = selectTab(tabs, current, tab);
    if (next === current || next === null) return;
    setCurrent(next);
    globalThis.localStorage?.setItem(`tabs:${cacheKey}`, JSON.stringify({ id: next, at: Date.now() }));
  };
  return (
    <div className="tabs">
      <div role="tablist" className="tabs__list">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${id}-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`${id}-${tab.id}-panel`}
            disabled={tab.disabled}
            className="tabs__tab"
            onClick={() => choose(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-${tab.id}-panel`}
          aria-labelledby={`${id}-${tab.id}`}
          hidden={tab.id !== current}
          className="tabs__panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
