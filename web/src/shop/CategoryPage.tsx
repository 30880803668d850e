import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useT, type UiKey } from '../i18n';
import { useApi } from '../app/api';
import { Loading, Message } from '../app/ui';
import { filtersQuery, PAGE_SIZES, SORTS, withFilter, type CatalogFilters } from '../app/routes';
import { NotFound } from '../app/NotFound';
import { Breadcrumbs, ProductTile } from './components';
import { facetGroups, pageLinks, priceRange } from './facets';
import { categoriesQuery, findCategory, productsQuery } from './queries';

/** Values of a facet shown before "show all": long colour lists would push the rest of the filters away. */
const FACET_PREVIEW = 8;

/** The first values of a facet, and the chosen one wherever it is in the list. */
function shortList<T extends { value: string }>(values: readonly T[], chosen: string | undefined): readonly T[] {
  const first = values.slice(0, FACET_PREVIEW);
  const picked = values.find((v) => v.value === chosen);
  return picked && !first.includes(picked) ? [...first, picked] : first;
}

/** A category's listing: subcategories, facets, sorting, rows per page and pages, all held in the address. */
export function CategoryPage({ seo, filters }: { seo: string; filters: CatalogFilters }) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const tree = useQuery(categoriesQuery(api));
  const found = findCategory(tree.data?.categories, seo);
  const products = useQuery({
    ...productsQuery(api, found?.node.seo_name ?? seo, filters),
    enabled: Boolean(found),
    // The old page stays on screen (dimmed) while a filter's answer comes: no jump to a spinner.
    placeholderData: keepPreviousData,
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  if (tree.isPending) return <Loading />;
  if (tree.isError)
    return (
      <div className="container page-state">
        <Message kind="error">{t('catalog.loadError')}</Message>
      </div>
    );
  if (!found) return <NotFound />;

  const { node, path } = found;
  const href = (next: CatalogFilters) => `/${node.seo_name}${filtersQuery(next)}`;
  const go = (next: CatalogFilters) => void navigate(href(next));
  const data = products.data;
  const groups = facetGroups(data?.facets);
  const range = priceRange(data?.facets);
  const page = data?.page ?? Number(filters.page ?? 1);
  const pageSize = data?.page_size ?? Number(filters.page_size ?? PAGE_SIZES[0]);
  const last = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const active = Object.keys(filters).filter((name) => !['sort', 'page', 'page_size'].includes(name));

  return (
    <div className="container listing">
      <Breadcrumbs
        items={[
          { name: t('nav.home'), to: '/' },
          ...path.map((item, index) => ({ name: item.name, to: index === path.length - 1 ? null : `/${item.seo_name}` })),
        ]}
      />
      <div className="listing__head">
        <h1>{node.name}</h1>
        {data ? (
          <p className="muted" data-testid="listing-total">
            {t('catalog.count', { count: data.total })}
          </p>
        ) : null}
      </div>
      {node.children.length > 0 ? (
        <nav aria-label={t('catalog.subcategories')}>
          <ul className="chips">
            {node.children.map((child) => (
              <li key={child.id}>
                <Link to={`/${child.seo_name}`} className="chip">
                  {child.name}
                  {child.product_count !== undefined ? <span className="chip__count">{child.product_count}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="listing__layout">
        <aside className="filters" aria-labelledby="filters-title" data-open={filtersOpen}>
          <button
            type="button"
            className="filters__toggle button button--secondary"
            aria-expanded={filtersOpen}
            aria-controls="filters-body"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('catalog.showFilters')}
            {active.length > 0 ? ` (${active.length})` : ''}
          </button>
          <div id="filters-body" className="filters__body">
            <h2 id="filters-title" className="filters__title">
              {t('catalog.filters')}
            </h2>
            {active.length > 0 ? (
              <Link to={href({})} className="filters__clear" data-testid="filters-clear">
                {t('catalog.clear')}
              </Link>
            ) : null}
            <label className="check">
              <input
                type="checkbox"
                checked={filters.in_stock === 'true'}
                onChange={(event) => go(withFilter(filters, 'in_stock', event.target.checked ? 'true' : null))}
                data-testid="filter-in-stock"
              />
              {t('catalog.inStock')}
            </label>
            {groups.map((group) => {
              const title = 'key' in group.title ? t(group.title.key as UiKey) : group.title.text;
              return (
                <fieldset key={group.param} className="facet" data-testid={`facet-${group.param}`}>
                  <legend>{title}</legend>
                  {(expanded.has(group.param) ? group.values : shortList(group.values, filters[group.param])).map((value) => {
                    const checked = filters[group.param] === value.value;
                    return (
                      <label key={value.value} className="check">
                        <input
                          type="checkbox"
                          checked={checked}
                          onChange={() => go(withFilter(filters, group.param, checked ? null : value.value))}
                        />
                        <span>{value.label}</span>
                        <span className="check__count">{value.count}</span>
                      </label>
                    );
                  })}
                  {group.values.length > FACET_PREVIEW && !expanded.has(group.param) ? (
                    <button
                      type="button"
                      className="facet__more"
                      onClick={() => setExpanded((open) => new Set([...open, group.param]))}
                    >
                      {t('catalog.more', { count: group.values.length })}
                    </button>
                  ) : null}
                </fieldset>
              );
            })}
            <PriceFilter filters={filters} range={range} onApply={go} />
          </div>
        </aside>

        <section className="listing__main" aria-labelledby="listing-results" aria-busy={products.isFetching}>
          <h2 id="listing-results" className="visually-hidden">
            {node.name}
          </h2>
          <div className="toolbar">
            <label className="toolbar__field">
              <span>{t('catalog.sort')}</span>
              <select
                value={filters.sort ?? SORTS[0]}
                onChange={(event) => go(withFilter(filters, 'sort', event.target.value))}
                data-testid="sort"
              >
                {SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`sort.${sort}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="toolbar__field">
              <span>{t('catalog.pageSize')}</span>
              <select
                value={String(pageSize)}
                onChange={(event) => go(withFilter(filters, 'page_size', event.target.value))}
                data-testid="page-size"
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {products.isPending ? (
            <Loading />
          ) : products.isError && !data ? (
            <Message kind="error">{t('common.error.text')}</Message>
          ) : data && data.items.length === 0 ? (
            <div className="empty" data-testid="listing-empty">
              <p>{t('catalog.empty')}</p>
              {active.length > 0 ? (
                <Link to={href({})} className="button button--secondary">
                  {t('catalog.clear')}
                </Link>
              ) : null}
            </div>
          ) : (
            <div className={products.isPlaceholderData ? 'tiles tiles--stale' : 'tiles'} data-testid="listing">
              {data?.items.map((item) => (
                <ProductTile key={item.code} item={item} />
              ))}
            </div>
          )}
          {last > 1 ? (
            <nav aria-label={t('catalog.pagination')} className="pagination">
              {page > 1 ? (
                <Link to={href(withFilter(filters, 'page', String(page - 1)))} rel="prev">
                  {t('catalog.prev')}
                </Link>
              ) : null}
              {pageLinks(page, last).map((number, index) =>
                number === null ? (
                  <span key={`gap-${index}`} className="pagination__gap">
                    …
                  </span>
                ) : (
                  <Link
                    key={number}
                    to={href(withFilter(filters, 'page', String(number)))}
                    aria-current={number === page ? 'page' : undefined}
                    aria-label={t('catalog.page', { page: number })}
                  >
                    {number}
                  </Link>
                ),
              )}
              {page < last ? (
                <Link to={href(withFilter(filters, 'page', String(page + 1)))} rel="next">
                  {t('catalog.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function PriceFilter({
  filters,
  range,
  onApply,
}: {
  filters: CatalogFilters;
  range: { min: number; max: number } | null;
  onApply: (next: CatalogFilters) => void;
}) {
  const t = useT();
  const [from, setFrom] = useState(filters.price_from ?? '');
  const [to, setTo] = useState(filters.price_to ?? '');
  return (
    <form
      className="facet price-filter"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(withFilter(withFilter(filters, 'price_from', from.trim() || null), 'price_to', to.trim() || null));
      }}
    >
      <fieldset>
        <legend>{t('catalog.price')}</legend>
        <div className="price-filter__row">
          <label>
            <span>{t('catalog.priceFrom')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name="price_from"
              placeholder={range ? String(range.min) : undefined}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </label>
          <label>
            <span>{t('catalog.priceTo')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name="price_to"
              placeholder={range ? String(range.max) : undefined}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </label>
        </div>
        <button type="submit" className="button button--secondary button--block">
          {t('catalog.apply')}
        </button>
      </fieldset>
    </form>
  );
}
