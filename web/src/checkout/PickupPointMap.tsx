import { useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Market } from '../app/market';
import { LanguageContext } from '../i18n';
import type { UiLanguage } from '../i18n/messages';
import { OUTLINES } from '../stores/map/outlines';
import { project, type Outline } from '../stores/map/project';
import './pickup-point-map.css';

/** A pickup point as GET /api/cart/delivery-places answers it (the fields the map and the list show). */
export interface PickupPlace {
  readonly id: string;
  readonly name: string;
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  readonly lat: number;
  readonly lng: number;
  readonly distance_m?: number;
  readonly available: boolean;
}

export interface PickupPointMapProps {
  readonly places: readonly PickupPlace[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly market: Market;
  /**
   * Whether the list offers its own search over the places given (default). Off where the page
   * searches the API itself, so the buyer meets one search box, not two.
   */
  readonly searchable?: boolean;
}

const TEXTS: Readonly<Record<UiLanguage, Readonly<Record<TextKey, string>>>> = {
  cs: {
    map: 'Mapa výdejních míst',
    search: 'Hledat ve výdejních místech',
    list: 'Výdejní místa',
    unavailable: 'Nedostupné nebo přeplněné',
    selected: 'Vybráno',
    none: 'Žádné výdejní místo neodpovídá hledání.',
    km: '{km} km',
    m: '{m} m',
  },
  ro: {
    map: 'Harta punctelor de ridicare',
    search: 'Căutați în punctele de ridicare',
    list: 'Puncte de ridicare',
    unavailable: 'Indisponibil sau aglomerat',
    selected: 'Selectat',
    none: 'Niciun punct de ridicare nu corespunde căutării.',
    km: '{km} km',
    m: '{m} m',
  },
  en: {
    map: 'Map of pickup points',
    search: 'Search the pickup points',
    list: 'Pickup points',
    unavailable: 'Unavailable or congested',
    selected: 'Selected',
    none: 'No pickup point matches the search.',
    km: '{km} km',
    m: '{m} m',
  },
};
type TextKey = 'map' | 'search' | 'list' | 'unavailable' | 'selected' | 'none' | 'km' | 'm';

/** Accent- and case-insensitive, as the API searches (`plzen` finds Plzeň, `stefan` finds Ștefan). */
export const foldText = (value: string): string =>
  value.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();

/** The places whose name, street, town or postcode hold every word of the term (spaces in postcodes ignored). */
export function filterPlaces<P extends PickupPlace>(places: readonly P[], term: string): P[] {
  const words = foldText(term).split(' ').filter(Boolean);
  if (words.length === 0) return [...places];
  return places.filter((place) => {
    const text = foldText(`${place.name} ${place.street} ${place.city} ${place.zip} ${place.zip.replace(/\s/g, '')}`);
    return words.every((word) => text.includes(word));
  });
}

export interface Marker {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/** Where each place lands on the country's outline; places outside the drawn view (another country) are left off the map. */
export function markersOf(places: readonly PickupPlace[], outline: Outline): Marker[] {
  return places.flatMap((place) => {
    const { x, y } = project(outline, place.lng, place.lat);
    if (!(x >= 0 && x <= outline.width && y >= 0 && y <= outline.height)) return [];
    return [{ id: place.id, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }];
  });
}

/** The part of the outline the map shows, in its own units (an SVG viewBox). */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The closest the map zooms in: a fortieth of the country's width (about a town's size). */
const MIN_VIEW_SHARE = 1 / 40;

/**
 * The view that fits the markers with a margin, in the outline's proportions: a search for one town
 * lists its points a few hundred metres apart, on the country's scale one heap of markers of which
 * only the top one could be clicked. Never wider than the whole country.
 */
export function viewOf(markers: readonly Marker[], outline: Outline): View {
  const whole = { x: 0, y: 0, width: outline.width, height: outline.height };
  if (markers.length === 0) return whole;
  const xs = markers.map((marker) => marker.x);
  const ys = markers.map((marker) => marker.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const ratio = outline.width / outline.height;
  // A fifth more than the markers span, so the outermost ones are not cut in half at the edge.
  const width = Math.max((right - left) * 1.2, (bottom - top) * 1.2 * ratio, outline.width * MIN_VIEW_SHARE);
  if (width >= outline.width) return whole;
  const height = width / ratio;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    x: round((left + right) / 2 - width / 2),
    y: round((top + bottom) / 2 - height / 2),
    width: round(width),
    height: round(height),
  };
}

/** "350 m", "1.2 km" (the list shows how far a place is when the search had a point to measure from). */
export function distanceText(metres: number, language: UiLanguage): string {
  const texts = TEXTS[language];
  if (metres < 1000) return texts.m.replace('{m}', String(Math.round(metres / 10) * 10));
  const km = metres < 10_000 ? (metres / 1000).toFixed(1) : String(Math.round(metres / 1000));
  return texts.km.replace('{km}', language === 'en' ? km : km.replace('.', ','));
}

/**
 * The checkout's pickup points drawn offline on the market's outline (the
 * stores map's outlines and projection, no tiles, nothing from a third
 * party), each a marker that a click, Enter or Space selects, beside a
 * list to search: the list is the accessible way to choose, the map shows
 * where. A congested or closed point is shown but cannot be chosen (spec 8).
 */
export function PickupPointMap({ places, selectedId, onSelect, market, searchable = true }: PickupPointMapProps) {
  const language = useContext(LanguageContext);
  const texts = TEXTS[language];
  const outline = OUTLINES[market];
  const [term, setTerm] = useState('');
  const searchId = useId();
  const listed = useMemo(() => filterPlaces(places, term), [places, term]);
  const markers = useMemo(() => markersOf(listed, outline), [listed, outline]);
  const view = useMemo(() => viewOf(markers, outline), [markers, outline]);
  // Markers keep their size on screen however far the view zooms in.
  const scale = view.width / outline.width;
  const byId = useMemo(() => new Map(places.map((place) => [place.id, place])), [places]);
  const list = useRef<HTMLUListElement>(null);
  // A place chosen on the map may be far down the list: bring its entry into the list's view (the page stays put).
  useEffect(() => {
    const entry = selectedId ? list.current?.querySelector(`[data-place="${CSS.escape(selectedId)}"]`) : null;
    const box = list.current;
    if (!entry || !box) return;
    const inner = entry.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    if (inner.top < outer.top || inner.bottom > outer.bottom)
      box.scrollTop += inner.top - outer.top - (outer.height - inner.height) / 2;
  }, [selectedId]);
  const choose = (place: PickupPlace | undefined) => {
    if (place?.available) onSelect(place.id);
  };
  const onMarkerKey = (event: KeyboardEvent, place: PickupPlace | undefined) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose(place);
  };
  // The chosen marker is drawn last, on top of its neighbours.
  const ordered = [...markers].sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId));

  return (
    <div className="pickup-map" data-testid="pickup-point-map">
      <figure className="pickup-map__figure">
        <svg viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`} role="group" aria-label={texts.map}>
          <path className="pickup-map__neighbours" d={outline.neighbours} />
          <path className="pickup-map__country" d={outline.country} />
          {ordered.map((marker) => {
            const place = byId.get(marker.id);
            const selected = marker.id === selectedId;
            const available = place?.available ?? false;
            return (
              <g
                key={marker.id}
                className={`pickup-map__marker${selected ? ' is-selected' : ''}${available ? '' : ' is-unavailable'}`}
                role="button"
                tabIndex={available ? 0 : -1}
                aria-pressed={selected}
                aria-disabled={!available}
                aria-label={`${place?.name ?? marker.id}${available ? '' : ` (${texts.unavailable})`}`}
                data-testid="pickup-map-marker"
                data-place={marker.id}
                onClick={() => choose(place)}
                onKeyDown={(event) => onMarkerKey(event, place)}
              >
                <circle cx={marker.x} cy={marker.y} r={(selected ? 11 : 7) * scale} />
              </g>
            );
          })}
        </svg>
        <figcaption className="pickup-map__caption">{texts.map}</figcaption>
      </figure>
      <div className="pickup-map__side">
        {searchable ? (
          <>
            <label htmlFor={searchId}>{texts.search}</label>
            <input
              id={searchId}
              type="search"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              data-testid="pickup-map-search"
              autoComplete="off"
            />
          </>
        ) : null}
        {listed.length === 0 ? (
          <p className="pickup-map__none">{texts.none}</p>
        ) : (
          <ul ref={list} className="pickup-map__list" aria-label={texts.list}>
            {listed.map((place) => {
              const selected = place.id === selectedId;
              return (
                <li key={place.id} className={selected ? 'is-selected' : undefined}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={!place.available}
                    onClick={() => choose(place)}
                    data-testid="pickup-map-place"
                    data-place={place.id}
                  >
                    <span className="pickup-map__name">{place.name}</span>
                    <span className="pickup-map__address">
                      {place.street}, {place.zip} {place.city}
                    </span>
                    <span className="pickup-map__meta">
                      {place.distance_m !== undefined ? distanceText(place.distance_m, language) : null}
                      {place.available ? (selected ? ` ${texts.selected}` : '') : ` ${texts.unavailable}`}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
