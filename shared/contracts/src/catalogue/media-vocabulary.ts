/**
 * The catalogue's product images as the API and the back office agree on
 * them, without zod, so the upload component can check a file before it is
 * sent with the same numbers the API refuses by. The HTTP schemas are in
 * media.ts beside this file.
 */

/** What may be uploaded; the bytes decide, the declared type only has to be one of these. */
export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export const isImageMediaType = (value: unknown): value is ImageMediaType =>
  typeof value === 'string' && (IMAGE_MEDIA_TYPES as readonly string[]).includes(value);

/** File name endings the upload picker offers. */
export const IMAGE_FILE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;

/**
 * The sizes the storefront shows, each the longest side of a square box the
 * image is fitted inside (aspect kept, never enlarged): the listing's
 * thumbnail, the product card, and the product page.
 */
export const IMAGE_SIZES = [
  { name: 'thumb', box: 160 },
  { name: 'card', box: 400 },
  { name: 'detail', box: 1000 },
] as const;
export type ImageSizeName = (typeof IMAGE_SIZES)[number]['name'];
export const IMAGE_SIZE_NAMES = IMAGE_SIZES.map((size) => size.name) as [ImageSizeName, ...ImageSizeName[]];

/** The largest upload: a camera's full-resolution JPEG fits, a video or a RAW file does not. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The most pixels an upload may decode to (a 10 MB PNG can hide billions: a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_FILE_NAME_MAX_LENGTH = 200;

/** Where a size of an image is served (public, cached for a year: an image id never changes its bytes). */
export const imageSizePath = (imageId: string, size: ImageSizeName): string => `/media/catalogue/${imageId}/${size}.webp`;

/** Where the normalised original is served (rotated upright, metadata removed, in its uploaded format). */
export const imageOriginalPath = (imageId: string, mediaType: ImageMediaType): string =>
  `/media/catalogue/${imageId}/original.${ORIGINAL_EXTENSIONS[mediaType]}`;

export const ORIGINAL_EXTENSIONS: Readonly<Record<ImageMediaType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Where an image came from: a person's upload, or the demo data's generator. */
export const IMAGE_SOURCES = ['upload', 'generated'] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];
