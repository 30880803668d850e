import { useMarket } from '../app/context';
import { useT } from '../i18n';

export function ThankYouPage({ number }: { number: string }) {
  const t = useT();
  const market = useMarket();
  return (
    <div className="container narrow">
      <section className="card thanks" data-testid="thank-you">
        <div className="thanks__check" aria-hidden="true">
          ✓
        </div>
        <h1>{t('thanks.title')}</h1>
        {number && (
          <p className="thanks__number">
            {t('thanks.number')}: <strong data-testid="buyout-number">{number}</strong>
          </p>
        )}
        <p>{t('thanks.email')}</p>
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
