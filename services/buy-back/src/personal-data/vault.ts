import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DocumentStore } from '@buyloop/document-store';
import type { SealedPersonalData } from './sealed';

/**
 * Per-subject keys for personal data in events (crypto-shredding, DESIGN.md
 * section 3). Each data subject gets a random AES-256 key kept outside the
 * event log; events carry only what that key sealed, with the key's id.
 * Erasing the subject deletes every key they have had, after which every
 * event that mentions them still replays but their personal data reads as
 * erased, on every projection and rebuild. A subject who comes back later
 * gets a new key: what was erased stays erased, what is new is readable.
 *
 * With a master key the subject keys are stored wrapped by it, so a copy of
 * the read-model database alone reveals nothing either.
 */
export const SUBJECT_KEYS = 'subject_keys';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** How long a key read from the store is reused; an erasure in another process is honoured after at most this. */
const CACHE_MS = 30_000;

interface SubjectKeyDocument extends Record<string, unknown> {
  readonly subject_id: string;
  /** base64 raw key, or the key sealed with the master key (`iv.ciphertext`) when `wrapped`. */
  readonly key: string;
  readonly wrapped: boolean;
  readonly created_at: string;
}

function encrypt(key: Buffer, plaintext: Buffer): { iv: string; ciphertext: string } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), ciphertext: body.toString('base64') };
}

function decrypt(key: Buffer, iv: string, ciphertext: string): Buffer {
  const body = Buffer.from(ciphertext, 'base64');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
}

export interface VaultOptions {
  /** 32 bytes that wrap the subject keys at rest (PERSONAL_DATA_KEY); without it keys are stored as they are. */
  readonly masterKey?: Buffer;
  readonly clock?: () => Date;
}

/** Sealed data that cannot be opened although its key exists: altered or damaged, never merely erased. */
export class SealedDataDamaged extends Error {}

export class PersonalDataVault {
  private readonly keys = new Map<string, { key: Buffer | null; until: number }>();
  private readonly current = new Map<string, { keyId: string; key: Buffer; until: number }>();
  private ready: Promise<void> | null = null;

  constructor(
    private readonly documents: DocumentStore,
    private readonly options: VaultOptions = {},
  ) {
    if (options.masterKey && options.masterKey.length !== 32) throw new RangeError('The master key must be 32 bytes');
  }

  private ensure(): Promise<void> {
    this.ready ??= this.documents
      .ensureCollection({
        name: SUBJECT_KEYS,
        fields: {
          subject_id: { path: 'subject_id', type: 'string' },
          created_at: { path: 'created_at', type: 'date' },
        },
        indexes: ['subject_id'],
      })
      .catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  private now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  private async keyById(keyId: string): Promise<Buffer | null> {
    const cached = this.keys.get(keyId);
    if (cached && cached.until > this.now()) return cached.key;
    await this.ensure();
    const document = await this.documents.get<SubjectKeyDocument>(SUBJECT_KEYS, keyId);
    const key = document ? this.unwrap(document) : null;
    this.keys.set(keyId, { key, until: this.now() + CACHE_MS });
    return key;
  }

  private unwrap(document: SubjectKeyDocument): Buffer {
    if (!document.wrapped) return Buffer.from(document.key, 'base64');
    if (!this.options.masterKey)
      throw new Error(`A key of subject ${document.subject_id} is wrapped, but no master key (PERSONAL_DATA_KEY) is configured`);
    const [iv = '', ciphertext = ''] = document.key.split('.');
    return decrypt(this.options.masterKey, iv, ciphertext);
  }

  /** The subject's newest key, created on their first use (or their first use after an erasure). */
  private async keyFor(subjectId: string): Promise<{ keyId: string; key: Buffer }> {
    const cached = this.current.get(subjectId);
    if (cached && cached.until > this.now()) return cached;
    await this.ensure();
    const found = await this.documents.find<SubjectKeyDocument>(SUBJECT_KEYS, {
      filters: [{ field: 'subject_id', op: 'equals', value: subjectId }],
      sort: [{ field: 'created_at', direction: 'desc' }],
      limit: 1,
    });
    const newest = found.items[0];
    if (newest) {
      const entry = { keyId: newest.id, key: this.unwrap(newest.document), until: this.now() + CACHE_MS };
      this.current.set(subjectId, entry);
      return entry;
    }
    // Two first uses at once may each create a key: both are the subject's, and erasure deletes both.
    const key = randomBytes(32);
    const keyId = `key-${randomBytes(16).toString('hex')}`;
    await this.documents.upsert(SUBJECT_KEYS, keyId, {
      subject_id: subjectId,
      key: this.options.masterKey ? Object.values(encrypt(this.options.masterKey, key)).join('.') : key.toString('base64'),
      wrapped: Boolean(this.options.masterKey),
      created_at: new Date(this.now()).toISOString(),
    });
    const entry = { keyId, key, until: this.now() + CACHE_MS };
    this.current.set(subjectId, entry);
    this.keys.set(keyId, { key, until: entry.until });
    return entry;
  }

  /** Seals `data` with the subject's key. */
  async seal(subjectId: string, data: unknown): Promise<SealedPersonalData> {
    const { keyId, key } = await this.keyFor(subjectId);
    const { iv, ciphertext } = encrypt(key, Buffer.from(JSON.stringify(data), 'utf8'));
    return { subjectId, keyId, algorithm: ALGORITHM, iv, ciphertext };
  }

  /**
   * The sealed data, or null once the subject has been erased (its key is
   * gone). Data whose key exists but which does not decrypt has been altered:
   * that is SealedDataDamaged, not an erasure.
   */
  async open<T>(sealed: SealedPersonalData): Promise<T | null> {
    const key = await this.keyById(sealed.keyId ?? sealed.subjectId);
    if (!key) return null;
    try {
      return JSON.parse(decrypt(key, sealed.iv, sealed.ciphertext).toString('utf8')) as T;
    } catch (error) {
      throw new SealedDataDamaged(`Sealed data of subject ${sealed.subjectId} cannot be opened`, { cause: error });
    }
  }

  /** Destroys every key the subject has had: everything sealed with them is unreadable from now on. How many existed. */
  async erase(subjectId: string): Promise<number> {
    await this.ensure();
    const found = await this.documents.find<SubjectKeyDocument>(SUBJECT_KEYS, {
      filters: [{ field: 'subject_id', op: 'equals', value: subjectId }],
      limit: 1000,
    });
    // Data sealed before key ids existed used the subject id as its key id.
    const ids = [...found.items.map((item) => item.id), subjectId];
    await this.documents.write(ids.map((id) => ({ type: 'delete' as const, collection: SUBJECT_KEYS, id })));
    for (const id of ids) this.keys.set(id, { key: null, until: this.now() + CACHE_MS });
    this.current.delete(subjectId);
    return found.items.length;
  }
}
