import type { Message } from '../message';

/** Texts of the shop's public catalogue API (cs / ro / en): its refusals and the labels its answers carry. */
export const catalogueShopMessages = {
  'catalogue.shop.search_too_short': {
    cs: 'Hledání potřebuje alespoň {{min}} znaky.',
    ro: 'Căutarea necesită cel puțin {{min}} caractere.',
    en: 'Search needs at least {{min}} characters.',
  },
  'catalogue.shop.search_too_long': {
    cs: 'Hledaný text může mít nejvýše {{max}} znaků.',
    ro: 'Textul căutat poate avea cel mult {{max}} de caractere.',
    en: 'The search text can be at most {{max}} characters long.',
  },
  'catalogue.shop.product_not_found': {
    cs: 'Produkt nebyl nalezen nebo se už neprodává.',
    ro: 'Produsul nu a fost găsit sau nu se mai vinde.',
    en: 'The product was not found or is no longer sold.',
  },
  'catalogue.shop.category_not_found': {
    cs: 'Kategorie nebyla nalezena.',
    ro: 'Categoria nu a fost găsită.',
    en: 'The category was not found.',
  },
  'catalogue.shop.store_not_found': {
    cs: 'Prodejna nebyla nalezena.',
    ro: 'Magazinul nu a fost găsit.',
    en: 'The store was not found.',
  },
  'catalogue.shop.price_range_reversed': {
    cs: 'Cena „od“ nesmí být vyšší než cena „do“.',
    ro: 'Prețul „de la” nu poate fi mai mare decât prețul „până la”.',
    en: 'The “from” price cannot be higher than the “to” price.',
  },
  'catalogue.shop.quality.new': { cs: 'Nové', ro: 'Nou', en: 'New' },
  'catalogue.shop.quality.newish': { cs: 'Jako nové', ro: 'Ca nou', en: 'Like new' },
  'catalogue.shop.quality.used': { cs: 'Použité', ro: 'Folosit', en: 'Used' },
  'catalogue.shop.quality.used_grade': {
    cs: 'Použité – třída {{grade}}',
    ro: 'Folosit – clasa {{grade}}',
    en: 'Used – grade {{grade}}',
  },
  'catalogue.shop.stock.in_stock': { cs: 'Skladem', ro: 'În stoc', en: 'In stock' },
  'catalogue.shop.stock.in_store': { cs: 'Na prodejně', ro: 'În magazin', en: 'In a store' },
  'catalogue.shop.warranty_option': {
    cs: 'Prodloužená záruka o {{months}} měsíců',
    ro: 'Garanție extinsă cu {{months}} luni',
    en: 'Warranty extended by {{months}} months',
  },
} as const satisfies Readonly<Record<string, Message>>;
