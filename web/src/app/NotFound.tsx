import { Link } from 'react-router';
import { useT } from '../i18n';
import { useMarket } from './context';
import { Message } from './ui';

export function NotFound() {
  const t = useT();
  const market = useMarket();
  return (
    <div className="container page-state" data-testid="not-found">
      <h1>{t('common.notFound.title')}</h1>
      <Message kind="warning">{t('common.notFound.text')}</Message>
      <div className="form-actions">
        <Link className="button button--primary" to="/" data-testid="not-found-shop">
          {t('common.backShop')}
        </Link>
        <Link className="button button--secondary" to={market.paths.base} data-testid="not-found-home">
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
