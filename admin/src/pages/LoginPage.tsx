import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getJson, isApiError, request } from '../api/client';
import { isStaff } from '../api/permissions';
import { errorText } from '../i18n';
import { useT } from '../app/lang';
import { ACCOUNT_KEY, type Me } from '../app/session';

export function LoginPage() {
  const { t, lang } = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await getJson('/api/auth/csrf');
      await request('/api/auth/login', { method: 'POST', body: { email: email.trim(), password } });
      const { user } = await getJson<{ user: Me }>('/api/account');
      if (!isStaff(user.roles)) {
        setError(t('login.not_staff'));
        await request('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
        return;
      }
      // Signed in: the app's /login route goes on to `next`.
      client.setQueryData(ACCOUNT_KEY, { user_id: user.user_id, email: user.email, roles: user.roles });
    } catch (caught) {
      if (isApiError(caught)) {
        const fieldMessages = Object.values(caught.problem.messages ?? {}).flat();
        setError(
          fieldMessages.length > 0
            ? fieldMessages.join(' ')
            : caught.problem.title && caught.problem.code !== `http.${caught.status}`
              ? errorText(caught.problem.code, lang) !== caught.problem.code
                ? errorText(caught.problem.code, lang)
                : caught.problem.title
              : t('login.failed'),
        );
      } else setError(t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page" id="main">
      <form
        className="login-card"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-describedby={error ? 'login-error' : undefined}
      >
        <div className="brand login-brand">
          <span className="brand-mark" aria-hidden="true">
            B
          </span>
          <span>
            Buyloop <span className="brand-sub">back office</span>
          </span>
        </div>
        <h1>{t('login.title')}</h1>
        <label className="field">
          <span>{t('login.email')}</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="form-error" id="login-error" data-testid="login-error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn-primary btn-block" type="submit" data-testid="login-submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
