import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, useApi } from '../app/api';
import { Field } from '../app/Field';
import { Message } from '../app/ui';
import { useRevealOnMount } from '../app/reveal';
import { useT } from '../i18n';
import type { AppraisalFields } from './sell-online';
import type { SendToEmailResult } from './types';

/** Send the offer to an e-mail address (spec: the sent flag is null, true or false). */
export function SendEmailForm({ appraisal }: { appraisal: AppraisalFields }) {
  const t = useT();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<boolean | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: string; general?: string }>({});
  const key = useRef<string | null>(null);
  const heading = useRevealOnMount<HTMLHeadingElement>();

  const send = useMutation({
    mutationFn: () => {
      key.current ??= globalThis.crypto.randomUUID();
      return api.post<SendToEmailResult>(
        '/api/buyout/send-to-email',
        { ...appraisal, e_mail: email.trim(), note: note.trim() === '' ? null : note.trim() },
        { 'idempotency-key': key.current },
      );
    },
    onMutate: () => {
      setErrors({});
      // A new attempt: what the last one reported no longer holds.
      setSent(null);
    },
    onSuccess: (response) => {
      setSent(response.body.email_sent);
      setNumber(response.body.buyout_number);
      key.current = null;
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const messages = error.problem?.messages ?? {};
        const general = Object.entries(messages)
          .filter(([field]) => field !== 'e_mail')
          .map(([, list]) => list.join(' '))
          .join(' ');
        setErrors({ email: messages.e_mail?.join(' '), general: general || undefined });
      } else {
        console.error('Sending the offer failed', error);
        setSent(false);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };

  return (
    <section className="card way" aria-labelledby="send-email-title">
      <h2 id="send-email-title" ref={heading} tabIndex={-1}>
        {t('buyback.email.title')}
      </h2>
      <form data-testid="send-email-form" onSubmit={submit} noValidate className="form-grid">
        <Field name="email" label={t('buyback.email.label')} error={errors.email}>
          {(props) => (
            <input {...props} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <Field name="note" label={t('buyback.email.note')} className="field--wide">
          {(props) => <textarea {...props} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        {errors.general && <Message kind="error">{errors.general}</Message>}
        <div className="form-actions">
          <button type="submit" className="button button--primary" data-testid="send-email-submit" disabled={send.isPending}>
            {t('buyback.email.submit')}
          </button>
        </div>
      </form>
      {sent !== null && (
        <div data-testid="email-sent" data-sent={String(sent)}>
          <Message kind={sent ? 'success' : 'error'} title={sent ? t('buyback.email.sent') : t('buyback.email.notSent')}>
            {number && t('buyback.email.number', { number })}
          </Message>
        </div>
      )}
    </section>
  );
}
