import type { ImageMediaType, ImageSizeName, ImageSource } from '@buyloop/contracts/catalogue/media-vocabulary';

/**
 * A product image: one stream per image (`image-<id>`), written once. The
 * bytes are not in the event: they are stored first (blob-store.ts), under
 * the hashes the event records, so the event appears only when every size it
 * names can already be served. An image never changes its bytes; a new
 * photo is a new image, which is why its URLs may be cached for a year.
 */

/** One stored rendition: what the storefront is sent, and the SHA-256 its bytes are stored and checked under. */
export interface StoredRendition {
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** SHA-256 of the bytes, hex: the blob's key and the HTTP ETag. */
  readonly hash: string;
}

export interface StoredSize extends StoredRendition {
  readonly name: ImageSizeName;
}

export interface StoredOriginal extends StoredRendition {
  readonly mediaType: ImageMediaType;
}

export interface ImageUploadedData {
  readonly imageId: string;
  readonly fileName: string;
  /** The format the bytes are (never the declared one). */
  readonly mediaType: ImageMediaType;
  /** Of the original, turned upright. */
  readonly width: number;
  readonly height: number;
  readonly sizes: readonly StoredSize[];
  readonly original: StoredOriginal;
  /** SHA-256 of the bytes as they were sent: a repeated upload is recognised without decoding it again. */
  readonly sourceHash: string;
  readonly source: ImageSource;
  readonly at: string;
}

export type ImageEvent = { readonly type: 'ImageUploaded'; readonly data: ImageUploadedData };

export const IMAGE_EVENT_TYPES = ['ImageUploaded'] as const satisfies readonly ImageEvent['type'][];

export const IMAGE_STREAM_PREFIX = 'image-';
export const imageStream = (imageId: string): string => `${IMAGE_STREAM_PREFIX}${imageId}`;

export interface ImageState {
  /** Null until the image was uploaded. */
  readonly uploaded: ImageUploadedData | null;
}

export const initialImageState = (): ImageState => ({ uploaded: null });

export function evolveImage(state: ImageState, event: ImageEvent): ImageState {
  switch (event.type) {
    case 'ImageUploaded':
      return { ...state, uploaded: event.data };
    default:
      return neverImageCase(event.type);
  }
}

/** Every hash an image's bytes are stored under (its sizes and its original). */
export const hashesOf = (image: Pick<ImageUploadedData, 'sizes' | 'original'>): readonly string[] => [
  ...image.sizes.map((size) => size.hash),
  image.original.hash,
];

export function neverImageCase(value: never): never {
  throw new Error(`Unhandled image case ${JSON.stringify(value)}`);
}
