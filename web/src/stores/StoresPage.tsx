import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useApi } from '../app/api';
import { useMarket } from '../app/context';
import { useViewTracking } from '../analytics';
import { dayKey, useStoresText, type StoresText } from './messages';
import { DAYS, localTime, openState, type Day } from './opening-hours';
import { productStoresQuery, storesQuery, type ShopStore, type StockState } from './queries';
import { StoresMap } from './StoresMap';
import './stores.css';

export { storesQuery, storesOfProductPath } from './queries';

/**
 * The time, on the client only and once a minute: "open now" and today's row
 * depend on it, so the server renders neither (its HTML is cached and shared,
 * and would otherwise show a stale state and differ from the hydrated page).
 */
function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The shop's stores (spec 2: prodejny): the list with addresses, hours and open now, a map, and a product's stock per store. */
export function StoresPage() {
  const t = useStoresText();
  const market = useMarket();
  const api = useApi();
  const now = useNow();
  const [params] = useSearchParams();
  const product = params.get('product')?.trim().slice(0, 200) || null;
  const stores = useQuery(storesQuery(api));
  const stock = useQuery({ ...productStoresQuery(api, product ?? ''), enabled: product !== null });
  const stockOf = new Map((stock.data?.stores ?? []).map((entry) => [entry.id, entry.stock_state]));
  const list = stores.data?.stores ?? [];

  return (
    <div className="container page stores-page">
      <h1>{t('title')}</h1>
      <p className="hero__lead">{t('lead')}</p>
      {product !== null && (
        <p className="stores-page__product" role="status" data-testid="stores-product">
          {stock.isPending
            ? t('stockLoading')
            : stock.isError
              ? t('stockError')
              : t('stockOf', { product: stock.data.short_name })}
        </p>
      )}
      {stores.isPending && <p className="muted">{t('loading')}</p>}
      {stores.isError && (
        <div className="stores-page__error" role="alert">
          <p>{t('error')}</p>
          <button type="button" className="button button--secondary" onClick={() => void stores.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {stores.isSuccess && list.length === 0 && <p className="muted">{t('none')}</p>}
      {list.length > 0 && (
        <div className="stores-page__layout">
          <section aria-labelledby="stores-list-title">
            <h2 id="stores-list-title" className="visually-hidden">
              {t('list')}
            </h2>
            <ul className="stores-list" data-testid="stores-list">
              {list.map((store) => (
                <StoreCard
                  key={store.id}
                  store={store}
                  now={now}
                  timeZone={market.timeZone}
                  stock={product !== null && stock.isSuccess ? (stockOf.get(store.id) ?? 'sold_out') : null}
                  t={t}
                />
              ))}
            </ul>
          </section>
          <StoresMap market={market.market} stores={list} />
        </div>
      )}
    </div>
  );
}

function StoreCard(props: { store: ShopStore; now: Date | null; timeZone: string; stock: StockState | null; t: StoresText }) {
  const { store, now, timeZone, stock, t } = props;
  const ref = useViewTracking<HTMLLIElement>(`store:${store.id}`, 'store');
  const today: Day | null = now ? localTime(now, timeZone).day : null;
  const state = now ? openState(store.opening_hours, now, timeZone) : null;
  const titleId = `store-${store.id}-name`;
  return (
    <li ref={ref} id={`store-${store.id}`} className="card stores-list__item" data-testid="store" data-store={store.id}>
      <article aria-labelledby={titleId}>
        <h3 id={titleId}>{store.name}</h3>
        {state && (
          <p className={`stores-open ${state.open ? 'stores-open--open' : 'stores-open--closed'}`} data-testid="store-open">
            {state.open
              ? t('openNow', { time: state.closes })
              : state.opens === null
                ? t('closedNow')
                : state.opens.today
                  ? t('opensToday', { time: state.opens.time })
                  : t('opensOn', { day: t(dayKey(state.opens.day)), time: state.opens.time })}
          </p>
        )}
        {stock && (
          <p className={`stores-stock stores-stock--${stock}`} data-testid="store-stock" data-stock={stock}>
            {t(`stock.${stock}`)}
          </p>
        )}
        <address className="stores-address">
          {store.street}
          <br />
          {`${store.zip} ${store.city}`}
        </address>
        <table className="stores-hours">
          <caption>{t('hours')}</caption>
          <tbody>
            {DAYS.map((day) => {
              const slot = store.opening_hours[day];
              return (
                <tr
                  key={day}
                  className={day === today ? 'stores-hours__today' : undefined}
                  aria-current={day === today ? 'date' : undefined}
                >
                  <th scope="row">
                    {t(dayKey(day))}
                    {day === today && <span className="visually-hidden"> ({t('today')})</span>}
                  </th>
                  <td>{slot ? `${slot.opens}–${slot.closes}` : t('closed')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <a
          className="button button--link"
          href={`https://www.openstreetmap.org/?mlat=${store.coordinates.lat}&mlon=${store.coordinates.lng}#map=17/${store.coordinates.lat}/${store.coordinates.lng}`}
          rel="noopener noreferrer"
          target="_blank"
        >
          {t('directions')}
          <span className="visually-hidden"> – {store.name}</span>
        </a>
      </article>
    </li>
  );
}
