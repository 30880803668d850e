import { useT } from '../i18n';
import { useDeviceList } from './device-lists';
import { ProductTile } from './components';

/** Spec 4: the 4 most recently visited products, most recent first (kept on the device, so shown after hydration). */
export function LastVisited({ except }: { except?: string }) {
  const t = useT();
  const visited = useDeviceList('visited').filter((product) => product.code !== except);
  if (visited.length === 0) return null;
  return (
    <section aria-labelledby="last-visited" className="shop-section" data-testid="last-visited">
      <h2 id="last-visited">{t('visited.title')}</h2>
      <div className="tiles tiles--four">
        {visited.map((product) => (
          <ProductTile key={product.code} item={product} />
        ))}
      </div>
    </section>
  );
}
