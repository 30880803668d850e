import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { getJson, isApiError } from '../api/client';
import { useT } from '../app/lang';
import { roleLabel } from '../app/roles';
import { formatDateTime } from '../i18n/format';
import { Forbidden } from './Forbidden';
import type { User } from '@buyloop/contracts/identity/http';

type UserView = User;

/** A user looked up by ID (the timeline names people by their user ID). */
export function UsersPage() {
  const { t } = useT();
  const { userId } = useParams();
  const navigate = useNavigate();
  const [input, setInput] = useState(userId ?? '');
  const user = useQuery({
    queryKey: ['user', userId],
    queryFn: ({ signal }) => getJson<{ user: UserView }>(`/api/admin/users/${encodeURIComponent(userId ?? '')}`, signal),
    enabled: userId !== undefined,
    retry: false,
  });
  const find = (event: FormEvent) => {
    event.preventDefault();
    if (input.trim()) void navigate(`/users/${encodeURIComponent(input.trim())}`);
  };
  if (user.isError && isApiError(user.error) && user.error.status === 403) return <Forbidden />;
  const u = user.data?.user;
  return (
    <section className="page" aria-labelledby="users-title">
      <div className="page-head">
        <h1 id="users-title">{t('menu.users')}</h1>
      </div>
      <form className="card" onSubmit={find}>
        <div className="form-row">
          <label className="field">
            <span>{t('users.lookup')}</span>
            <input name="user_lookup" className="mono" value={input} onChange={(e) => setInput(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t('approvals.find')}
          </button>
        </div>
      </form>
      {user.isError && (
        <p className="banner banner-error" role="alert">
          {isApiError(user.error) && user.error.status === 404 ? t('app.not_found') : t('app.error')}
        </p>
      )}
      {u && (
        <div className="card" data-testid="user">
          <dl className="facts">
            <div className="fact">
              <dt>ID</dt>
              <dd className="mono">{u.user_id}</dd>
            </div>
            <div className="fact">
              <dt>{t('login.email')}</dt>
              <dd>{u.email}</dd>
            </div>
            <div className="fact">
              <dt>{t('users.roles')}</dt>
              <dd>{u.roles.map((role) => roleLabel(role, t)).join(', ')}</dd>
            </div>
            <div className="fact">
              <dt>{t('users.last_login')}</dt>
              <dd>{u.last_login_at ? formatDateTime(u.last_login_at) : '—'}</dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}
