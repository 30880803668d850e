import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { paramValue } from './params';
import { ApiError, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { PAGE_PATHS } from '../app/market';
import { NotFound } from '../app/NotFound';
import { Loading, Message } from '../app/ui';
import { Tabs } from '../widgets/Tabs';
import { storesOfProductPath } from '../stores/StoresPage';
import { Breadcrumbs, FavouriteButton, Price, ProductImage, StockBadge, keptOf, useMoney, useProductPath } from './components';
import { recordVisit } from './device-lists';
import { LastVisited } from './LastVisited';
import { AddToCart } from '../cart/AddToCart';
import { productQuery } from './queries';
import type { ProductDetail, Variant } from './types';
import { AXES, axisValues, chooseVariant, matchesAll, tabId, type Axis } from './variants';

/** The package size as the API gives it: centimetres and kilograms. */
function packageText(size: ProductDetail['package_size']): string | null {
  if (!size) return null;
  return `${size.width} × ${size.height} × ${size.depth} cm, ${size.weight} kg`;
}

export function ProductPage({ seo }: { seo: string }) {
  const t = useT();
  const api = useApi();
  const product = useQuery(productQuery(api, seo));
  if (product.isPending) return <Loading />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound />;
    return (
      <div className="container page-state">
        <Message kind="error">{t('product.loadError')}</Message>
      </div>
    );
  }
  return <ProductView key={product.data.code} detail={product.data} />;
}

function ProductView({ detail }: { detail: ProductDetail }) {
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const own = detail.variants.find((variant) => variant.code === detail.code);
  const [chosen, setChosen] = useState<Partial<Record<Axis, string>>>(() => ({
    colour: own?.colour ?? undefined,
    capacity: own?.capacity ?? undefined,
    quality: own?.quality ?? undefined,
  }));
  // null: no photo picked, so the chosen variant's own picture shows (its colour), else the first.
  const [image, setImage] = useState<number | null>(null);
  const variant: Variant | null = chooseVariant(detail.variants, chosen);
  const shown = variant ?? {
    code: detail.code,
    seo_name: detail.seo_name,
    price: detail.price,
    price_without_vat: detail.price_without_vat,
    lowest_price_30d: detail.lowest_price_30d,
    original_price: detail.original_price,
    stock_state: detail.stock_state,
  };

  useEffect(() => {
    recordVisit(keptOf({ ...detail, image_url: detail.images[0]?.url ?? null }, market.currency));
  }, [detail.code]);

  // The chosen variant's own photo (same picture folder as its card image) until a thumbnail is picked.
  const folder = (url: string) => url.slice(0, url.lastIndexOf('/'));
  const ownPhoto = variant?.image_url
    ? detail.images.findIndex((picture) => folder(picture.url) === folder(variant.image_url ?? ''))
    : -1;
  const shownIndex = image ?? Math.max(ownPhoto, 0);
  const current = detail.images[shownIndex];
  useEffect(() => setImage(null), [chosen.colour]);

  const crumbs = [
    { name: t('nav.home'), to: '/' },
    ...detail.breadcrumbs.map((crumb) => ({ name: crumb.name, to: `/${crumb.seo_name}` })),
    { name: detail.short_name, to: null },
  ];
  const pkg = packageText(detail.package_size);

  return (
    <div className="container product" data-testid="product" data-code={detail.code}>
      <Breadcrumbs items={crumbs} />
      <div className="product__top">
        <section className="gallery" aria-label={t('product.gallery')}>
          <div className="gallery__main">
            {current ? (
              <img
                src={current.url}
                alt={current.alt || detail.long_name}
                width={current.width}
                height={current.height}
                fetchPriority="high"
              />
            ) : (
              <ProductImage url={null} alt="" size={360} />
            )}
          </div>
          {detail.images.length > 1 ? (
            <ul className="gallery__thumbs">
              {detail.images.map((picture, index) => (
                <li key={picture.url}>
                  <button
                    type="button"
                    aria-pressed={index === shownIndex}
                    aria-label={t('product.image', { n: index + 1, total: detail.images.length })}
                    onClick={() => setImage(index)}
                  >
                    <img src={picture.url} alt="" width={64} height={64} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className="buybox" aria-labelledby="product-title">
          {detail.manufacturer ? <p className="buybox__brand">{detail.manufacturer}</p> : null}
          <h1 id="product-title">{detail.long_name}</h1>
          <p className="muted buybox__code">{t('product.code', { code: shown.code })}</p>

          {AXES.map((axis) => (
            <AxisTabs
              key={axis}
              axis={axis}
              detail={detail}
              own={own}
              onChoose={(value) => setChosen((c) => ({ ...c, [axis]: value }))}
            />
          ))}
          {variant && !matchesAll(variant, chosen) ? <p className="muted">{t('product.variant.none')}</p> : null}

          <div className="buybox__price" data-testid="variant-price" data-variant={shown.code}>
            <Price
              price={shown.price}
              lowest30d={shown.lowest_price_30d}
              original={shown.original_price}
              withoutVat={shown.price_without_vat}
              size="large"
            />
            <StockBadge state={shown.stock_state} />
          </div>
          {detail.installment_teaser ? (
            <p className="buybox__installments">
              {t('product.installments', {
                monthly: money(detail.installment_teaser.monthly_from),
                months: detail.installment_teaser.months,
              })}
            </p>
          ) : null}
          <div className="buybox__actions">
            <Link to={storesOfProductPath(PAGE_PATHS.stores, detail.seo_name)} className="button button--primary button--large">
              {t('product.reserve')}
            </Link>
            <FavouriteButton
              product={keptOf(
                {
                  code: shown.code,
                  seo_name: detail.seo_name,
                  short_name: detail.short_name,
                  price: shown.price,
                  image_url: detail.images[0]?.url,
                },
                market.currency,
              )}
            />
          </div>
          <Link to={market.paths.base} className="sell-old" data-testid="sell-old">
            <strong>{t('product.sellOld')}</strong>
            {detail.buyback_bonus_percent ? (
              <span> {t('product.sellOld.bonus', { percent: detail.buyback_bonus_percent })}</span>
            ) : null}
          </Link>
          {detail.gifts.length > 0 ? <Extras title={t('product.gifts')} items={detail.gifts} kind="gift" /> : null}
          {detail.special_offers.length > 0 ? (
            <Extras title={t('product.offers')} items={detail.special_offers} kind="offer" />
          ) : null}
          <AddToCart detail={detail} code={shown.code} stockState={shown.stock_state} />
        </section>
      </div>

      <div className="product__details">
        {detail.description_html ? (
          <section aria-labelledby="product-description" className="card">
            <h2 id="product-description">{t('product.description')}</h2>
            {/* The catalogue's own text, written in the back office and cleaned there. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: detail.description_html }} />
          </section>
        ) : null}
        <section aria-labelledby="product-params" className="card">
          <h2 id="product-params">{t('product.params')}</h2>
          <dl className="params">
            {detail.params.map((param) => (
              <div key={param.name}>
                <dt>{param.name}</dt>
                <dd>{paramValue(param.value, t)}</dd>
              </div>
            ))}
            {pkg ? (
              <div>
                <dt>{t('product.package')}</dt>
                <dd>{pkg}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        {detail.stores.length > 0 ? (
          <section aria-labelledby="product-stores" className="card">
            <h2 id="product-stores">{t('product.stores')}</h2>
            <ul className="store-stock" data-testid="store-stock">
              {detail.stores.map((store) => (
                <li key={store.id}>
                  <span>
                    <strong>{store.name}</strong> <span className="muted">{store.city}</span>
                  </span>
                  <StockBadge state={store.stock_state} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      {detail.accessories.length > 0 ? (
        <section aria-labelledby="product-accessories" className="shop-section">
          <h2 id="product-accessories">{t('product.accessories')}</h2>
          <div className="tiles tiles--four">
            {detail.accessories.slice(0, 8).map((accessory) => (
              <AccessoryTile key={accessory.code} accessory={accessory} />
            ))}
          </div>
        </section>
      ) : null}
      <LastVisited except={detail.code} />
    </div>
  );
}

function AccessoryTile({ accessory }: { accessory: ProductDetail['accessories'][number] }) {
  const path = useProductPath();
  const money = useMoney();
  return (
    <article className="tile tile--small">
      <Link to={path(accessory.seo_name)} className="tile__link">
        <ProductImage url={accessory.image_url} alt="" size={120} />
        <h3 className="tile__name">{accessory.short_name}</h3>
      </Link>
      <span className="shop-price__now">{money(accessory.price)}</span>
    </article>
  );
}

function Extras({ title, items, kind }: { title: string; items: ProductDetail['gifts']; kind: 'gift' | 'offer' }) {
  const path = useProductPath();
  const money = useMoney();
  return (
    <div className={`extras extras--${kind}`} data-testid={`extras-${kind}`}>
      <h2 className="extras__title">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.code}>
            <Link to={path(item.seo_name)}>{item.short_name}</Link>
            {kind === 'offer' ? ` · ${money(item.price)}` : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One variant axis as the tabs widget of spec 2: the fragment (#quality-a) wins, then the choice
 * cached for 5 minutes, then this product's own value, then the first; sold-out values are disabled.
 */
function AxisTabs({
  axis,
  detail,
  own,
  onChoose,
}: {
  axis: Axis;
  detail: ProductDetail;
  own: Variant | undefined;
  onChoose: (value: string) => void;
}) {
  const t = useT();
  const money = useMoney();
  const values = axisValues(detail.variants, axis);
  if (values.length < 2) return null;
  const byTab = new Map(values.map((value) => [tabId(axis, value.value), value]));
  const ownValue = own?.[axis];
  const title = t(`product.${axis}`);
  return (
    <div className="variant-axis" data-testid={`axis-${axis}`}>
      <h2 className="variant-axis__title">{title}</h2>
      <Tabs
        label={title}
        cacheKey={`product:${detail.seo_name}:${axis}`}
        defaultId={ownValue ? tabId(axis, ownValue) : undefined}
        onChange={(id) => {
          const value = id ? byTab.get(id) : undefined;
          if (value) onChoose(value.value);
        }}
        tabs={values.map((value) => ({
          id: tabId(axis, value.value),
          label: value.label,
          disabled: value.disabled,
          content: (
            <p className="variant-axis__note">
              {value.label}
              {value.from !== null ? ` · ${t('product.variant.from', { price: money(value.from) })}` : ''}
            </p>
          ),
        }))}
      />
    </div>
  );
}
