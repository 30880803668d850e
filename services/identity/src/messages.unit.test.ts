import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageCodesIn } from '@buyloop/i18n/testing';

describe('identity messages', () => {
  it('every error code and field message the identity context can answer with is in the cs / ro / en catalogue', () => {
    const { codes, missing } = messageCodesIn(dirname(fileURLToPath(import.meta.url)), ['auth', 'validation']);
    expect(codes.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
