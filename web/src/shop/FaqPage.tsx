import { Link } from 'react-router';
import { useT, type UiKey } from '../i18n';
import { PAGE_PATHS } from '../app/market';

const TOPICS = ['quality', 'warranty', 'delivery', 'returns', 'buyback', 'stores'] as const;

/** Frequently asked questions as native disclosures: keyboard-ready and readable without script. */
export function FaqPage() {
  const t = useT();
  return (
    <div className="container narrow page">
      <h1>{t('faq.title')}</h1>
      <p className="muted">{t('faq.lead')}</p>
      <div className="faq" data-testid="faq">
        {TOPICS.map((topic) => (
          <details key={topic} className="faq__item">
            <summary>{t(`faq.q.${topic}` as UiKey)}</summary>
            <p>{t(`faq.a.${topic}` as UiKey)}</p>
          </details>
        ))}
      </div>
      <p>
        <Link to={PAGE_PATHS.contact}>{t('nav.contact')}</Link>
      </p>
    </div>
  );
}
