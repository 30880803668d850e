import { useQuery } from '@tanstack/react-query';
import { query, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { formatMoney } from '../app/format';
import { buybackQuery } from '../app/queries';
import { ErrorState, Loading } from '../app/ui';
import { useT } from '../i18n';
import { BuybackNotFound } from './StatusPage';

/** An offer reopened from its e-mail: the device and the price, and the way back to the selector with it. */
export function OfferPage({ number, token }: { number: string; token: string }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const buyback = useQuery({ ...buybackQuery(api, number, token), enabled: Boolean(number && token) });
  if (!number || !token) return <BuybackNotFound />;
  if (buyback.isPending) return <Loading />;
  if (buyback.isError)
    return (buyback.error as { status?: number }).status === 404 ? (
      <BuybackNotFound />
    ) : (
      <ErrorState onRetry={() => void buyback.refetch()} />
    );
  const b = buyback.data;
  const quality = b.conditions_appraisal_result?.quality ?? null;
  const price = b.conditions_appraisal_result?.price ?? b.price;
  const continueUrl = market.paths.base;
  const deepLink =
    b.product_type_choice && b.manufacturer_choice && b.product_model_choice && b.product_color_choice
      ? `/api/buyout/selector-url${query({
          type: b.product_type_choice.value,
          manufacturer: b.manufacturer_choice.value,
          model: b.product_model_choice.value,
          color: b.product_color_choice.value,
          device_condition: quality,
        })}`
      : null;
  return (
    <div className="container narrow page">
      <section className="card offer" data-testid="offer">
        <p className="summary__eyebrow">{t('buyback.offer.title')}</p>
        <h1>{b.device_label}</h1>
        <p className="muted">{b.buyout_number}</p>
        <dl className="summary__result">
          {quality && (
            <div>
              <dt>{t('buyback.quality')}</dt>
              <dd className="quality-badge" data-testid="quality">
                {quality}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('buyback.price')}</dt>
            <dd className="price" data-testid="price">
              {formatMoney(price ?? 0, b.currency, market.locale)}
            </dd>
          </div>
        </dl>
        <ContinueLink api={api} deepLink={deepLink} fallback={continueUrl} label={t('buyback.offer.continue')} />
      </section>
    </div>
  );
}

function ContinueLink({
  api,
  deepLink,
  fallback,
  label,
}: {
  api: ReturnType<typeof useApi>;
  deepLink: string | null;
  fallback: string;
  label: string;
}) {
  const url = useQuery({
    queryKey: ['buyout', 'selector-url', deepLink],
    queryFn: () => api.get<{ url: string }>(deepLink!),
    enabled: deepLink !== null,
  });
  return (
    <a className="button button--primary" href={url.data?.url ?? fallback}>
      {label}
    </a>
  );
}
