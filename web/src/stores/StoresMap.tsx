import type { Market } from '../app/market';
import { useStoresText } from './messages';
import { OUTLINES } from './map/outlines';
import { project } from './map/project';
import type { ShopStore } from './queries';

/**
 * The market's country drawn offline (outlines generated from world-atlas,
 * no tile server, nothing from a third party) with a marker per store. The
 * list beside it is the page's content; the map is a figure with its text
 * alternative naming the cities, so it adds nothing a screen reader misses.
 */
export function StoresMap({ market, stores }: { market: Market; stores: readonly ShopStore[] }) {
  const t = useStoresText();
  const outline = OUTLINES[market];
  const alt = t('mapAlt', { country: t('country'), cities: stores.map((store) => store.city).join(', ') });
  return (
    <figure className="stores-map" data-testid="stores-map">
      <svg viewBox={`0 0 ${outline.width} ${outline.height}`} role="img" aria-label={alt} focusable="false">
        <path className="stores-map__neighbours" d={outline.neighbours} />
        <path className="stores-map__country" d={outline.country} />
        {stores.map((store) => {
          const { x, y } = project(outline, store.coordinates.lng, store.coordinates.lat);
          // Labels of stores in the east would run off the map: those are written to the left of their marker.
          const left = x > outline.width * 0.75;
          return (
            <g key={store.id} className="stores-map__marker" data-testid="stores-map-marker" data-store={store.id}>
              <circle cx={x.toFixed(1)} cy={y.toFixed(1)} r="8" />
              <text x={(left ? x - 13 : x + 13).toFixed(1)} y={(y + 6).toFixed(1)} textAnchor={left ? 'end' : 'start'}>
                {store.city}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="stores-map__caption">{t('map')}</figcaption>
    </figure>
  );
}
