import i18next from 'i18next';
import { catalogue, LANGUAGES, type Language, type Message, type Text } from './catalogue';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Every message key in the catalogue (plural forms are one key). */
export const messageKeys: readonly string[] = Object.freeze(Object.keys(catalogue));

const known = new Set<string>(messageKeys);

export const hasMessage = (key: string): boolean => known.has(key);

/** The language a market's texts start in; the customer may switch to another one. */
export const defaultLanguage = (market: 'cz' | 'ro'): Language => (market === 'ro' ? 'ro' : 'cs');

/**
 * i18next's flat resources for one language. A plural text becomes `key_one`,
 * `key_few`, `key_other` (i18next picks the form with `Intl.PluralRules`),
 * plus the bare `key` holding the `other` form for a caller that passed no count.
 */
function resourcesOf(language: Language, messages: Readonly<Record<string, Message>> = catalogue): Record<string, string> {
  const entries = Object.entries(messages).flatMap(([key, message]) => {
    const text: Text = message[language];
    if (typeof text === 'string') return [[key, text]];
    return [[key, text.other], ...Object.entries(text).map(([form, value]) => [`${key}_${form}`, value])];
  });
  return Object.fromEntries(entries);
}

const i18n = i18next.createInstance();
// Resources are inline and initAsync is off, so init has finished when it returns; the promise carries nothing more.
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: resourcesOf(language) }])),
  initAsync: false,
  // Keys are flat strings such as 'mail.password_reset.subject'; neither dots nor colons structure them.
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  returnEmptyString: false,
  // Plain texts for JSON answers, e-mails and React (which escapes on its own): no HTML escaping.
  interpolation: { escapeValue: false },
});

/**
 * The text of `key` in `language`, with `{{name}}` placeholders filled from `params`.
 * Falls back to English when the language lacks the key or is not one we speak, and to
 * the key itself when no language has it; never throws.
 *
 * Plural texts (`auth.login_throttled`, `mail.password_reset.body`) choose their form
 * from `params.count`, which must be a number; pass it beside the placeholder:
 * `translate('auth.login_throttled', 'cs', { minutes: 3, count: 3 })` → "… za 3 minuty."
 * Without a count they use the `other` form ("5 minut", "20 de minute").
 */
export function translate(key: string, language: Language, params: Record<string, string | number> = {}): string {
  if (!hasMessage(key)) return key;
  const lng: Language = isLanguage(language) ? language : 'en';
  const { count } = params;
  try {
    const text = i18n.t(key, {
      lng,
      // Values go through `replace`, so a parameter named like an option (lng, ns, context…) stays a value.
      replace: params,
      ...(typeof count === 'number' && Number.isFinite(count) ? { count } : {}),
    });
    return typeof text === 'string' ? text : key;
  } catch {
    return key;
  }
}

/**
 * Adds a bounded context's own messages (its module's `messages`) to the
 * catalogue, so a new context can keep its texts in its own folders. Every
 * message must have all three languages; a key already known with another
 * text is refused, so two contexts can never disagree on what a code says.
 */
export function registerMessages(owner: string, messages: Readonly<Record<string, Message>>): void {
  for (const [key, message] of Object.entries(messages)) {
    const missing = LANGUAGES.filter((language) => message[language] === undefined);
    if (missing.length > 0) throw new Error(`${owner}: message ${key} has no ${missing.join(', ')} text`);
    if (known.has(key)) {
      const current = LANGUAGES.map(
        (language) => resourcesOf(language, { [key]: message })[key] === i18n.t(key, { lng: language }),
      );
      if (current.includes(false)) throw new Error(`${owner}: message ${key} is already registered with another text`);
    }
  }
  for (const language of LANGUAGES) i18n.addResources(language, 'translation', resourcesOf(language, messages));
  for (const key of Object.keys(messages)) known.add(key);
}
