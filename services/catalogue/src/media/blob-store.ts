import { sha256 } from './processing';

/**
 * Where the bytes of product images live: in the document store, in
 * collections of their own (never a projection's, so no rebuild drops them).
 *
 * Why there and not in files under DATA_DIR: the document store is the one
 * storage every deployment already has and backs up: PGlite's data
 * directory, the PostgreSQL server, MongoDB. Files would live on one API
 * host's disk, and a second instance behind the load balancer (or a fresh
 * container) would answer 404 for images the first one stored. Bytes
 * travel as base64 in JSON documents of at most 1 MiB each (MongoDB refuses
 * documents over 16 MB; a 10 MB upload's original spans several), and every
 * size is served with a year's cache, so the store is read about once per
 * size and cache; a small in-process cache keeps the thumbnails a listing
 * asks for.
 *
 * Order of writes: an upload stores its blobs, with a marker that lists
 * them, BEFORE its ImageUploaded event is appended, so an event never names
 * bytes that are not there. If the append fails (or the process dies in
 * between), the blobs are orphans nobody can reach: no event names them and
 * their URLs need an image id with an event. The sweep (sweepOrphans)
 * deletes, once a grace period has passed, every blob of a marker that its
 * image's stream does not reference, and the marker with them. A successful
 * upload deletes its marker at once.
 */

/** The blobs: `<imageId>.<hash>` heads (the first chunk inline) and `<imageId>.<hash>.<n>` further chunks. */
export const MEDIA_BLOBS_COLLECTION = 'catalogue_media_blobs';
/** Uploads whose event is not known to be appended yet, by `<imageId>.<sourceHash>`. */
export const MEDIA_UPLOADS_COLLECTION = 'catalogue_media_uploads';

/** Raw bytes per document; base64 makes it 1.4 MB of JSON. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;
/** How old a marker must be before the sweep judges it: long enough for any upload to have appended its event. */
export const ORPHAN_GRACE_MS = 15 * 60_000;

type JsonDocument = Readonly<Record<string, unknown>>;
type FieldType = 'string' | 'number' | 'boolean' | 'date';

/**
 * The calls of the document store port (@buyloop/document-store) the blobs
 * need. Structural, so the write side needs no dependency on the read-model
 * package; the document store satisfies it.
 */
export interface BlobDocuments {
  ensureCollection(definition: {
    readonly name: string;
    readonly fields: Readonly<Record<string, { readonly path: string; readonly type: FieldType }>>;
    readonly indexes?: ReadonlyArray<string | readonly string[]>;
  }): Promise<void>;
  get(collection: string, id: string): Promise<JsonDocument | null>;
  getMany(collection: string, ids: readonly string[]): Promise<Map<string, JsonDocument>>;
  write(
    operations: ReadonlyArray<
      | { readonly type: 'upsert'; readonly collection: string; readonly id: string; readonly document: JsonDocument }
      | { readonly type: 'delete'; readonly collection: string; readonly id: string }
    >,
  ): Promise<void>;
  find(
    collection: string,
    query: {
      readonly filters?: ReadonlyArray<{ readonly field: string; readonly op: 'range'; readonly lt?: string }>;
      readonly sort?: ReadonlyArray<{ readonly field: string; readonly direction: 'asc' | 'desc' }>;
      readonly limit?: number;
    },
  ): Promise<{ readonly items: ReadonlyArray<{ readonly id: string; readonly document: JsonDocument }> }>;
}

export interface BlobToStore {
  readonly hash: string;
  readonly mediaType: string;
  readonly bytes: Buffer;
}

export interface StoredBlob {
  readonly mediaType: string;
  readonly bytes: Buffer;
}

interface BlobHead extends JsonDocument {
  readonly image_id: string;
  readonly hash: string;
  readonly media_type: string;
  readonly size: number;
  readonly chunks: number;
  readonly data: string;
}

interface UploadMarker extends JsonDocument {
  readonly image_id: string;
  readonly hashes: readonly string[];
  readonly stored_at: string;
}

const headId = (imageId: string, hash: string): string => `${imageId}.${hash}`;
const chunkId = (imageId: string, hash: string, index: number): string => `${imageId}.${hash}.${index}`;
const markerId = (imageId: string, sourceHash: string): string => `${imageId}.${sourceHash}`;
const chunkCount = (size: number): number => Math.max(1, Math.ceil(size / BLOB_CHUNK_BYTES));

/** The hashes an image's stream references, or null when the stream holds no image. */
export type ReferencedHashes = (imageId: string) => Promise<ReadonlySet<string> | null>;

export interface MediaBlobStoreOptions {
  /** Bytes of blobs kept in memory for serving (32 MB). */
  readonly cacheBytes?: number;
}

export class MediaBlobStore {
  private readonly cache: BlobCache;

  constructor(
    private readonly documents: BlobDocuments,
    options: MediaBlobStoreOptions = {},
  ) {
    this.cache = new BlobCache(options.cacheBytes ?? 32 * 1024 * 1024);
  }

  async ensureCollections(): Promise<void> {
    await this.documents.ensureCollection({ name: MEDIA_BLOBS_COLLECTION, fields: {} });
    await this.documents.ensureCollection({
      name: MEDIA_UPLOADS_COLLECTION,
      fields: { stored_at: { path: 'stored_at', type: 'date' } },
      indexes: ['stored_at'],
    });
  }

  /**
   * Stores an upload's blobs and its marker in one write (one transaction on
   * PostgreSQL; in order, marker first, elsewhere, so a crash half-way still
   * leaves the marker that lets the sweep find what was written).
   */
  async put(imageId: string, sourceHash: string, blobs: readonly BlobToStore[], at: Date): Promise<void> {
    const marker: UploadMarker = { image_id: imageId, hashes: blobs.map((b) => b.hash), stored_at: at.toISOString() };
    const operations: Parameters<BlobDocuments['write']>[0][number][] = [
      { type: 'upsert', collection: MEDIA_UPLOADS_COLLECTION, id: markerId(imageId, sourceHash), document: marker },
    ];
    for (const blob of blobs) {
      if (sha256(blob.bytes) !== blob.hash) throw new Error(`Blob of image ${imageId} does not match its hash ${blob.hash}`);
      const chunks = chunkCount(blob.bytes.length);
      const slice = (index: number) =>
        blob.bytes.subarray(index * BLOB_CHUNK_BYTES, (index + 1) * BLOB_CHUNK_BYTES).toString('base64');
      // Further chunks before the head: a head, once there, always has its chunks.
      for (let index = 1; index < chunks; index++)
        operations.push({
          type: 'upsert',
          collection: MEDIA_BLOBS_COLLECTION,
          id: chunkId(imageId, blob.hash, index),
          document: { data: slice(index) },
        });
      const head: BlobHead = {
        image_id: imageId,
        hash: blob.hash,
        media_type: blob.mediaType,
        size: blob.bytes.length,
        chunks,
        data: slice(0),
      };
      operations.push({ type: 'upsert', collection: MEDIA_BLOBS_COLLECTION, id: headId(imageId, blob.hash), document: head });
    }
    await this.documents.write(operations);
  }

  /** The upload's event is appended: its blobs are no longer the sweep's to judge. */
  async confirm(imageId: string, sourceHash: string): Promise<void> {
    await this.documents.write([{ type: 'delete', collection: MEDIA_UPLOADS_COLLECTION, id: markerId(imageId, sourceHash) }]);
  }

  /** A blob's bytes, checked against the hash they were stored under; null when there is no such blob. */
  async get(imageId: string, hash: string): Promise<StoredBlob | null> {
    const id = headId(imageId, hash);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const head = (await this.documents.get(MEDIA_BLOBS_COLLECTION, id)) as BlobHead | null;
    if (!head) return null;
    const parts = [Buffer.from(head.data, 'base64')];
    if (head.chunks > 1) {
      const ids = Array.from({ length: head.chunks - 1 }, (_, i) => chunkId(imageId, hash, i + 1));
      const found = await this.documents.getMany(MEDIA_BLOBS_COLLECTION, ids);
      for (const chunk of ids) {
        const data = found.get(chunk)?.data;
        if (typeof data !== 'string') throw new Error(`Blob ${id} is missing its chunk ${chunk}`);
        parts.push(Buffer.from(data, 'base64'));
      }
    }
    const bytes = Buffer.concat(parts);
    // A blob is never rewritten with other bytes, so a mismatch is damage in the store: fail loudly rather than serve it.
    if (bytes.length !== head.size || sha256(bytes) !== hash) throw new Error(`Blob ${id} does not match its hash`);
    const blob = { mediaType: head.media_type, bytes };
    this.cache.set(id, blob);
    return blob;
  }

  /**
   * Deletes the blobs of uploads whose marker is older than the grace period
   * and that their image's stream does not reference (the append failed or
   * the same Idempotency-Key was used for other bytes); the markers go with
   * them. Answers how many blobs were deleted.
   */
  async sweepOrphans(now: Date, referenced: ReferencedHashes, graceMs = ORPHAN_GRACE_MS): Promise<number> {
    const cutoff = new Date(now.getTime() - graceMs).toISOString();
    let deleted = 0;
    for (;;) {
      const page = await this.documents.find(MEDIA_UPLOADS_COLLECTION, {
        filters: [{ field: 'stored_at', op: 'range', lt: cutoff }],
        sort: [{ field: 'stored_at', direction: 'asc' }],
        limit: 100,
      });
      if (page.items.length === 0) return deleted;
      for (const { id, document } of page.items) {
        const marker = document as UploadMarker;
        const kept = (await referenced(marker.image_id)) ?? new Set<string>();
        const orphans = marker.hashes.filter((hash) => !kept.has(hash));
        const heads = await this.documents.getMany(
          MEDIA_BLOBS_COLLECTION,
          orphans.map((hash) => headId(marker.image_id, hash)),
        );
        const operations: Parameters<BlobDocuments['write']>[0][number][] = [];
        for (const hash of orphans) {
          const head = heads.get(headId(marker.image_id, hash)) as BlobHead | undefined;
          if (!head) continue;
          operations.push({ type: 'delete', collection: MEDIA_BLOBS_COLLECTION, id: headId(marker.image_id, hash) });
          for (let index = 1; index < head.chunks; index++)
            operations.push({ type: 'delete', collection: MEDIA_BLOBS_COLLECTION, id: chunkId(marker.image_id, hash, index) });
          this.cache.delete(headId(marker.image_id, hash));
          deleted++;
        }
        operations.push({ type: 'delete', collection: MEDIA_UPLOADS_COLLECTION, id });
        await this.documents.write(operations);
      }
    }
  }
}

/** Least recently used blobs up to a byte budget; a blob larger than a quarter of it is never kept. */
class BlobCache {
  private readonly entries = new Map<string, StoredBlob>();
  private used = 0;

  constructor(private readonly budget: number) {}

  get(id: string): StoredBlob | undefined {
    const blob = this.entries.get(id);
    if (!blob) return undefined;
    this.entries.delete(id);
    this.entries.set(id, blob);
    return blob;
  }

  set(id: string, blob: StoredBlob): void {
    if (blob.bytes.length > this.budget / 4) return;
    this.delete(id);
    this.entries.set(id, blob);
    this.used += blob.bytes.length;
    for (const [oldest, old] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= old.bytes.length;
    }
  }

  delete(id: string): void {
    const blob = this.entries.get(id);
    if (!blob) return;
    this.entries.delete(id);
    this.used -= blob.bytes.length;
  }
}
