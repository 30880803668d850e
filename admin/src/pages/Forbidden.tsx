import { Link } from 'react-router';
import { useT } from '../app/lang';

/** Spec 6: 'You do not have permission to access this page'. */
export function Forbidden() {
  const { t } = useT();
  return (
    <section className="page forbidden" data-testid="forbidden" role="alert">
      <div className="forbidden-icon" aria-hidden="true">
        403
      </div>
      <h1>{t('forbidden.text')}</h1>
      <p>
        <Link to="/">{t('forbidden.back')}</Link>
      </p>
    </section>
  );
}
