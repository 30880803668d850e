import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { ValidationError } from '@buyloop/kit';
import {
  IMAGE_SIZES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  type ImageMediaType,
  type ImageSizeName,
} from '@buyloop/contracts/catalogue/media-vocabulary';

/**
 * What an upload's bytes must be, and what is made of them: the checks
 * decide on the facts sharp reads from the file's header (never on the
 * declared type or the name), then the original is turned upright and
 * re-encoded without its metadata (a phone's JPEG carries the GPS position
 * of the shop's stockroom), and the storefront's sizes are made as WebP.
 */

/** Field error keys of the `file` field. */
export const IMAGE_EMPTY = 'catalogue.image.empty';
export const IMAGE_NOT_AN_IMAGE = 'catalogue.image.not_an_image';
export const IMAGE_FORMAT_NOT_ALLOWED = 'catalogue.image.format_not_allowed';
export const IMAGE_NO_PIXELS = 'catalogue.image.no_pixels';
export const IMAGE_TOO_MANY_PIXELS = 'catalogue.image.too_many_pixels';
export const IMAGE_ANIMATED = 'catalogue.image.animated';
export const IMAGE_UNREADABLE = 'catalogue.image.unreadable';

/** The numbers the texts quote (`{{max_megabytes}}`, `{{max_megapixels}}`). */
export const IMAGE_LIMIT_PARAMS = {
  max_megabytes: MAX_IMAGE_BYTES / (1024 * 1024),
  max_megapixels: MAX_IMAGE_PIXELS / 1_000_000,
} as const;

/** What sharp's header read says about a file, as the checks need it. */
export interface ImageFacts {
  readonly format: string | undefined;
  /** As stored; an EXIF orientation of 5–8 swaps them when shown. */
  readonly width: number | undefined;
  readonly height: number | undefined;
  /** Frames of an animation; absent or 1 for a still image. */
  readonly pages?: number | undefined;
}

const FORMATS: Readonly<Record<string, ImageMediaType>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The media type of a format sharp detected, when it is one we accept (SVG, GIF, TIFF, HEIF… are not). */
export const mediaTypeOfFormat = (format: string | undefined): ImageMediaType | null =>
  format !== undefined && Object.hasOwn(FORMATS, format) ? FORMATS[format]! : null;

/** Field error keys for the file, [] when it may be processed. The first failing check is the one worth telling. */
export function checkImageFacts(facts: ImageFacts): string[] {
  if (mediaTypeOfFormat(facts.format) === null) return [IMAGE_FORMAT_NOT_ALLOWED];
  const { width = 0, height = 0 } = facts;
  if (!(width >= 1 && height >= 1)) return [IMAGE_NO_PIXELS];
  if (width * height > MAX_IMAGE_PIXELS) return [IMAGE_TOO_MANY_PIXELS];
  if ((facts.pages ?? 1) > 1) return [IMAGE_ANIMATED];
  return [];
}

/**
 * The dimensions of an image fitted inside a square box, aspect kept and
 * never enlarged: a 600 px photo is not blown up to 1000 px blur.
 * Rounded as sharp rounds, at least one pixel.
 */
export function fitInside(box: number, width: number, height: number): { width: number; height: number } {
  if (width <= box && height <= box) return { width, height };
  if (width >= height) return { width: box, height: Math.max(1, Math.round((height * box) / width)) };
  return { width: Math.max(1, Math.round((width * box) / height)), height: box };
}

export interface Rendition {
  readonly width: number;
  readonly height: number;
  readonly bytes: Buffer;
  readonly hash: string;
}

export interface ProcessedImage {
  readonly mediaType: ImageMediaType;
  /** SHA-256 of the bytes as sent. */
  readonly sourceHash: string;
  /** Upright, metadata removed, in the format it came in. */
  readonly original: Rendition;
  /** Smallest first, WebP. */
  readonly sizes: ReadonlyArray<Rendition & { readonly name: ImageSizeName }>;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const isPixelLimit = (error: unknown): boolean => error instanceof Error && /pixel limit/i.test(error.message);

const refuse = (code: string, message: string): ValidationError =>
  new ValidationError('validation.failed', { file: [code] }, message, IMAGE_LIMIT_PARAMS);

// 'error' rather than sharp's default 'warning': a truncated or corrupt file is refused, a camera's harmless oddity is not.
const open = (input: Uint8Array): Sharp =>
  sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true });

const encodeOriginal = (image: Sharp, mediaType: ImageMediaType): Sharp => {
  switch (mediaType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90 });
    case 'image/png':
      return image.png({ compressionLevel: 6 });
    case 'image/webp':
      return image.webp({ quality: 90, effort: 2 });
    default:
      throw new Error(`No encoder for ${String(mediaType satisfies never)}`);
  }
};

/**
 * The WebP settings of the storefront's sizes: small files, no visible loss
 * on a product photo. Effort 2 rather than libwebp's 4: measured three times
 * faster for files about a tenth larger, which matters when the demo data
 * makes hundreds of images at a start.
 */
const SIZE_WEBP = { quality: 82, effort: 2 } as const;

/** The storefront's sizes: decoded once at the largest, the smaller ones made from those pixels, not from the file again. */
async function makeSizes(input: Uint8Array): Promise<ProcessedImage['sizes']> {
  const largest = IMAGE_SIZES.at(-1)!.box;
  const { data, info } = await open(input)
    .autoOrient()
    .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  return Promise.all(
    IMAGE_SIZES.map(async ({ name, box }) => {
      const made = await sharp(data, pixels)
        .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
        .webp(SIZE_WEBP)
        .toBuffer({ resolveWithObject: true });
      return { name, width: made.info.width, height: made.info.height, bytes: made.data, hash: sha256(made.data) };
    }),
  );
}

/**
 * Checks the bytes and makes the original and the sizes. Refusals are
 * ValidationErrors under `file`; the caller stores the result (blob-store.ts).
 */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw refuse(IMAGE_EMPTY, 'The file is empty');
  let facts: ImageFacts;
  try {
    const metadata = await sharp(input).metadata();
    facts = {
      format: metadata.format,
      width: metadata.autoOrient?.width ?? metadata.width,
      height: metadata.autoOrient?.height ?? metadata.height,
      pages: metadata.pages,
    };
  } catch (error) {
    // sharp refuses to even describe a file past its own pixel limit: that is a bomb, not a non-image.
    if (isPixelLimit(error)) throw refuse(IMAGE_TOO_MANY_PIXELS, 'The image has too many pixels');
    throw refuse(IMAGE_NOT_AN_IMAGE, 'The file is not an image');
  }
  const problems = checkImageFacts(facts);
  if (problems.length > 0) throw refuse(problems[0]!, `The image cannot be accepted (${problems[0]})`);
  const mediaType = mediaTypeOfFormat(facts.format)!;

  try {
    // The original and the sizes are encoded side by side: sharp's work runs off the event loop, on other cores.
    const [original, sizes] = await Promise.all([
      encodeOriginal(open(input).autoOrient(), mediaType).toBuffer({ resolveWithObject: true }),
      makeSizes(input),
    ]);
    return {
      mediaType,
      sourceHash: sha256(input),
      original: {
        width: original.info.width,
        height: original.info.height,
        bytes: original.data,
        hash: sha256(original.data),
      },
      sizes,
    };
  } catch (error) {
    if (isPixelLimit(error)) throw refuse(IMAGE_TOO_MANY_PIXELS, 'The image has too many pixels');
    throw refuse(IMAGE_UNREADABLE, 'The image is damaged or cannot be decoded');
  }
}
