import { describe, expect, it } from 'vitest';
import { foldText } from './fold';

describe('foldText', () => {
  it('folds Czech letters so krizek finds Křížek', () => {
    expect(foldText('Křížek')).toBe('krizek');
    expect(foldText('ŘEŘICHA Ščepánová Ďáblice Ťukal Ňouma')).toBe('rericha scepanova dablice tukal nouma');
    expect(foldText('ěščřžýáíéůú ĚŠČŘŽÝÁÍÉŮÚ')).toBe('escrzyaieuu escrzyaieuu');
  });

  it('folds both Romanian spellings of ș and ț (comma below and the legacy cedilla) and ă â î', () => {
    expect(foldText('Ștefănescu')).toBe('stefanescu');
    expect(foldText('Ştefănescu')).toBe('stefanescu');
    expect(foldText('ȚĂRANU Ţepeş')).toBe('taranu tepes');
    expect(foldText('Târgu Mureș, Brăila, Râmnicu Vâlcea, Împărat')).toBe('targu mures, braila, ramnicu valcea, imparat');
  });

  it('folds letters without a Unicode decomposition that customers’ names still carry', () => {
    expect(foldText('Łukasz Wałęsa')).toBe('lukasz walesa');
    expect(foldText('Straße STRASSE')).toBe('strasse strasse');
    expect(foldText('Søren Ærø Œuvre Đorđević Þór ı')).toBe('soren aero oeuvre dordevic thor i');
  });

  it('unfolds compatibility forms pasted from documents', () => {
    expect(foldText('ﬁnance')).toBe('finance');
    expect(foldText('Nové\u00a0Město')).toBe('nove mesto');
    expect(foldText('ＡＢＣ')).toBe('abc');
  });

  it('keeps everything else, including wildcards and quotes, and is idempotent', () => {
    const samples = ["100% a_b back\\slash '); drop table x; --", 'ℌilbert', 'İstanbul', '📱 iPhone 15 Pro'];
    expect(foldText(samples[0]!)).toBe(samples[0]!);
    expect(foldText('İstanbul')).toBe('istanbul');
    for (const s of samples) expect(foldText(foldText(s))).toBe(foldText(s));
  });
});
