import { useContext } from 'react';
import { LanguageContext } from '../i18n';
import type { Day } from './opening-hours';

/** The stores page's texts; English where a language lacks one. */
const en = {
  title: 'Our stores',
  lead: 'Come and see the devices, pick up an order or bring a device we buy back. Every store appraises it on the spot.',
  list: 'Stores',
  map: 'Map of our stores',
  mapAlt: 'Map of {country} with our stores in {cities}.',
  country: 'the Czech Republic',
  address: 'Address',
  hours: 'Opening hours',
  openNow: 'Open now, until {time}',
  closedNow: 'Closed now',
  opensToday: 'Closed now, opens today at {time}',
  opensOn: 'Closed now, opens {day} at {time}',
  closed: 'Closed',
  today: 'today',
  directions: 'Directions',
  loading: 'Loading stores…',
  error: 'The stores could not be loaded. Please try again.',
  retry: 'Try again',
  none: 'There are no stores yet.',
  stockOf: 'Availability of {product}',
  stockLoading: 'Checking availability…',
  stockError: 'Availability could not be checked.',
  backToProduct: 'Back to the product',
  'stock.in_stock': 'In stock',
  'stock.in_store_only': 'In store',
  'stock.on_order': 'To order',
  'stock.sold_out': 'Not available',
  'day.mon': 'Monday',
  'day.tue': 'Tuesday',
  'day.wed': 'Wednesday',
  'day.thu': 'Thursday',
  'day.fri': 'Friday',
  'day.sat': 'Saturday',
  'day.sun': 'Sunday',
};
type Key = keyof typeof en;

const cs: Partial<Record<Key, string>> = {
  title: 'Naše prodejny',
  lead: 'Přijďte si zařízení prohlédnout, vyzvednout objednávku nebo přinést zařízení k výkupu. V každé prodejně ho naceníme na místě.',
  list: 'Prodejny',
  map: 'Mapa našich prodejen',
  mapAlt: 'Mapa {country} s našimi prodejnami: {cities}.',
  country: 'České republiky',
  address: 'Adresa',
  hours: 'Otevírací doba',
  openNow: 'Nyní otevřeno, do {time}',
  closedNow: 'Nyní zavřeno',
  opensToday: 'Nyní zavřeno, otevíráme dnes v {time}',
  opensOn: 'Nyní zavřeno, otevíráme {day} v {time}',
  closed: 'Zavřeno',
  today: 'dnes',
  directions: 'Navigovat',
  loading: 'Načítám prodejny…',
  error: 'Prodejny se nepodařilo načíst. Zkuste to prosím znovu.',
  retry: 'Zkusit znovu',
  none: 'Zatím nemáme žádné prodejny.',
  stockOf: 'Dostupnost: {product}',
  stockLoading: 'Ověřuji dostupnost…',
  stockError: 'Dostupnost se nepodařilo ověřit.',
  backToProduct: 'Zpět na produkt',
  'stock.in_stock': 'Skladem',
  'stock.in_store_only': 'Na prodejně',
  'stock.on_order': 'Na objednávku',
  'stock.sold_out': 'Nedostupné',
  'day.mon': 'pondělí',
  'day.tue': 'úterý',
  'day.wed': 'středa',
  'day.thu': 'čtvrtek',
  'day.fri': 'pátek',
  'day.sat': 'sobota',
  'day.sun': 'neděle',
};

const ro: Partial<Record<Key, string>> = {
  title: 'Magazinele noastre',
  lead: 'Veniți să vedeți dispozitivele, să ridicați o comandă sau să aduceți un dispozitiv la răscumpărare. Îl evaluăm pe loc în orice magazin.',
  list: 'Magazine',
  map: 'Harta magazinelor noastre',
  mapAlt: 'Harta {country} cu magazinele noastre: {cities}.',
  country: 'României',
  address: 'Adresă',
  hours: 'Program',
  openNow: 'Deschis acum, până la {time}',
  closedNow: 'Închis acum',
  opensToday: 'Închis acum, deschidem azi la {time}',
  opensOn: 'Închis acum, deschidem {day} la {time}',
  closed: 'Închis',
  today: 'azi',
  directions: 'Indicații de orientare',
  loading: 'Se încarcă magazinele…',
  error: 'Magazinele nu au putut fi încărcate. Vă rugăm să încercați din nou.',
  retry: 'Încercați din nou',
  none: 'Încă nu avem magazine.',
  stockOf: 'Disponibilitate: {product}',
  stockLoading: 'Verificăm disponibilitatea…',
  stockError: 'Disponibilitatea nu a putut fi verificată.',
  backToProduct: 'Înapoi la produs',
  'stock.in_stock': 'În stoc',
  'stock.in_store_only': 'În magazin',
  'stock.on_order': 'La comandă',
  'stock.sold_out': 'Indisponibil',
  'day.mon': 'luni',
  'day.tue': 'marți',
  'day.wed': 'miercuri',
  'day.thu': 'joi',
  'day.fri': 'vineri',
  'day.sat': 'sâmbătă',
  'day.sun': 'duminică',
};

const catalogues = { cs, ro, en } as const;

export type StoresText = (key: Key, params?: Readonly<Record<string, string>>) => string;

export function useStoresText(): StoresText {
  const language = useContext(LanguageContext);
  return (key, params = {}) =>
    (catalogues[language][key] ?? en[key]).replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

export const dayKey = (day: Day): Key => `day.${day}`;
