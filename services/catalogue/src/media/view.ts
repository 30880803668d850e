import {
  imageOriginalPath,
  imageSizePath,
  type ImageMediaType,
  type ImageSizeName,
  type ImageSource,
} from '@buyloop/contracts/catalogue/media-vocabulary';
import type { CatalogueImage } from '@buyloop/contracts/catalogue/media';
import type { ImageUploadedData } from './events';

/**
 * An image as the read model keeps it (one document per image, the id its
 * document id) and the API answers it. The upload's answer is made from the
 * same document the projection writes, so the two never disagree.
 */
export interface ImageDocument extends Record<string, unknown> {
  readonly id: string;
  readonly file_name: string;
  readonly media_type: ImageMediaType;
  readonly width: number;
  readonly height: number;
  readonly source: ImageSource;
  readonly uploaded_at: string;
  readonly sizes: ReadonlyArray<{
    readonly name: ImageSizeName;
    readonly width: number;
    readonly height: number;
    readonly bytes: number;
    readonly hash: string;
  }>;
  readonly original: {
    readonly media_type: ImageMediaType;
    readonly width: number;
    readonly height: number;
    readonly bytes: number;
    readonly hash: string;
  };
}

export const imageDocumentOf = (data: ImageUploadedData): ImageDocument => ({
  id: data.imageId,
  file_name: data.fileName,
  media_type: data.mediaType,
  width: data.width,
  height: data.height,
  source: data.source,
  uploaded_at: data.at,
  sizes: data.sizes.map(({ name, width, height, bytes, hash }) => ({ name, width, height, bytes, hash })),
  original: {
    media_type: data.original.mediaType,
    width: data.original.width,
    height: data.original.height,
    bytes: data.original.bytes,
    hash: data.original.hash,
  },
});

export function imageViewOf(document: ImageDocument): CatalogueImage {
  const sizes = [...document.sizes]
    .sort((a, b) => a.width * a.height - b.width * b.height)
    .map(({ name, width, height, bytes }) => ({ name, width, height, bytes, url: imageSizePath(document.id, name) }));
  return {
    id: document.id,
    file_name: document.file_name,
    media_type: document.media_type,
    width: document.width,
    height: document.height,
    bytes: document.original.bytes,
    source: document.source,
    uploaded_at: document.uploaded_at,
    sizes,
    urls: {
      thumb: imageSizePath(document.id, 'thumb'),
      card: imageSizePath(document.id, 'card'),
      detail: imageSizePath(document.id, 'detail'),
      original: imageOriginalPath(document.id, document.original.media_type),
    },
  };
}
