import { Link } from 'react-router';
import { useT } from '../i18n';
import { useViewTracking } from '../analytics';
import { useMarket } from '../app/context';
import { formatMoney } from '../app/format';
import type { KeptProduct } from './device-lists';
import { useFavourites } from './favourites';
import type { ProductItem, StockState } from './types';

export function useMoney(): (amount: number) => string {
  const market = useMarket();
  return (amount) => formatMoney(amount, market.currency, market.locale);
}

export function useProductPath(): (seo: string) => string {
  const market = useMarket();
  return (seo) => `${market.shop.product}/${encodeURIComponent(seo)}`;
}

export function StockBadge({ state }: { state: StockState }) {
  const t = useT();
  return <span className={`stock stock--${state}`}>{t(`stock.${state}`)}</span>;
}

/**
 * A price as the Omnibus directive wants it: a reduced price shows the lowest price of the last
 * 30 days next to it (the API sends `lowest_price_30d` only then), and the crossed-out original.
 */
export function Price({
  price,
  lowest30d,
  original,
  withoutVat,
  size = 'normal',
}: {
  price: number;
  lowest30d: number | null;
  original?: number | null | undefined;
  withoutVat?: number | undefined;
  size?: 'normal' | 'large';
}) {
  const t = useT();
  const money = useMoney();
  const reduced = lowest30d !== null;
  return (
    <div className={`shop-price shop-price--${size}`}>
      <span className={reduced ? 'shop-price__now shop-price__now--sale' : 'shop-price__now'} data-testid="price">
        {money(price)}
      </span>
      {reduced && original && original > price ? (
        <span className="shop-price__was">
          {/* Read out as "was …": a crossed-out number alone says nothing to a screen reader. */}
          <span className="visually-hidden">{t('price.was', { price: money(original) })}</span>
          <s aria-hidden="true">{money(original)}</s>
        </span>
      ) : null}
      {withoutVat !== undefined ? (
        <span className="shop-price__net">{t('price.withoutVat', { price: money(withoutVat) })}</span>
      ) : null}
      {reduced ? (
        <span className="shop-price__omnibus" data-testid="lowest-30d">
          {t('price.lowest30d', { price: money(lowest30d) })}
        </span>
      ) : null}
    </div>
  );
}

export function FavouriteButton({ product, compact = false }: { product: KeptProduct; compact?: boolean }) {
  const t = useT();
  const { isFavourite, toggle } = useFavourites();
  const on = isFavourite(product.code);
  const label = on ? t('product.favourite.remove') : t('product.favourite.add');
  return (
    <button
      type="button"
      className={compact ? 'fav-button fav-button--compact' : 'fav-button'}
      aria-pressed={on}
      aria-label={compact ? `${label}: ${product.short_name}` : undefined}
      onClick={() => toggle(product)}
      data-testid="favourite-toggle"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      {compact ? null : <span>{label}</span>}
    </button>
  );
}

/** A product's picture, or a drawn placeholder while the catalogue has none. */
export function ProductImage({ url, alt, size }: { url: string | null | undefined; alt: string; size: number }) {
  if (!url)
    return (
      <span className="product-image product-image--none" style={{ width: size, height: size }} aria-hidden="true">
        <svg viewBox="0 0 24 24" width={size / 3} height={size / 3}>
          <rect x="6" y="2" width="12" height="20" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="12" cy="18.5" r="1" fill="currentColor" />
        </svg>
      </span>
    );
  return <img className="product-image" src={url} alt={alt} width={size} height={size} loading="lazy" decoding="async" />;
}

export const keptOf = (
  item: Pick<ProductItem, 'code' | 'seo_name' | 'short_name' | 'price' | 'image_url'>,
  currency: string,
) => ({
  code: item.code,
  seo_name: item.seo_name,
  short_name: item.short_name,
  price: item.price,
  currency,
  image_url: item.image_url ?? null,
});

/** One product in a grid: picture, name, quality, price (with the Omnibus line when reduced), stock. */
export function ProductTile({
  item,
}: {
  item: Pick<ProductItem, 'code' | 'seo_name' | 'short_name' | 'price' | 'image_url'> &
    Partial<Pick<ProductItem, 'lowest_price_30d' | 'original_price' | 'quality_name' | 'stock_state' | 'long_name'>>;
}) {
  const path = useProductPath();
  const market = useMarket();
  const seen = useViewTracking<HTMLElement>(item.code, 'product_tile');
  return (
    <article ref={seen} className="tile" data-testid="product-tile" data-code={item.code}>
      <Link to={path(item.seo_name)} className="tile__link">
        <ProductImage url={item.image_url} alt="" size={180} />
        <h3 className="tile__name">{item.short_name}</h3>
      </Link>
      {item.quality_name ? <span className="tile__quality">{item.quality_name}</span> : null}
      <Price price={item.price} lowest30d={item.lowest_price_30d ?? null} original={item.original_price} />
      <div className="tile__foot">
        {item.stock_state ? <StockBadge state={item.stock_state} /> : <span />}
        <FavouriteButton product={keptOf(item, market.currency)} compact />
      </div>
    </article>
  );
}

export function Breadcrumbs({ items }: { items: readonly { name: string; to: string | null }[] }) {
  const t = useT();
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="breadcrumbs">
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.name}`}>
            {item.to ? <Link to={item.to}>{item.name}</Link> : <span aria-current="page">{item.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
