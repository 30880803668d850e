import { describe, expect, it } from 'vitest';
import { hasMessage, registerMessages, translate } from './i18n';

describe("a context's own messages, registered by its module", () => {
  it('are translated like the catalogue, plural forms and placeholders included', () => {
    registerMessages('parcels', {
      'parcels.test.ready': {
        cs: 'Balík {{number}} je připraven',
        ro: 'Coletul {{number}} este gata',
        en: 'Parcel {{number}} is ready',
      },
      'parcels.test.count': {
        cs: { one: '{{count}} balík', few: '{{count}} balíky', other: '{{count}} balíků' },
        ro: { one: '{{count}} colet', few: '{{count}} colete', other: '{{count}} de colete' },
        en: { one: '{{count}} parcel', other: '{{count}} parcels' },
      },
    });
    expect(hasMessage('parcels.test.ready')).toBe(true);
    expect(translate('parcels.test.ready', 'cs', { number: 'P-1' })).toBe('Balík P-1 je připraven');
    expect(translate('parcels.test.ready', 'ro', { number: 'P-1' })).toBe('Coletul P-1 este gata');
    expect(translate('parcels.test.count', 'cs', { count: 3 })).toBe('3 balíky');
    expect(translate('parcels.test.count', 'ro', { count: 20 })).toBe('20 de colete');
  });

  it('must say everything in all three languages', () => {
    expect(() => registerMessages('parcels', { 'parcels.test.half': { cs: 'Jen česky', en: 'English only' } as never })).toThrow(
      /parcels\.test\.half has no ro text/,
    );
    expect(hasMessage('parcels.test.half')).toBe(false);
  });

  it('may repeat a known message word for word, but never give it another text', () => {
    const same = { cs: 'Stejné', ro: 'Același', en: 'Same' };
    registerMessages('parcels', { 'parcels.test.same': same });
    expect(() => registerMessages('parcels', { 'parcels.test.same': same })).not.toThrow();
    expect(() => registerMessages('returns', { 'parcels.test.same': { ...same, en: 'Different' } })).toThrow(
      /already registered with another text/,
    );
    expect(translate('parcels.test.same', 'en')).toBe('Same');
  });
});
