import { createHash } from 'node:crypto';
import { ConcurrencyConflict, RequestRefused, ValidationError } from '@buyloop/kit';
import type { DocumentStore } from './port';

/**
 * POSTs that create take an `Idempotency-Key` (DESIGN.md section 5): the
 * first request with a key claims it and records what it decided (the
 * buy-back number); a repeat of the same request gets the same decision and
 * so the same buy-back; the same key with another body is refused. The
 * claim is made before anything is written, and the writes that follow use
 * ids derived from the key, so a retry after a crash in between repeats the
 * same writes, which the event store then ignores.
 *
 * A claim holds for a lease (60 s unless configured). A request that died
 * between its claim and its answer would otherwise keep the key "in
 * progress" for good: once the lease has run out, the next repeat takes the
 * claim over (a fresh lease, the same recorded decision) and is told so, so
 * that it finishes what the dead one started instead of waiting for it.
 */
export const IDEMPOTENCY_KEYS = 'idempotency_keys';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

interface ClaimDocument extends Record<string, unknown> {
  readonly scope: string;
  readonly request_hash: string;
  readonly value: Record<string, unknown>;
  readonly created_at: string;
  /** When the current holder claimed (or took over) the key; absent on claims written before leases. */
  readonly claimed_at?: string;
  readonly takeovers?: number;
}

export interface IdempotencyKeysOptions {
  /** How long a claim's request may take before a repeat may take the claim over; 60 s by default. */
  readonly leaseMs?: number;
}

export const DEFAULT_CLAIM_LEASE_MS = 60_000;

export interface Claim<T> {
  /** What the key's first request recorded, or the proposal when this request is the first. */
  readonly value: T;
  /** An earlier request with this key came first (it may have answered, may be answering, or may have died). */
  readonly repeated: boolean;
  /**
   * The earlier request's lease ran out without it being known to have answered: this request now holds the
   * claim and should do (idempotently) whatever of the work is not found done. Only ever true with `repeated`.
   */
  readonly takenOver: boolean;
}

export const hashOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A UUID-shaped id derived from the key, for the events a keyed request writes. */
export function idFromKey(...parts: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Version 8 (custom) with the RFC 9562 variant bits: a valid UUID that no generator will ever hand out.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The header's value, checked: printable ASCII, 8 to 200 characters. */
export function parseIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!KEY_PATTERN.test(header))
    throw new ValidationError(
      'validation.failed',
      { 'Idempotency-Key': ['request.idempotency_key_invalid'] },
      'Idempotency-Key must be 8 to 200 printable ASCII characters',
    );
  return header;
}

export class IdempotencyKeys {
  private ready: Promise<void> | null = null;
  private readonly leaseMs: number;

  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: () => Date = () => new Date(),
    options: IdempotencyKeysOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_CLAIM_LEASE_MS;
    if (!Number.isFinite(this.leaseMs) || this.leaseMs <= 0)
      throw new Error(`The idempotency claim lease must be a positive number of milliseconds, not ${this.leaseMs}`);
  }

  private ensure(): Promise<void> {
    this.ready ??= this.documents
      .ensureCollection({
        name: IDEMPOTENCY_KEYS,
        fields: { scope: { path: 'scope', type: 'string' }, created_at: { path: 'created_at', type: 'date' } },
      })
      .catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  /**
   * Claims `key` for this request, recording `proposed`; returns what the
   * key's first request recorded (`repeated`) or `proposed` when this is the
   * first. A repeat after the holder's lease ran out takes the claim over
   * (`takenOver`); of repeats racing for an expired claim exactly one does.
   */
  async claim<T extends Record<string, unknown>>(scope: string, key: string, request: unknown, proposed: T): Promise<Claim<T>> {
    await this.ensure();
    const id = hashOf([scope, key]);
    const requestHash = hashOf(request);
    const now = this.clock().toISOString();
    try {
      await this.documents.write(
        [
          {
            type: 'upsert',
            collection: IDEMPOTENCY_KEYS,
            id,
            document: { scope, request_hash: requestHash, value: proposed, created_at: now, claimed_at: now },
            stamp: 'claimed',
          },
        ],
        { expectStamp: { collection: IDEMPOTENCY_KEYS, id, stamp: null } },
      );
      return { value: proposed, repeated: false, takenOver: false };
    } catch (error) {
      if (!(error instanceof ConcurrencyConflict)) throw error;
    }
    const [stored] = [...(await this.documents.getStamped<ClaimDocument>(IDEMPOTENCY_KEYS, [id])).values()];
    if (!stored) throw new Error(`Idempotency key ${id} is claimed but cannot be read`);
    const claimed = stored.document;
    if (claimed.request_hash !== requestHash)
      throw new RequestRefused(
        422,
        'request.idempotency_key_reused',
        'The Idempotency-Key was used for another request',
        'Send a new Idempotency-Key with a different request',
      );
    const value = claimed.value as T;
    const heldSince = Date.parse(claimed.claimed_at ?? claimed.created_at);
    // An unreadable time is treated as expired: a key that can never be answered is the failure leases exist for.
    if (Number.isFinite(heldSince) && Date.parse(now) < heldSince + this.leaseMs)
      return { value, repeated: true, takenOver: false };
    const takeovers = (claimed.takeovers ?? 0) + 1;
    try {
      await this.documents.write(
        [
          {
            type: 'upsert',
            collection: IDEMPOTENCY_KEYS,
            id,
            document: { ...claimed, claimed_at: now, takeovers },
            // The stamp changes with every takeover, so of two repeats that found the same expired claim one loses.
            stamp: `taken:${takeovers}:${hashOf(value)}`,
          },
        ],
        { expectStamp: { collection: IDEMPOTENCY_KEYS, id, stamp: stored.stamp } },
      );
      return { value, repeated: true, takenOver: true };
    } catch (error) {
      if (!(error instanceof ConcurrencyConflict)) throw error;
      // Another repeat took it over (or the holder moved it) just now: that request holds it; answer as a repeat.
      const current = await this.documents.get<ClaimDocument>(IDEMPOTENCY_KEYS, id);
      return { value: (current?.value ?? value) as T, repeated: true, takenOver: false };
    }
  }

  /**
   * Moves a claim from the decision it recorded to another (the number it
   * fixed turned out to be taken). Only a claim still recording `from` moves;
   * returns what the claim records afterwards.
   */
  async rebind<T extends Record<string, unknown>>(scope: string, key: string, from: T, to: T): Promise<T> {
    await this.ensure();
    const id = hashOf([scope, key]);
    const [stored] = [...(await this.documents.getStamped<ClaimDocument>(IDEMPOTENCY_KEYS, [id])).values()];
    if (!stored) throw new Error(`Idempotency key ${id} was never claimed`);
    if (hashOf(stored.document.value) !== hashOf(from)) return stored.document.value as T;
    try {
      await this.documents.write(
        [
          {
            type: 'upsert',
            collection: IDEMPOTENCY_KEYS,
            id,
            document: { ...stored.document, value: to },
            stamp: `claimed:${hashOf(to)}`,
          },
        ],
        { expectStamp: { collection: IDEMPOTENCY_KEYS, id, stamp: stored.stamp } },
      );
      return to;
    } catch (error) {
      if (!(error instanceof ConcurrencyConflict)) throw error;
      return ((await this.documents.get<ClaimDocument>(IDEMPOTENCY_KEYS, id))?.value ?? to) as T;
    }
  }

  /** Gives a key back when its first request was refused, so the corrected request may use it. */
  async release(scope: string, key: string): Promise<void> {
    await this.ensure();
    await this.documents.delete(IDEMPOTENCY_KEYS, hashOf([scope, key]));
  }
}
