import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, query, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { Field } from '../app/Field';
import { Message } from '../app/ui';
import { useRevealOnMount } from '../app/reveal';
import { useT } from '../i18n';
import type { BuybackStatus } from './types';
import { lookupOf } from './review';

/** Review mode: an existing buy-back looked up by its number and the token from the e-mail. */
export function ReviewForm() {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const [number, setNumber] = useState('');
  const [token, setToken] = useState('');
  const heading = useRevealOnMount<HTMLHeadingElement>();
  const review = useMutation({
    mutationFn: (asked: { number: string; token: string }) =>
      api.get<BuybackStatus>(`/api/buyout/${encodeURIComponent(asked.number)}${query({ token: asked.token })}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    review.mutate(lookupOf(number, token));
  };
  const found = review.data;
  // The link opens the buy-back that was found, whatever the boxes say by now.
  const asked = review.variables;
  const statusUrl = asked
    ? `${market.paths.base}/${market.paths.status}/${encodeURIComponent(asked.number)}${query({ token: asked.token })}`
    : '';
  return (
    <section className="card way" aria-labelledby="review-title">
      <h2 id="review-title" ref={heading} tabIndex={-1}>
        {t('buyback.review.title')}
      </h2>
      <form data-testid="review-form" onSubmit={submit} className="form-grid">
        <Field name="buyoutNumber" label={t('buyback.review.number')}>
          {(props) => <input {...props} value={number} onChange={(e) => setNumber(e.target.value)} />}
        </Field>
        <Field name="token" label={t('buyback.review.token')} hint={t('buyback.review.token.hint')}>
          {(props) => <input {...props} required autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--secondary" data-testid="review-submit" disabled={review.isPending}>
            {t('buyback.review.submit')}
          </button>
        </div>
      </form>
      {review.isError && (
        <Message kind="error">
          {review.error instanceof ApiError && review.error.status === 404
            ? t('buyback.review.notFound')
            : t('common.error.text')}
        </Message>
      )}
      {found && (
        <div className="review-result" data-testid="review-result">
          <p className="summary__name">{found.device_label}</p>
          <p>
            <span className="status-pill">{found.status_label}</span> <strong>{found.price_text}</strong>
          </p>
          <p>{found.next_step}</p>
          <a className="button button--primary" href={statusUrl}>
            {t('buyback.review.open')}
          </a>
        </div>
      )}
    </section>
  );
}
