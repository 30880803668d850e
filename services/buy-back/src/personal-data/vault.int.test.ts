import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import { PersonalDataVault, SealedDataDamaged, SUBJECT_KEYS } from './vault';

describe('the personal data vault (crypto-shredding)', () => {
  let sql: SqlClient;
  let documents: PostgresDocumentStore;

  beforeAll(async () => {
    sql = await pgliteClient();
    documents = await PostgresDocumentStore.create(sql, { schema: `t_vault_${randomUUID().slice(0, 8)}`, ownsClient: false });
  });
  afterAll(async () => sql?.close());

  it('seals with a key per subject and opens again, the ciphertext showing nothing of the data', async () => {
    const vault = new PersonalDataVault(documents);
    const sealed = await vault.seal('subject-a', { last_name: 'Řezníček', birth: '850101/1234' });
    expect(sealed.subjectId).toBe('subject-a');
    expect(JSON.stringify(sealed)).not.toMatch(/Řezníček|850101/);
    expect(await vault.open(sealed)).toEqual({ last_name: 'Řezníček', birth: '850101/1234' });
    // A second vault (another process) reads the same key from the store.
    expect(await new PersonalDataVault(documents).open(sealed)).toEqual({ last_name: 'Řezníček', birth: '850101/1234' });
  });

  it('erasing the subject makes everything sealed for them unreadable, and only them', async () => {
    const vault = new PersonalDataVault(documents);
    const first = await vault.seal('subject-b', { name: 'Ana' });
    const second = await vault.seal('subject-b', { name: 'Ana', city: 'Iași' });
    const other = await vault.seal('subject-c', { name: 'Ion' });
    expect(await vault.erase('subject-b')).toBe(1);
    expect(await vault.open(first)).toBeNull();
    expect(await vault.open(second)).toBeNull();
    expect(await new PersonalDataVault(documents).open(first)).toBeNull();
    expect(await vault.open(other)).toEqual({ name: 'Ion' });
    expect(await vault.erase('subject-b')).toBe(0);
  });

  it('a subject who comes back after an erasure gets a new key: the old data stays erased, the new is readable', async () => {
    const vault = new PersonalDataVault(documents);
    const before = await vault.seal('user-42', { name: 'Jana' });
    await vault.erase('user-42');
    const after = await vault.seal('user-42', { name: 'Jana', city: 'Ostrava' });
    expect(after.keyId).not.toBe(before.keyId);
    for (const reader of [vault, new PersonalDataVault(documents)]) {
      expect(await reader.open(before)).toBeNull();
      expect(await reader.open(after)).toEqual({ name: 'Jana', city: 'Ostrava' });
    }
  });

  it('refuses tampered ciphertext instead of returning garbage', async () => {
    const vault = new PersonalDataVault(documents);
    const sealed = await vault.seal('subject-d', { name: 'Eva' });
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 0xff;
    await expect(vault.open({ ...sealed, ciphertext: bytes.toString('base64') })).rejects.toBeInstanceOf(SealedDataDamaged);
  });

  it('with a master key stores the subject keys wrapped, and cannot open them without it', async () => {
    const masterKey = randomBytes(32);
    const vault = new PersonalDataVault(documents, { masterKey });
    const sealed = await vault.seal('subject-e', { name: 'Petr' });
    const stored = await documents.get<{ key: string; wrapped: boolean }>(SUBJECT_KEYS, sealed.keyId!);
    expect(stored?.wrapped).toBe(true);
    expect(await new PersonalDataVault(documents, { masterKey }).open(sealed)).toEqual({ name: 'Petr' });
    await expect(new PersonalDataVault(documents).open(sealed)).rejects.toThrow(/master key/);
  });

  it('two first uses of one subject at once both stay readable, and erasure forgets both', async () => {
    const [a, b] = [new PersonalDataVault(documents), new PersonalDataVault(documents)];
    const [x, y] = await Promise.all([a.seal('subject-f', { n: 1 }), b.seal('subject-f', { n: 2 })]);
    const reader = new PersonalDataVault(documents);
    expect(await reader.open(x)).toEqual({ n: 1 });
    expect(await reader.open(y)).toEqual({ n: 2 });
    await reader.erase('subject-f');
    expect(await new PersonalDataVault(documents).open(x)).toBeNull();
    expect(await new PersonalDataVault(documents).open(y)).toBeNull();
  });
});
