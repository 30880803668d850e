import { useT } from '../i18n';
import { Message } from '../app/ui';
import { ProductTile } from './components';
import { useFavourites } from './favourites';

/** The favourites: the device's for a visitor, the account's once signed in; filled in after hydration either way. */
export function FavouritesPage() {
  const t = useT();
  const { favourites, signedIn } = useFavourites();
  return (
    <div className="container listing">
      <h1>{t('favourites.title')}</h1>
      <Message kind="info">{t(signedIn ? 'favourites.account' : 'favourites.device')}</Message>
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
