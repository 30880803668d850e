import { describe, expect, it } from 'vitest';
import { lookupOf } from './review';

describe('the look-up form', () => {
  it('takes the number and the access code as typed', () => {
    expect(lookupOf(' 202611240001 ', ' abc_DEF-123 ')).toEqual({ number: '202611240001', token: 'abc_DEF-123' });
  });

  it('takes both from the e-mail’s link pasted into either box', () => {
    const link = 'https://buyloop.cz/vykup/stav/202611240001?token=abc_DEF-123';
    expect(lookupOf('', link)).toEqual({ number: '202611240001', token: 'abc_DEF-123' });
    expect(lookupOf(link, '')).toEqual({ number: '202611240001', token: 'abc_DEF-123' });
    expect(lookupOf('', 'https://buyloop.ro/rascumparare/oferta/9?token=t%2Bx')).toEqual({ number: '9', token: 't+x' });
    expect(lookupOf('', '/vykup/dekujeme?number=77&token=k')).toEqual({ number: '77', token: 'k' });
  });
});
