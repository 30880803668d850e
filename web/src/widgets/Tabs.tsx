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
export function Tabs({
  tabs,
  cacheKey,
  defaultId,
  label,
  onChange,
}: {
  tabs: readonly TabItem[];
  cacheKey: string;
  defaultId?: string | undefined;
  /** The tab list's accessible name. */
  label?: string | undefined;
  /** Told the active tab whenever it changes (the fragment or the cache read after hydration included). */
  onChange?: ((id: string | null) => void) | undefined;
}) {
  const id = useId();
  const [current, setCurrent] = useState<string | null>(() => activeTab(tabs, { defaultId }));
  useEffect(() => onChange?.(current), [current]);
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
      <div role="tablist" className="tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${id}-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`${id}-${tab.id}-panel`}
            tabIndex={tab.id === current ? 0 : -1}
            data-tab={tab.id}
            disabled={tab.disabled}
            className="tabs__tab"
            onClick={() => choose(tab.id)}
            onKeyDown={(event) => {
              // The arrow keys move between the enabled tabs (WAI-ARIA tabs pattern, automatic activation).
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const enabled = tabs.filter((t) => !t.disabled);
              const at = enabled.findIndex((t) => t.id === tab.id);
              const next = enabled[(at + (event.key === 'ArrowRight' ? 1 : -1) + enabled.length) % enabled.length];
              if (!next) return;
              event.preventDefault();
              choose(next.id);
              document.getElementById(`${id}-${next.id}`)?.focus();
            }}
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
