import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { Field } from '../app/Field';
import { useNotifications } from '../app/notifications';
import { Message } from '../app/ui';
import { useT } from '../i18n';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../app/market';

export function ContactPage() {
  const t = useT();
  const market = useMarket();
  return (
    <div className="container page">
      <h1>{t('contact.title')}</h1>
      <p className="hero__lead">{t('contact.lead')}</p>
      <div className="contact-grid">
        <section className="card">
          <h2>{t('footer.help')}</h2>
          <p>
            <a href={market.market === 'ro' ? 'tel:+40213001234' : 'tel:+420222333444'}>
              {market.market === 'ro' ? '+40 21 300 1234' : '+420 222 333 444'}
            </a>
          </p>
          <p>
            <a href={market.market === 'ro' ? 'mailto:contact@buyloop.ro' : 'mailto:podpora@buyloop.cz'}>
              {market.market === 'ro' ? 'contact@buyloop.ro' : 'podpora@buyloop.cz'}
            </a>
          </p>
          <p className="muted">{t('footer.hours')}</p>
        </section>
        {/* No date is chosen here: the date picker lives in the fields that take a date (spec 5). */}
        <section className="card">
          <h2>{t('nav.stores')}</h2>
          <p>{t('stores.lead')}</p>
          <Link to={PAGE_PATHS.stores}>{t('nav.stores')}</Link>
        </section>
      </div>
    </div>
  );
}

export function LoginPage() {
  const t = useT();
  const api = useApi();
  const notify = useNotifications((s) => s.notify);
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await api.post('/api/auth/login', { email, password });
      // The header's account links (my orders) follow the session: ask for it again now rather than on the next load.
      await client.invalidateQueries({ queryKey: ['auth', 'session'] });
      notify('success', t('login.done'), email);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? t('login.failed') : t('common.error.text'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="container narrow page">
      <section className="card">
        <h1>{t('login.title')}</h1>
        <form onSubmit={(e) => void submit(e)} className="form-stack">
          <Field name="loginEmail" label={t('login.email')}>
            {(props) => (
              <input
                {...props}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <Field name="loginPassword" label={t('login.password')}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          {error && <Message kind="error">{error}</Message>}
          <button type="submit" className="button button--primary button--block" disabled={pending}>
            {t('login.submit')}
          </button>
        </form>
      </section>
    </div>
  );
}
