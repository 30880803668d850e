import type { Market } from '@buyloop/kit';
import type { DemoCategory, DemoTypeDeviceId } from './types';

/**
 * The demo category tree. Ids are the same in both markets; names and SEO
 * names are the market's (the phone category is "Mobilní telefony" in the
 * Czech shop and "Telefoane" in the Romanian one, spec 1, as in the buy-back).
 */

interface CategoryRow {
  readonly id: string;
  readonly parentId: string | null;
  readonly cz: readonly [name: string, seoName: string];
  readonly ro: readonly [name: string, seoName: string];
  readonly typeDeviceId: DemoTypeDeviceId | null;
  readonly device: boolean;
  readonly forDisplay?: boolean;
}

const ROWS: readonly CategoryRow[] = [
  {
    id: 'phones',
    parentId: null,
    cz: ['Mobilní telefony', 'mobilni-telefony'],
    ro: ['Telefoane', 'telefoane'],
    typeDeviceId: 'phone',
    device: true,
  },
  {
    id: 'phones-iphone',
    parentId: 'phones',
    cz: ['iPhone', 'iphone'],
    ro: ['iPhone', 'iphone'],
    typeDeviceId: 'phone',
    device: true,
  },
  {
    id: 'phones-samsung',
    parentId: 'phones',
    cz: ['Samsung Galaxy', 'samsung-galaxy'],
    ro: ['Samsung Galaxy', 'samsung-galaxy'],
    typeDeviceId: 'phone',
    device: true,
  },
  {
    id: 'phones-xiaomi',
    parentId: 'phones',
    cz: ['Xiaomi a Redmi', 'xiaomi-a-redmi'],
    ro: ['Xiaomi și Redmi', 'xiaomi-si-redmi'],
    typeDeviceId: 'phone',
    device: true,
  },
  {
    id: 'phones-pixel',
    parentId: 'phones',
    cz: ['Google Pixel', 'google-pixel'],
    ro: ['Google Pixel', 'google-pixel'],
    typeDeviceId: 'phone',
    device: true,
  },
  {
    id: 'phones-other',
    parentId: 'phones',
    cz: ['Další značky', 'dalsi-znacky'],
    ro: ['Alte mărci', 'alte-marci'],
    typeDeviceId: 'phone',
    device: true,
  },
  {
    id: 'phones-used',
    parentId: 'phones',
    cz: ['Rozbalené a použité', 'rozbalene-a-pouzite'],
    ro: ['Resigilate și second-hand', 'resigilate-si-second-hand'],
    typeDeviceId: 'phone',
    device: true,
  },
  { id: 'tablets', parentId: null, cz: ['Tablety', 'tablety'], ro: ['Tablete', 'tablete'], typeDeviceId: 'tablet', device: true },
  { id: 'tablets-ipad', parentId: 'tablets', cz: ['iPad', 'ipad'], ro: ['iPad', 'ipad'], typeDeviceId: 'tablet', device: true },
  {
    id: 'tablets-android',
    parentId: 'tablets',
    cz: ['Tablety s Androidem', 'tablety-s-androidem'],
    ro: ['Tablete Android', 'tablete-android'],
    typeDeviceId: 'tablet',
    device: true,
  },
  {
    id: 'watches',
    parentId: null,
    cz: ['Chytré hodinky', 'chytre-hodinky'],
    ro: ['Ceasuri inteligente', 'ceasuri-inteligente'],
    typeDeviceId: 'smartwatch',
    device: true,
  },
  {
    id: 'watches-apple',
    parentId: 'watches',
    cz: ['Apple Watch', 'apple-watch'],
    ro: ['Apple Watch', 'apple-watch'],
    typeDeviceId: 'smartwatch',
    device: true,
  },
  {
    id: 'watches-galaxy',
    parentId: 'watches',
    cz: ['Samsung Galaxy Watch', 'samsung-galaxy-watch'],
    ro: ['Samsung Galaxy Watch', 'samsung-galaxy-watch'],
    typeDeviceId: 'smartwatch',
    device: true,
  },
  {
    id: 'watches-garmin',
    parentId: 'watches',
    cz: ['Garmin', 'garmin'],
    ro: ['Garmin', 'garmin'],
    typeDeviceId: 'smartwatch',
    device: true,
  },
  {
    id: 'watches-other',
    parentId: 'watches',
    cz: ['Další hodinky', 'dalsi-hodinky'],
    ro: ['Alte ceasuri', 'alte-ceasuri'],
    typeDeviceId: 'smartwatch',
    device: true,
  },
  {
    id: 'accessories',
    parentId: null,
    cz: ['Příslušenství', 'prislusenstvi'],
    ro: ['Accesorii', 'accesorii'],
    typeDeviceId: null,
    device: false,
  },
  {
    id: 'accessories-chargers',
    parentId: 'accessories',
    cz: ['Nabíječky', 'nabijecky'],
    ro: ['Încărcătoare', 'incarcatoare'],
    typeDeviceId: 'charger',
    device: false,
  },
  {
    id: 'accessories-cases',
    parentId: 'accessories',
    cz: ['Kryty', 'kryty'],
    ro: ['Huse', 'huse'],
    typeDeviceId: 'case',
    device: false,
  },
  {
    id: 'accessories-cables',
    parentId: 'accessories',
    cz: ['Kabely', 'kabely'],
    ro: ['Cabluri', 'cabluri'],
    typeDeviceId: 'cable',
    device: false,
  },
  {
    id: 'accessories-headphones',
    parentId: 'accessories',
    cz: ['Sluchátka', 'sluchatka'],
    ro: ['Căști', 'casti'],
    typeDeviceId: 'headphones',
    device: false,
  },
  {
    id: 'services',
    parentId: null,
    cz: ['Pojištění a záruky', 'pojisteni-a-zaruky'],
    ro: ['Asigurări și garanții', 'asigurari-si-garantii'],
    typeDeviceId: null,
    device: false,
    forDisplay: false,
  },
];

/** The tree in parent-before-child order; `manufacturerIds` are those of the masters assigned at or below each category. */
export function demoCategories(market: Market, manufacturersOf: (categoryId: string) => readonly string[]): DemoCategory[] {
  const hasChildren = (id: string): boolean => ROWS.some((row) => row.parentId === id);
  const below = (id: string): string[] => [id, ...ROWS.filter((row) => row.parentId === id).flatMap((row) => below(row.id))];
  return ROWS.map((row) => {
    const [name, seoName] = row[market];
    const manufacturerIds = [...new Set(below(row.id).flatMap((id) => manufacturersOf(id)))].sort();
    return {
      id: row.id,
      parentId: row.parentId,
      name,
      seoName,
      forDisplay: row.forDisplay ?? true,
      forBuyout: row.device,
      forService: row.device,
      // Leaves list products, so their filters are worth showing; a parent only leads on.
      filterable: !hasChildren(row.id),
      manufacturerIds,
      typeDeviceId: row.typeDeviceId,
    };
  });
}
