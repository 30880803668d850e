import { describe, expect, it } from 'vitest';
import { isMarket, marketSettings, markets, settingsOf } from './market';

describe('market settings', () => {
  it('has one row per market, each naming its own market', () => {
    expect(Object.keys(marketSettings).sort()).toEqual([...markets].sort());
    for (const market of markets) expect(settingsOf(market).market).toBe(market);
  });

  it('sells in CZK from Czechia and in lei from Romania', () => {
    expect(settingsOf('cz')).toEqual({
      market: 'cz',
      currency: 'CZK',
      locale: 'cs-CZ',
      defaultCountry: 'CZ',
      dateFormat: 'DD.MM.YYYY',
      timeZone: 'Europe/Prague',
    });
    expect(settingsOf('ro')).toEqual({
      market: 'ro',
      currency: 'RON',
      locale: 'ro-RO',
      defaultCountry: 'RO',
      dateFormat: 'DD.MM.YYYY',
      timeZone: 'Europe/Bucharest',
    });
  });

  it('names locales and time zones the runtime knows', () => {
    for (const market of markets) {
      const { locale, timeZone } = settingsOf(market);
      expect(Intl.NumberFormat.supportedLocalesOf([locale])).toEqual([locale]);
      expect(new Intl.DateTimeFormat(locale, { timeZone }).resolvedOptions().timeZone).toBe(timeZone);
    }
  });

  it('recognises market codes from untyped input', () => {
    expect(isMarket('cz')).toBe(true);
    expect(isMarket('CZ')).toBe(false);
    expect(isMarket(undefined)).toBe(false);
  });
});
