import type { Lang } from '../i18n';

/** The purge modal's texts (spec 2/7); 'Failed to purge cache' is the spec's own wording. */
const TEXTS = {
  'cache.menu': { cs: 'Vyčistit cache', ro: 'Golește cache-ul', en: 'Purge cache' },
  'cache.title': { cs: 'Vyčištění cache obsahu', ro: 'Golirea cache-ului de conținut', en: 'Purge the content cache' },
  'cache.intro': {
    cs: 'Stránky obchodu a odpovědi katalogu se čistí samy, když se změní cena, sklad nebo text. Ručně čistěte jen to, co se samo nezměnilo.',
    ro: 'Paginile magazinului și răspunsurile catalogului se golesc singure când se schimbă prețul, stocul sau textul. Goliți manual doar ce nu s-a schimbat singur.',
    en: 'Shop pages and catalogue answers are purged by themselves when a price, stock level or text changes. Purge by hand only what did not change by itself.',
  },
  'cache.mode': { cs: 'Co vyčistit', ro: 'Ce se golește', en: 'What to purge' },
  'cache.mode.key': { cs: 'Podle klíčů', ro: 'După chei', en: 'By keys' },
  'cache.mode.url': { cs: 'Jednu adresu (URL)', ro: 'O adresă (URL)', en: 'One address (URL)' },
  'cache.mode.full': { cs: 'Vše', ro: 'Tot', en: 'Everything' },
  'cache.keys': { cs: 'Klíče (oddělené mezerou)', ro: 'Chei (separate prin spațiu)', en: 'Keys (separated by spaces)' },
  'cache.keys_hint': {
    cs: 'html = všechny stránky, api = všechny odpovědi katalogu; product-KÓD, category-ID, categories, stores, search',
    ro: 'html = toate paginile, api = toate răspunsurile catalogului; product-COD, category-ID, categories, stores, search',
    en: 'html = every page, api = every catalogue answer; product-CODE, category-ID, categories, stores, search',
  },
  'cache.default_keys': { cs: 'Výchozí klíče', ro: 'Chei implicite', en: 'Default keys' },
  'cache.url': {
    cs: 'Adresa stránky nebo odpovědi',
    ro: 'Adresa paginii sau a răspunsului',
    en: 'Address of the page or answer',
  },
  'cache.soft': {
    cs: 'Měkké vyčištění (označit jako zastaralé, obnovit při další návštěvě)',
    ro: 'Golire ușoară (marcare ca învechit, reîmprospătare la următoarea vizită)',
    en: 'Soft purge (mark stale, refresh on the next visit)',
  },
  'cache.full_warning': {
    cs: 'Všechny stránky se budou znovu vykreslovat; obchod bude chvíli pomalejší.',
    ro: 'Toate paginile vor fi randate din nou; magazinul va fi mai lent o vreme.',
    en: 'Every page will be rendered again; the shop will be slower for a while.',
  },
  'cache.submit': { cs: 'Vyčistit', ro: 'Golește', en: 'Purge' },
  'cache.cancel': { cs: 'Zavřít', ro: 'Închide', en: 'Close' },
  'cache.busy': { cs: 'Čistím…', ro: 'Se golește…', en: 'Purging…' },
  'cache.done': {
    cs: 'Cache vyčištěna (položek: {n}).',
    ro: 'Cache-ul a fost golit (elemente: {n}).',
    en: 'Cache purged ({n} entries).',
  },
  'cache.failed': {
    cs: 'Cache se nepodařilo vyčistit',
    ro: 'Golirea cache-ului a eșuat',
    en: 'Failed to purge cache',
  },
  'cache.keys_required': {
    cs: 'Zadejte alespoň jeden klíč.',
    ro: 'Introduceți cel puțin o cheie.',
    en: 'Enter at least one key.',
  },
  'cache.url_required': { cs: 'Zadejte adresu.', ro: 'Introduceți adresa.', en: 'Enter the address.' },
} as const satisfies Record<string, Readonly<Record<Lang, string>>>;

export type CacheText = keyof typeof TEXTS;

export function cacheText(key: CacheText, lang: Lang, params: Readonly<Record<string, string | number>> = {}): string {
  const entry: Readonly<Record<Lang, string>> = TEXTS[key];
  return (entry[lang] || entry.en).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
