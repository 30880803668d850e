import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageCodesIn } from '@buyloop/i18n/testing';

describe('catalogue pricing messages', () => {
  it('every error code the pricing area answers with has its cs / ro / en text', () => {
    const { codes, missing } = messageCodesIn(dirname(fileURLToPath(import.meta.url)), ['catalogue\\.pricing', 'validation']);
    expect(codes.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
