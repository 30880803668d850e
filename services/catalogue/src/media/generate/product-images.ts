import sharp from 'sharp';
import type { Actor } from '@buyloop/kit';
import { uuidFrom } from '../ids';
import { readImage, storeImage, type MediaDeps } from '../store-image';
import type { ImageUploadedData } from '../events';
import { renderProductImage, type ProductImageSpec } from './render-product-image';

/** Bump when the drawings change: the demo data then makes new images instead of finding the old ones. */
export const PRODUCT_IMAGE_RENDER_VERSION = '1';

const DEMO_ACTOR: Actor = { userId: 'demo-data', role: 'system' };

/** The id of a drawn product image: the same product and colour always get the same image. */
export const productImageId = (spec: ProductImageSpec): string =>
  uuidFrom(
    'catalogue-product-image',
    PRODUCT_IMAGE_RENDER_VERSION,
    spec.kind,
    spec.manufacturer.trim().toLowerCase(),
    spec.model.trim().toLowerCase(),
    spec.colourName.trim().toLowerCase(),
    spec.colourHex.toLowerCase(),
  );

const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** `apple-iphone-15-pro-midnight.png`: how the back office's library lists a drawn image. */
export const productImageFileName = (spec: ProductImageSpec): string =>
  `${[spec.manufacturer, spec.model, spec.colourName].map(slug).filter(Boolean).join('-') || 'product'}.png`;

export interface ProductImages {
  /**
   * The image of this product in this colour: drawn, rendered to PNG by
   * sharp and stored through the same path as an upload (checks, sizes,
   * blobs, then ImageUploaded) the first time; found by its id afterwards,
   * also after a restart. Each model × colour is drawn once per process
   * however often it is asked for.
   */
  image(spec: ProductImageSpec): Promise<ImageUploadedData>;
}

export interface ProductImagesOptions {
  /** Images drawn at once (2: sharp already uses the cores for each). */
  readonly concurrency?: number;
  readonly actor?: Actor;
}

/** The demo data's product pictures (see ProductImages). */
export function productImages(deps: MediaDeps, options: ProductImagesOptions = {}): ProductImages {
  const made = new Map<string, Promise<ImageUploadedData>>();
  const limit = Math.max(1, options.concurrency ?? 2);
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finished drawing hands its slot straight to the next one waiting, so no newcomer slips in between.
  const slot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };

  const make = async (spec: ProductImageSpec, imageId: string): Promise<ImageUploadedData> => {
    const existing = await readImage(deps.events, imageId);
    if (existing) return existing;
    return slot(async () => {
      const png = await sharp(Buffer.from(renderProductImage(spec)))
        .png({ compressionLevel: 2 })
        .toBuffer();
      const stored = await storeImage(
        deps,
        { imageId, fileName: productImageFileName(spec), bytes: png, source: 'generated' },
        { actor: options.actor ?? DEMO_ACTOR },
      );
      return stored.image;
    });
  };

  return {
    image(spec) {
      const imageId = productImageId(spec);
      let image = made.get(imageId);
      if (!image) {
        image = make(spec, imageId);
        made.set(imageId, image);
        // A failure is not remembered: the next call tries again.
        image.catch(() => made.delete(imageId));
      }
      return image;
    },
  };
}
