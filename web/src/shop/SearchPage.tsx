import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { useApi } from '../app/api';
import { Loading, Message } from '../app/ui';
import { ProductTile } from './components';
import { searchable, searchQuery } from './queries';

/** The results page: the categories and products the search finds (typo-tolerant), or spec 8's texts. */
export function SearchPage({ q }: { q: string }) {
  const t = useT();
  const api = useApi();
  const enough = searchable(q);
  const results = useQuery({ ...searchQuery(api, q, 48), enabled: enough });
  const data = results.data?.result;
  const empty = data && data.products.length === 0 && data.categories.length === 0;
  return (
    <div className="container listing">
      <h1>{q ? t('search.resultsFor', { q }) : t('search.title')}</h1>
      {!enough ? (
        <Message kind="info">{t('search.min')}</Message>
      ) : results.isPending ? (
        <Loading />
      ) : results.isError ? (
        <div data-testid="search-error">
          <Message kind="error">{t('search.error')}</Message>
        </div>
      ) : empty ? (
        <div className="empty" data-testid="search-empty">
          <p>{t('search.noResults')}</p>
        </div>
      ) : (
        <>
          {data && data.categories.length > 0 ? (
            <nav aria-label={t('search.categories')}>
              <ul className="chips">
                {data.categories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/${category.seo_name}`} className="chip">
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <h2 className="visually-hidden">{t('search.products')}</h2>
          <div className="tiles" data-testid="search-results">
            {data?.products.map((item) => (
              <ProductTile key={item.code} item={item} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
