import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { LanguageContext } from '../i18n';
import { OUTLINES } from '../stores/map/outlines';
import { distanceText, filterPlaces, markersOf, PickupPointMap, viewOf, type PickupPlace } from './PickupPointMap';

const place = (over: Partial<PickupPlace> & Pick<PickupPlace, 'id'>): PickupPlace => ({
  name: 'Trafika Praha, Dlouhá',
  street: 'Dlouhá 5',
  city: 'Praha',
  zip: '110 00',
  lat: 50.0875,
  lng: 14.4246,
  available: true,
  ...over,
});
const places = [
  place({ id: 'cz-1' }),
  place({
    id: 'cz-2',
    name: 'Papírnictví Plzeň, Husova',
    street: 'Husova 12',
    city: 'Plzeň',
    zip: '301 00',
    lat: 49.7475,
    lng: 13.3776,
  }),
  place({
    id: 'cz-3',
    name: 'Box České Budějovice',
    city: 'České Budějovice',
    zip: '370 01',
    lat: 48.9745,
    lng: 14.4743,
    available: false,
  }),
  // Bucharest: outside the Czech map.
  place({
    id: 'ro-1',
    name: 'Chioșc București, Strada Gării',
    street: 'Strada Gării 3',
    city: 'București',
    zip: '010011',
    lat: 44.4268,
    lng: 26.1025,
  }),
];

describe('the pickup-point map’s pure parts', () => {
  it('filters the list by every word, accents, case and the postcode’s space aside', () => {
    expect(filterPlaces(places, 'plzen').map((p) => p.id)).toEqual(['cz-2']);
    expect(filterPlaces(places, 'CESKE bud').map((p) => p.id)).toEqual(['cz-3']);
    expect(filterPlaces(places, '30100').map((p) => p.id)).toEqual(['cz-2']);
    expect(filterPlaces(places, 'dlouha praha').map((p) => p.id)).toEqual(['cz-1']);
    expect(filterPlaces(places, '  ')).toHaveLength(4);
    expect(filterPlaces(places, 'brno')).toEqual([]);
  });

  it('projects places onto the market’s outline and leaves off those outside it', () => {
    const markers = markersOf(places, OUTLINES.cz);
    expect(markers.map((m) => m.id)).toEqual(['cz-1', 'cz-2', 'cz-3']);
    const [praha, plzen] = markers;
    // Plzeň is west of Prague (smaller x) and a little south (larger y).
    expect(plzen!.x).toBeLessThan(praha!.x);
    expect(plzen!.y).toBeGreaterThan(praha!.y);
    for (const marker of markers) {
      expect(marker.x).toBeGreaterThanOrEqual(0);
      expect(marker.x).toBeLessThanOrEqual(OUTLINES.cz.width);
    }
    expect(markersOf(places, OUTLINES.ro).map((m) => m.id)).toEqual(['ro-1']);
  });

  it('zooms to the places of one town so their markers stand apart, and shows the country for places across it', () => {
    const outline = OUTLINES.cz;
    const prague = markersOf(
      [
        place({ id: 'a', lat: 50.0875, lng: 14.4246 }),
        place({ id: 'b', lat: 50.0755, lng: 14.4378 }),
        place({ id: 'c', lat: 50.1036, lng: 14.45 }),
      ],
      outline,
    );
    const view = viewOf(prague, outline);
    expect(view.width).toBeLessThan(outline.width / 10);
    // Every marker inside, in the outline's proportions.
    for (const marker of prague) {
      expect(marker.x).toBeGreaterThan(view.x);
      expect(marker.x).toBeLessThan(view.x + view.width);
      expect(marker.y).toBeGreaterThan(view.y);
      expect(marker.y).toBeLessThan(view.y + view.height);
    }
    expect(view.width / view.height).toBeCloseTo(outline.width / outline.height, 1);
    // One place: zoomed in, but no closer than a town.
    expect(viewOf(prague.slice(0, 1), outline).width).toBeCloseTo(outline.width / 40, 0);
    // Prague, Plzeň and Budějovice, or none at all: the whole country is never exceeded.
    const wide = viewOf(markersOf([...places, place({ id: 'east', lat: 49.8209, lng: 18.2625 })], outline), outline);
    expect(wide.width).toBeLessThanOrEqual(outline.width);
    expect(viewOf([], outline)).toEqual({ x: 0, y: 0, width: outline.width, height: outline.height });
  });

  it('writes distances in metres and kilometres in the language’s way', () => {
    expect(distanceText(344, 'cs')).toBe('340 m');
    expect(distanceText(1_234, 'cs')).toBe('1,2 km');
    expect(distanceText(1_234, 'en')).toBe('1.2 km');
    expect(distanceText(23_456, 'ro')).toBe('23 km');
  });
});

describe('the pickup-point map', () => {
  const render = (selectedId: string | null) =>
    renderToString(
      <LanguageContext.Provider value="cs">
        <PickupPointMap places={places} selectedId={selectedId} onSelect={() => undefined} market="cz" />
      </LanguageContext.Provider>,
    );

  it('draws a keyboard-reachable marker per place on the map, the unavailable one out of the tab order', () => {
    const html = render('cz-2');
    expect(html.match(/data-testid="pickup-map-marker"/g)).toHaveLength(3);
    expect(html).toMatch(/role="button" tabindex="0" aria-pressed="true"[^>]*data-place="cz-2"/);
    expect(html).toMatch(/tabindex="-1"[^>]*aria-label="Box České Budějovice \(Nedostupné nebo přeplněné\)"/);
    // The list offers every place, the unavailable one disabled.
    expect(html.match(/data-testid="pickup-map-place"/g)).toHaveLength(4);
    expect(html).toMatch(/<button type="button" aria-pressed="false" disabled=""[^>]*data-place="cz-3"/);
  });
});
