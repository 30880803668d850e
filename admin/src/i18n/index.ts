import { translate as sharedTranslate } from '@buyloop/i18n';
import { messages, type Lang, type MessageKey } from './messages';

export type { Lang, MessageKey };
export const LANGS: readonly Lang[] = ['cs', 'ro', 'en'];

export const isLang = (value: unknown): value is Lang => value === 'cs' || value === 'ro' || value === 'en';

/** `{name}` placeholders filled from params. */
export function format(text: string, params: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A back-office text in `lang` (English when missing). */
export function t(key: MessageKey, lang: Lang, params?: Readonly<Record<string, string | number>>): string {
  const entry = messages[key];
  return format(entry[lang] || entry.en, params);
}

/** A text of the shared catalogue (status labels, events, error codes), or null when it has none. */
export function shared(key: string, lang: Lang, params?: Readonly<Record<string, string | number>>): string | null {
  const text = sharedTranslate(key, lang, params ? { ...params } : {});
  return text === key ? null : text;
}

export const statusLabel = (status: string, lang: Lang): string => shared(`buyback.status.${status}`, lang) ?? status;

export const eventLabel = (type: string, lang: Lang): string => shared(`buyback.timeline.${type}.title`, lang) ?? type;

/** An error code's message in `lang`, or the code itself when the catalogue has no text for it. */
export const errorText = (code: string, lang: Lang): string => shared(code, lang) ?? code;
