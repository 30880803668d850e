import { describe, expect, it } from 'vitest';
import { argon2Hasher } from './passwords';

const hasher = argon2Hasher({ memoryCost: 4096, timeCost: 1 });

describe('argon2id password hashes', () => {
  it('stores argon2id, verifies the password however its accents were typed, and nothing else', async () => {
    const composed = 'Řeřicha-2026'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const hash = await hasher.hash(composed);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(hash, decomposed)).toBe(true);
    expect(await hasher.verify(hash, 'Rericha-2026')).toBe(false);
    expect(await hasher.verify('not a hash', composed)).toBe(false);
    expect(await hasher.verifyNothing(composed)).toBe(false);
  });
});
