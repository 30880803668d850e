import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, query, useApi } from '../app/api';
import { ConfirmDialog } from '../app/ConfirmDialog';
import { useMarket } from '../app/context';
import { formatDate, formatDateTime, formatMoney } from '../app/format';
import { useNotifications } from '../app/notifications';
import { buybackQuery } from '../app/queries';
import { ErrorState, Loading, Message } from '../app/ui';
import { useT } from '../i18n';
import { useLiveQuery } from '../lib/live';

type CustomerAction = 'accept-revised-offer' | 'reject-revised-offer' | 'cancel';

const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

export function BuybackNotFound() {
  const t = useT();
  const market = useMarket();
  return (
    <div className="container narrow page-state">
      <Message kind="warning" title={t('status.notFound.title')}>
        {t('status.notFound.text')}
      </Message>
      <a className="button button--secondary" href={market.paths.base}>
        {t('common.backHome')}
      </a>
    </div>
  );
}

/** The customer's buy-back: status, timeline, next step, a revised offer to accept or reject, cancel, the contract. */
export function StatusPage({ number, token }: { number: string; token: string }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const notify = useNotifications((s) => s.notify);
  const buyback = useQuery({ ...buybackQuery(api, number, token), enabled: Boolean(number && token) });
  // Staff move the buy-back on while the customer watches: the page follows without a reload.
  useLiveQuery(
    buyback.isSuccess ? `/api/buyout/${encodeURIComponent(number)}/events${query({ token })}` : null,
    buybackQuery(api, number, token).queryKey,
  );

  // The step the seller is asked to confirm: none of them can be taken back.
  const [asking, setAsking] = useState<CustomerAction | null>(null);
  const action = useMutation({
    mutationFn: (name: CustomerAction) => api.post(`/api/buyout/${encodeURIComponent(number)}/${name}`, { token }),
    onSuccess: () => {
      notify('success', t('status.done'), '');
      void client.invalidateQueries({ queryKey: buybackQuery(api, number, token).queryKey });
    },
    onError: (error) => {
      console.error('The buy-back action failed', error);
      const message =
        error instanceof ApiError ? (Object.values(error.problem?.messages ?? {})[0]?.[0] ?? error.problem?.title) : null;
      notify('error', t('common.error.title'), message ?? t('common.error.text'));
    },
  });

  if (!number || !token) return <BuybackNotFound />;
  if (buyback.isPending) return <Loading />;
  if (buyback.isError)
    return statusOf(buyback.error) === 404 ? <BuybackNotFound /> : <ErrorState onRetry={() => void buyback.refetch()} />;
  const b = buyback.data;
  const money = (amount: number) => formatMoney(amount, b.currency, market.locale);
  const offer = b.revised_offer;
  const contract = `/api/buyout/${encodeURIComponent(number)}/contract.pdf${query({ token })}`;
  const newPrice = offer ? money(offer.price) : '';
  const question =
    asking === 'accept-revised-offer'
      ? {
          title: t('status.acceptConfirm', { price: newPrice }),
          text: t('status.acceptConfirm.text', { price: newPrice }),
          yes: t('status.acceptConfirm.yes', { price: newPrice }),
          danger: false,
        }
      : asking === 'reject-revised-offer'
        ? {
            title: t('status.rejectConfirm'),
            text: t('status.rejectConfirm.text'),
            yes: t('status.rejectConfirm.yes'),
            danger: true,
          }
        : {
            title: t('status.cancelConfirm'),
            text: t('status.cancelConfirm.text'),
            yes: t('status.cancelConfirm.yes'),
            danger: true,
          };

  return (
    <div className="container status-page">
      <div className="status-page__head">
        <div>
          <h1>{t('status.title', { number: b.buyout_number })}</h1>
          <p className="muted">{b.device_label}</p>
        </div>
        <span className={`status-pill status-pill--${b.status}`} data-testid="status-label">
          {b.status_label}
        </span>
      </div>
      <div className="status-page__grid">
        <div className="status-page__main">
          <section className="card">
            <dl className="facts">
              <div>
                <dt>{t('status.device')}</dt>
                <dd>{b.device_label}</dd>
              </div>
              <div>
                <dt>{t('status.price')}</dt>
                <dd className="price" data-testid="status-price">
                  {money(b.price)}
                </dd>
              </div>
            </dl>
            <div className="next-step">
              <strong>{t('status.next')}</strong>
              <p data-testid="next-step">{b.next_step}</p>
            </div>
          </section>

          {offer && (
            <section className="card revised" data-testid="revised-offer" aria-labelledby="revised-title">
              <h2 id="revised-title">{t('status.revised')}</h2>
              <dl className="facts">
                <div>
                  <dt>{t('status.previousPrice')}</dt>
                  <dd>
                    <s>{money(offer.previous_price)}</s>
                  </dd>
                </div>
                <div>
                  <dt>{t('status.newPrice')}</dt>
                  <dd className="price">{money(offer.price)}</dd>
                </div>
              </dl>
              {offer.reasons.length > 0 && (
                <>
                  <h3>{t('status.reasons')}</h3>
                  <ul className="reasons">
                    {offer.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </>
              )}
              {offer.outcome === 'open' && (
                <p className="muted">{t('status.expires', { date: formatDate(offer.expires_at, market.timeZone) })}</p>
              )}
              {(b.can_accept_revised_offer || b.can_reject_revised_offer) && (
                <div className="form-actions">
                  {b.can_accept_revised_offer && (
                    <button
                      type="button"
                      className="button button--primary"
                      data-testid="accept-revised-offer"
                      disabled={action.isPending}
                      onClick={() => setAsking('accept-revised-offer')}
                    >
                      {t('status.accept')}
                    </button>
                  )}
                  {b.can_reject_revised_offer && (
                    <button
                      type="button"
                      className="button button--secondary"
                      data-testid="reject-revised-offer"
                      disabled={action.isPending}
                      onClick={() => setAsking('reject-revised-offer')}
                    >
                      {t('status.reject')}
                    </button>
                  )}
                </div>
              )}
            </section>
          )}

          <section className="card" aria-labelledby="timeline-title">
            <h2 id="timeline-title">{t('status.timeline')}</h2>
            <ol className="timeline" data-testid="timeline">
              {b.timeline.map((entry, index) => (
                <li key={`${entry.type}-${entry.at}-${index}`} className="timeline__item" data-testid="timeline-item">
                  <span className="timeline__dot" aria-hidden="true" />
                  <div>
                    <strong>{entry.title}</strong>
                    <time dateTime={entry.at} className="timeline__time">
                      {formatDateTime(entry.at, market.timeZone)}
                    </time>
                    <p>{entry.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <aside className="status-page__side">
          <section className="card">
            {/* A cancelled sale (or an offer never sold) has no purchase contract to download. */}
            {b.status !== 'cancelled' && b.status !== 'offered' && (
              <a className="button button--secondary button--block" href={contract} data-testid="download-contract" download>
                {t('status.contract')}
              </a>
            )}
            {b.can_cancel && (
              <button
                type="button"
                className="button button--danger button--block"
                data-testid="cancel-buyback"
                disabled={action.isPending}
                onClick={() => setAsking('cancel')}
              >
                {t('status.cancel')}
              </button>
            )}
          </section>
        </aside>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={question.title}
        text={question.text}
        confirmLabel={question.yes}
        cancelLabel={t('status.confirm.no')}
        danger={question.danger}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) action.mutate(asking);
          setAsking(null);
        }}
      />
    </div>
  );
}
