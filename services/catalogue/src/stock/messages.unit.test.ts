import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageCodesIn } from '@buyloop/i18n/testing';

describe('catalogue stock messages', () => {
  it('every error code the stock area answers with has its cs / ro / en text', () => {
    const { codes, missing } = messageCodesIn(dirname(fileURLToPath(import.meta.url)), ['catalogue\\.stock', 'validation']);
    expect(codes.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
