import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { useApi } from '../app/api';
import { useMarket } from '../app/context';
import { PAGE_PATHS } from '../app/market';
import { ProductTile } from './components';
import { LastVisited } from './LastVisited';
import { categoriesQuery, HOME_FILTERS, productsQuery } from './queries';

export function HomePage() {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const tree = useQuery(categoriesQuery(api));
  const products = useQuery(productsQuery(api, null, HOME_FILTERS));
  const items = products.data?.items ?? [];
  const offers = items.filter((item) => item.lowest_price_30d !== null).slice(0, 8);
  const bestsellers = items.filter((item) => !offers.includes(item)).slice(0, 8);

  return (
    <div className="shop-home">
      <section className="shop-hero">
        <div className="container shop-hero__inner">
          <div>
            <h1>{t('home.title')}</h1>
            <p className="shop-hero__lead">{t('home.lead')}</p>
            <ul className="shop-perks">
              <li>{t('home.perk.warranty')}</li>
              <li>{t('home.perk.delivery')}</li>
              <li>{t('home.perk.returns')}</li>
            </ul>
          </div>
        </div>
      </section>
      <div className="container">
        <section aria-labelledby="home-categories" className="shop-section">
          <h2 id="home-categories">{t('home.categories')}</h2>
          {tree.isError ? <p className="muted">{t('catalog.loadError')}</p> : null}
          <ul className="category-cards" data-testid="home-categories">
            {(tree.data?.categories ?? []).map((node) => (
              <li key={node.id}>
                <Link to={`/${node.seo_name}`} className="category-card">
                  <span className="category-card__name">{node.name}</span>
                  {node.children.length > 0 ? (
                    <span className="category-card__children">
                      {node.children
                        .slice(0, 4)
                        .map((child) => child.name)
                        .join(' · ')}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {offers.length > 0 ? (
          <section aria-labelledby="home-offers" className="shop-section">
            <h2 id="home-offers">{t('home.offers')}</h2>
            <div className="tiles" data-testid="home-offers">
              {offers.map((item) => (
                <ProductTile key={item.code} item={item} />
              ))}
            </div>
          </section>
        ) : null}

        <div className="teasers">
          <section className="teaser teaser--buyback" aria-labelledby="home-buyback">
            <h2 id="home-buyback">{t('home.buyback.title')}</h2>
            <p>{t('home.buyback.text')}</p>
            <Link to={market.paths.base} className="button button--primary" data-testid="home-buyback">
              {t('home.buyback.cta')}
            </Link>
          </section>
          <section className="teaser teaser--stores" aria-labelledby="home-stores">
            <h2 id="home-stores">{t('home.stores.title')}</h2>
            <p>{t('home.stores.text')}</p>
            <Link to={PAGE_PATHS.stores} className="button button--secondary">
              {t('home.stores.cta')}
            </Link>
          </section>
        </div>

        {bestsellers.length > 0 ? (
          <section aria-labelledby="home-bestsellers" className="shop-section">
            <h2 id="home-bestsellers">{t('home.bestsellers')}</h2>
            <div className="tiles">
              {bestsellers.map((item) => (
                <ProductTile key={item.code} item={item} />
              ))}
            </div>
          </section>
        ) : null}

        <LastVisited />
      </div>
    </div>
  );
}
