import { describe, expect, it } from 'vitest';
import { text, type UiLanguage } from '../i18n';
import { paramValue } from './params';

const in_ = (language: UiLanguage) => (value: string) => paramValue(value, (key, params) => text(language, key, params));

describe('a product parameter’s value', () => {
  it('shows a yes/no parameter in the page’s language, and any other value as written', () => {
    expect(['true', 'false'].map(in_('cs'))).toEqual(['Ano', 'Ne']);
    expect(['true', 'false'].map(in_('ro'))).toEqual(['Da', 'Nu']);
    expect(in_('cs')('8 GB')).toBe('8 GB');
  });
});
