import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { formatDateTime, formatMoney, timeZoneOf } from '../../i18n/format';
import { get, keys, paths, send } from './api';
import { isoFromLocal, wholeAmount } from './forms';
import { stepSeries, type PriceChange } from './price-chart';
import { PriceChart } from './PriceChart';
import type { OfferResult, PriceView, SetPriceResult } from './types';
import { FormErrors, LoadState, TextField, useForm } from './ui';

/** The applied price's stretches as the chart's changes. */
export const changesOf = (view: Pick<PriceView, 'history'>): PriceChange[] =>
  view.history.map((segment) => ({
    price: segment.price,
    from: segment.from,
    to: segment.to,
    offer: segment.kind === 'offer',
  }));

/** A variant's price in the market: now, the Omnibus lowest of 30 days when reduced, setting it, offers and the history chart. */
export function PricePanel({ code, canSet }: { code: string; canSet: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState<'price' | 'offer' | null>(null);
  const price = useQuery({
    queryKey: keys.price(code),
    queryFn: ({ signal }) => get<PriceView>(paths.price(code), signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
  });
  // A product without any price yet answers 404: that is an empty history, not a failure.
  const none = price.isError && isApiError(price.error) && price.error.status === 404;
  const view = price.data;
  const currency = view?.currency ?? 'CZK';
  const zone = timeZoneOf(currency);
  const reduced = view?.reduced === true && view.lowest_price_30d !== null;

  return (
    <section className="card" aria-labelledby="price-title" data-testid="price-panel">
      <div className="card-head">
        <h2 className="card-title" id="price-title">
          {t('cat.price.title')}
        </h2>
        {canSet && (
          <div className="row-buttons">
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={open === 'price'}
              onClick={() => setOpen(open === 'price' ? null : 'price')}
              data-testid="price-set-open"
            >
              {t('cat.price.set')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={open === 'offer'}
              onClick={() => setOpen(open === 'offer' ? null : 'offer')}
              data-testid="price-offer-open"
            >
              {t('cat.price.offer_new')}
            </button>
          </div>
        )}
      </div>
      {!none && <LoadState pending={price.isPending} error={price.error} retry={() => void price.refetch()} />}
      {none && (
        <p className="muted" data-testid="price-none">
          {t('cat.price.none')}
        </p>
      )}
      {view && (
        <div className="ctl-price-now">
          <div className="kpi kpi-strong">
            <div className="kpi-label">{t('cat.price.current')}</div>
            <div className="kpi-value" data-testid="price-current">
              {view.price === null ? '—' : formatMoney(view.price, currency)}
            </div>
          </div>
          {view.reduced && view.regular_price !== null && view.regular_price !== view.price && (
            <div className="kpi">
              <div className="kpi-label">{t('cat.price.regular')}</div>
              <div className="kpi-value">
                <s>{formatMoney(view.regular_price, currency)}</s>
              </div>
            </div>
          )}
          {reduced && (
            <div className="kpi ctl-omnibus">
              <div className="kpi-label">{t('cat.price.lowest_30d')}</div>
              <div className="kpi-value" data-testid="price-lowest-30d">
                {formatMoney(view.lowest_price_30d, currency)}
              </div>
            </div>
          )}
          {(view.since || view.next_change_at) && (
            <p className="small muted ctl-price-since">
              {view.since && t('cat.price.since', { date: formatDateTime(view.since, zone) })}
              {view.since && view.next_change_at && ' · '}
              {view.next_change_at && t('cat.price.next_change', { date: formatDateTime(view.next_change_at, zone) })}
            </p>
          )}
          {view.offer && (
            <p className="ctl-offer small" data-testid="price-offer">
              {t('cat.price.offer_running', {
                price: formatMoney(view.offer.price, currency),
                until: formatDateTime(view.offer.valid_to, zone),
              })}
            </p>
          )}
        </div>
      )}
      {open === 'price' && <SetPriceForm code={code} onClose={() => setOpen(null)} />}
      {open === 'offer' && <OfferForm code={code} onClose={() => setOpen(null)} />}
      {view && (
        <PriceChart points={stepSeries(changesOf(view), Date.now())} currency={currency} lowest30d={view.lowest_price_30d} />
      )}
      {view && view.history.length > 0 && (
        <details className="ctl-history">
          <summary>{t('cat.price.history')}</summary>
          <table className="table table-compact" data-testid="price-history">
            <thead>
              <tr>
                <th scope="col">{t('cat.price.from')}</th>
                <th scope="col">{t('cat.price.to')}</th>
                <th scope="col" className="num">
                  {t('cat.price.price')}
                </th>
                <th scope="col">{t('cat.price.kind')}</th>
              </tr>
            </thead>
            <tbody>
              {[...view.history].reverse().map((segment) => (
                <tr key={`${segment.from}-${segment.kind}`}>
                  <td>{formatDateTime(segment.from, zone)}</td>
                  <td>{segment.to ? formatDateTime(segment.to, zone) : ''}</td>
                  <td className="num">{formatMoney(segment.price, currency)}</td>
                  <td>{t(segment.kind === 'offer' ? 'cat.price.offer' : 'cat.price.regular')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

function SetPriceForm({ code, onClose }: { code: string; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ price: '', valid_from: '' });
  const submit = form.submit(async () => {
    const validFrom = isoFromLocal(form.values.valid_from);
    const result = await send<SetPriceResult>('PUT', paths.price(code), {
      price: wholeAmount(form.values.price),
      ...(validFrom ? { valid_from: validFrom } : {}),
    });
    client.setQueryData(keys.price(code), result.current);
    onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form ctl-inline-form" data-testid="price-form">
      <div className="form-row form-row-top">
        <TextField
          form={form}
          name="price"
          label={t('cat.price.new_price')}
          inputMode="numeric"
          required
          className="ctl-field-mid"
          autoFocus
        />
        <TextField
          form={form}
          name="valid_from"
          type="datetime-local"
          label={t('cat.price.valid_from')}
          hint={t('cat.price.valid_from_hint')}
          className="ctl-field-mid"
        />
      </div>
      <FormErrors form={form} known={['price', 'valid_from']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="price-save">
          {t('cat.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}

function OfferForm({ code, onClose }: { code: string; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ price: '', valid_from: '', valid_to: '' });
  const submit = form.submit(async () => {
    const validFrom = isoFromLocal(form.values.valid_from);
    const result = await send<OfferResult>('POST', paths.offers(code), {
      price: wholeAmount(form.values.price),
      ...(validFrom ? { valid_from: validFrom } : {}),
      valid_to: isoFromLocal(form.values.valid_to) ?? '',
    });
    client.setQueryData(keys.price(code), result.current);
    onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form ctl-inline-form" data-testid="offer-form">
      <div className="form-row form-row-top">
        <TextField
          form={form}
          name="price"
          label={t('cat.price.offer_price')}
          inputMode="numeric"
          required
          className="ctl-field-mid"
          autoFocus
        />
        <TextField
          form={form}
          name="valid_from"
          type="datetime-local"
          label={t('cat.price.valid_from')}
          className="ctl-field-mid"
        />
        <TextField
          form={form}
          name="valid_to"
          type="datetime-local"
          label={t('cat.price.valid_to')}
          required
          className="ctl-field-mid"
        />
      </div>
      <FormErrors form={form} known={['price', 'valid_from', 'valid_to']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="offer-save">
          {t('cat.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}
