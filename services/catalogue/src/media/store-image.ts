import {
  commandHandler,
  fold,
  IllegalState,
  ValidationError,
  type Actor,
  type Clock,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import type { ImageSource } from '@buyloop/contracts/catalogue/media-vocabulary';
import { imageDecider } from './decider';
import { hashesOf, imageStream, type ImageEvent, type ImageUploadedData } from './events';
import { uuidFrom } from './ids';
import { processImage, sha256 } from './processing';
import type { MediaBlobStore, ReferencedHashes } from './blob-store';
import { checkFileName, IMAGE_EXISTS } from './upload-image/decide';

export interface MediaDeps {
  readonly events: StreamStore;
  readonly blobs: MediaBlobStore;
  readonly market: Market;
  readonly clock: Clock;
}

export interface StoreImageRequest {
  readonly imageId: string;
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly source: ImageSource;
}

export interface StoredImage {
  readonly image: ImageUploadedData;
  /** Of the image's event, for read-your-writes; null never happens once stored, but the type is the handler's. */
  readonly checkpoint: string | null;
  /** The image was there already (the same bytes under the same id): nothing was written. */
  readonly repeated: boolean;
}

/** The image a stream holds, or null. */
export async function readImage(events: Pick<StreamStore, 'readStream'>, imageId: string): Promise<ImageUploadedData | null> {
  const recorded = await events.readStream(imageStream(imageId));
  return fold(imageDecider, recorded as unknown as readonly ImageEvent[]).uploaded;
}

/** Whether an image exists, from its own stream (never a read model that may lag): for a master product's photo ids. */
export const imageExists = async (events: Pick<StreamStore, 'readStream'>, imageId: string): Promise<boolean> =>
  (await readImage(events, imageId)) !== null;

/** The sweep's view of a stream: which hashes its image references. */
export const referencedHashes =
  (events: Pick<StreamStore, 'readStream'>): ReferencedHashes =>
  async (imageId) => {
    const image = await readImage(events, imageId);
    return image ? new Set(hashesOf(image)) : null;
  };

/**
 * One way in for every image, an upload or the demo data's generator:
 * check and process the bytes, store them, and only then append
 * ImageUploaded, so the event never names bytes that are not stored.
 * A repeat of the same bytes under the same id answers the image as it is.
 */
export async function storeImage(
  deps: MediaDeps,
  request: StoreImageRequest,
  options: { readonly actor: Actor; readonly correlationId?: string },
): Promise<StoredImage> {
  const nameProblems = checkFileName(request.fileName);
  if (nameProblems.length > 0)
    throw new ValidationError('validation.failed', { name: nameProblems }, 'The file name is not valid');
  const sourceHash = sha256(request.bytes);

  // Looked at before any work: a repeated request must not process and store the bytes again.
  const existing = await deps.events.readStream(imageStream(request.imageId));
  if (existing.length > 0) {
    const image = fold(imageDecider, existing as unknown as readonly ImageEvent[]).uploaded;
    if (image?.sourceHash !== sourceHash)
      throw new IllegalState(IMAGE_EXISTS, `Image ${request.imageId} exists with other bytes`);
    return { image, checkpoint: existing.at(-1)!.checkpoint, repeated: true };
  }

  const processed = await processImage(request.bytes);
  const at = deps.clock();
  await deps.blobs.put(
    request.imageId,
    sourceHash,
    [
      { hash: processed.original.hash, mediaType: processed.mediaType, bytes: processed.original.bytes },
      ...processed.sizes.map((size) => ({ hash: size.hash, mediaType: 'image/webp', bytes: size.bytes })),
    ],
    at,
  );

  const result = await commandHandler(deps.events, imageDecider)(
    imageStream(request.imageId),
    {
      type: 'UploadImage',
      imageId: request.imageId,
      fileName: request.fileName,
      mediaType: processed.mediaType,
      width: processed.original.width,
      height: processed.original.height,
      sizes: processed.sizes.map(({ name, width, height, bytes, hash }) => ({ name, width, height, bytes: bytes.length, hash })),
      original: {
        mediaType: processed.mediaType,
        width: processed.original.width,
        height: processed.original.height,
        bytes: processed.original.bytes.length,
        hash: processed.original.hash,
      },
      sourceHash,
      source: request.source,
      at: at.toISOString(),
    },
    {
      actor: options.actor,
      market: deps.market,
      ...(options.correlationId ? { correlationId: options.correlationId } : {}),
      // One id per image and bytes: two identical requests racing store one event.
      newId: () => uuidFrom('ImageUploaded', request.imageId, sourceHash),
      // A writer that lost the race decides again on the winner's image: the same bytes are a repeat, others IMAGE_EXISTS.
      retry: { attempts: 2 },
    },
  );
  await deps.blobs.confirm(request.imageId, sourceHash);
  const image = result.state.uploaded;
  if (!image) throw new Error(`Image ${request.imageId} was stored but its stream holds no image`);
  return { image, checkpoint: result.checkpoint, repeated: result.duplicate || result.events.length === 0 };
}
