import { useT } from '../i18n';
import { Message } from '../app/ui';
import { ProductTile } from './components';
import { useFavourites } from './device-lists';

/** The visitor's favourites: kept on this device (no account list exists yet), so filled in after hydration. */
export function FavouritesPage() {
  const t = useT();
  const { favourites } = useFavourites();
  return (
    <div className="container listing">
      <h1>{t('favourites.title')}</h1>
      <Message kind="info">{t('favourites.device')}</Message>
      {favourites.length === 0 ? (
        <div className="empty" data-testid="favourites-empty">
          <p>{t('favourites.empty')}</p>
        </div>
      ) : (
        <div className="tiles" data-testid="favourites">
          {favourites.map((product) => (
            <ProductTile key={product.code} item={product} />
          ))}
        </div>
      )}
    </div>
  );
}
