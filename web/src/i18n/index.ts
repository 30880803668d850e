import { createContext, useContext } from 'react';
import { cs } from './cs';
import { en, type Catalogue, type UiKey, type UiLanguage } from './messages';
import { ro } from './ro';

export type { UiKey, UiLanguage } from './messages';

const catalogues: Readonly<Record<UiLanguage, Catalogue>> = { cs, ro, en };

/** A text in `language`, else in English; `{name}` placeholders filled from `params`. */
export function text(language: UiLanguage, key: UiKey, params: Readonly<Record<string, string | number>> = {}): string {
  const template = catalogues[language][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type Translate = (key: UiKey, params?: Readonly<Record<string, string | number>>) => string;

export const LanguageContext = createContext<UiLanguage>('cs');

export function useT(): Translate {
  const language = useContext(LanguageContext);
  return (key, params) => text(language, key, params);
}
