import { useQuery } from '@tanstack/react-query';
import { query, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { formatMoney } from '../app/format';
import { buybackQuery } from '../app/queries';
import { ErrorState, Loading } from '../app/ui';
import { useT } from '../i18n';
import { BuybackNotFound } from './StatusPage';

/**
 * After a sale: what was sold and for how much, what to do next, and the link to follow it. The
 * address carries the seller's token (the sale's Location), so the page shows the sale only to
 * them; any other number or token is a buy-back that does not exist (404).
 */
export function ThankYouPage({ number, token }: { number: string; token: string }) {
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
  const statusUrl = `${market.paths.base}/${market.paths.status}/${encodeURIComponent(number)}${query({ token })}`;
  return (
    <div className="container narrow">
      <section className="card thanks" data-testid="thank-you">
        <div className="thanks__check" aria-hidden="true">
          ✓
        </div>
        <h1>{t('thanks.title')}</h1>
        <p className="thanks__number">
          {t('thanks.number')}: <strong data-testid="buyout-number">{b.buyout_number}</strong>
        </p>
        <dl className="facts thanks__facts">
          <div>
            <dt>{t('status.device')}</dt>
            <dd data-testid="thanks-device">{b.device_label}</dd>
          </div>
          <div>
            <dt>{t('status.price')}</dt>
            <dd className="price" data-testid="thanks-price">
              {formatMoney(b.price, b.currency, market.locale)}
            </dd>
          </div>
        </dl>
        <div className="next-step">
          <strong>{t('thanks.now')}</strong>
          <p data-testid="thanks-next-step">{b.next_step}</p>
        </div>
        <a className="button button--primary" href={statusUrl} data-testid="thanks-status-link">
          {t('thanks.status')}
        </a>
        <p className="muted">{t('thanks.email')}</p>
        <h2>{t('thanks.next')}</h2>
        <ol className="steps-list">
          <li>{t('thanks.step1')}</li>
          <li>{t('thanks.step2')}</li>
          <li>{t('thanks.step3')}</li>
        </ol>
        <a className="button button--secondary" href={market.paths.base}>
          {t('common.backHome')}
        </a>
      </section>
    </div>
  );
}
