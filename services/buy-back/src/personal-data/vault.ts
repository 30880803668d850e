import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConcurrencyConflict, NotFound } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import type { SealedPersonalData } from './sealed';

/**
 * Per-subject keys for personal data in events (crypto-shredding, DESIGN.md
 * section 3). Each data subject gets a random AES-256 key kept outside the
 * event log; events carry only what that key sealed. Erasing the subject
 * deletes the key, after which every event that mentions them still replays
 * but their personal data reads as erased, on every projection and rebuild.
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
  /** base64 raw key, or the key sealed with the master key when `wrapped`. */
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

export class PersonalDataVault {
  private readonly cache = new Map<string, { key: Buffer | null; until: number }>();
  private ready: Promise<void> | null = null;

  constructor(
    private readonly documents: DocumentStore,
    private readonly options: VaultOptions = {},
  ) {
    if (options.masterKey && options.masterKey.length !== 32) throw new RangeError('The master key must be 32 bytes');
  }

  private ensure(): Promise<void> {
    this.ready ??= this.documents
      .ensureCollection({ name: SUBJECT_KEYS, fields: { subject_id: { path: 'subject_id', type: 'string' } } })
      .catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  private now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  private async keyOf(subjectId: string): Promise<Buffer | null> {
    const cached = this.cache.get(subjectId);
    if (cached && cached.until > this.now()) return cached.key;
    await this.ensure();
    const document = await this.documents.get<SubjectKeyDocument>(SUBJECT_KEYS, subjectId);
    const key = document ? this.unwrap(document) : null;
    this.cache.set(subjectId, { key, until: this.now() + CACHE_MS });
    return key;
  }

  private unwrap(document: SubjectKeyDocument): Buffer {
    if (!document.wrapped) return Buffer.from(document.key, 'base64');
    if (!this.options.masterKey)
      throw new Error(
        `The key of subject ${document.subject_id} is wrapped, but no master key (PERSONAL_DATA_KEY) is configured`,
      );
    const [iv = '', ciphertext = ''] = document.key.split('.');
    return decrypt(this.options.masterKey, iv, ciphertext);
  }

  /** Seals `data` with the subject's key, creating the key on the subject's first use. */
  async seal(subjectId: string, data: unknown): Promise<SealedPersonalData> {
    let key = await this.keyOf(subjectId);
    if (!key) {
      key = randomBytes(32);
      const stored = this.options.masterKey
        ? Object.values(encrypt(this.options.masterKey, key)).join('.')
        : key.toString('base64');
      // A concurrent first use of the same subject keeps one key: only a write that finds no key succeeds.
      try {
        await this.documents.write(
          [
            {
              type: 'upsert',
              collection: SUBJECT_KEYS,
              id: subjectId,
              document: {
                subject_id: subjectId,
                key: stored,
                wrapped: Boolean(this.options.masterKey),
                created_at: new Date(this.now()).toISOString(),
              },
              stamp: 'key',
            },
          ],
          { expectStamp: { collection: SUBJECT_KEYS, id: subjectId, stamp: null } },
        );
        this.cache.set(subjectId, { key, until: this.now() + CACHE_MS });
      } catch (error) {
        if (!(error instanceof ConcurrencyConflict)) throw error;
        this.cache.delete(subjectId);
        key = await this.keyOf(subjectId);
        if (!key) throw new NotFound('personal_data.key_missing', `No key could be created for subject ${subjectId}`);
      }
    }
    const { iv, ciphertext } = encrypt(key, Buffer.from(JSON.stringify(data), 'utf8'));
    return { subjectId, algorithm: ALGORITHM, iv, ciphertext };
  }

  /** The sealed data, or null once the subject has been erased. */
  async open<T>(sealed: SealedPersonalData): Promise<T | null> {
    const key = await this.keyOf(sealed.subjectId);
    if (!key) return null;
    return JSON.parse(decrypt(key, sealed.iv, sealed.ciphertext).toString('utf8')) as T;
  }

  /** Destroys the subject's key: everything sealed with it is unreadable from now on. True when a key existed. */
  async erase(subjectId: string): Promise<boolean> {
    await this.ensure();
    const deleted = await this.documents.delete(SUBJECT_KEYS, subjectId);
    this.cache.set(subjectId, { key: null, until: this.now() + CACHE_MS });
    return deleted;
  }
}
