import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useT } from '../i18n';
import { useApi } from '../app/api';
import { useMarket } from '../app/context';
import { useMoney, useProductPath } from './components';
import { searchable, searchQuery } from './queries';

/** How long typing pauses before the suggestions are asked for: one request per word, not per key. */
const PAUSE_MS = 150;

interface Option {
  readonly id: string;
  readonly to: string;
  readonly label: string;
  readonly detail: string | null;
  readonly group: 'categories' | 'products';
}

/**
 * The header's search (WAI-ARIA combobox with a listbox popup): suggestions of categories and
 * products from 2 characters, arrow keys move through them, Enter opens the active one or the
 * results page, Escape closes. Without script it is a plain GET form to the results page.
 */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const money = useMoney();
  const productPath = useProductPath();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  // The results page fills the box with its term: suggestions wait until the visitor types.
  const [edited, setEdited] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const next = value.trim();
    const timer = setTimeout(() => setTerm(next), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const enough = edited && searchable(term);
  const suggestions = useQuery({ ...searchQuery(api, term), enabled: enough, retry: false, staleTime: 30_000 });
  const options: Option[] = enough
    ? [
        ...(suggestions.data?.result.categories ?? []).slice(0, 4).map((category) => ({
          id: `${id}-c-${category.id}`,
          to: `/${category.seo_name}`,
          label: category.name,
          detail: null,
          group: 'categories' as const,
        })),
        ...(suggestions.data?.result.products ?? []).slice(0, 6).map((product) => ({
          id: `${id}-p-${product.code}`,
          to: productPath(product.seo_name),
          label: product.short_name,
          detail: money(product.price),
          group: 'products' as const,
        })),
      ]
    : [];
  const showList = open && edited && value.trim().length > 0;
  const activeOption = active >= 0 ? options[active] : undefined;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    void navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text field itself: the arrows go round through it, as a listbox of suggestions does.
      setActive((current) => {
        const next = current + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      go(activeOption.to);
    }
  };

  const groups = (['categories', 'products'] as const).filter((group) => options.some((o) => o.group === group));
  return (
    <form
      role="search"
      className="search"
      action={market.shop.search}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const q = value.trim();
        if (searchable(q)) go(`${market.shop.search}?q=${encodeURIComponent(q)}`);
        else setOpen(true);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        name="q"
        type="search"
        className="search__input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={activeOption?.id}
        placeholder={t('search.placeholder')}
        maxLength={200}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setEdited(true);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <button type="submit" className="search__submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="search__popup" hidden={!showList}>
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={t('search.label')}
          className="search__list"
          data-testid="search-suggestions"
        >
          {groups.map((group) =>
            options
              .filter((option) => option.group === group)
              .map((option) => (
                <li
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={option === activeOption}
                  className="search__option"
                  data-group={group}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(option.to)}
                >
                  <span>{option.label}</span>
                  {option.detail ? <span className="search__price">{option.detail}</span> : null}
                </li>
              )),
          )}
        </ul>
        <p className="search__status" role="status" aria-live="polite">
          {!searchable(value)
            ? t('search.min')
            : suggestions.isError
              ? t('search.error')
              : enough && suggestions.isSuccess && options.length === 0
                ? t('search.noResults')
                : options.length > 0
                  ? t('search.count', { count: options.length })
                  : ''}
        </p>
      </div>
    </form>
  );
}
