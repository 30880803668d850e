import { IMAGE_EVENT_TYPES, IMAGE_STREAM_PREFIX, imageDocumentOf, type ImageDocument, type ImageEvent } from '@buyloop/catalogue';
import type { DocumentStore, Filter, Page } from '@buyloop/document-store';
import type { Projection } from '@buyloop/projector';

/**
 * One document per product image (id → file name, sizes with their hashes,
 * original, upload time): what the media routes serve from and the back
 * office's image library lists, newest first.
 */
export const imagesProjection: Projection<ImageDocument> = {
  name: 'catalogue_images',
  version: 1,
  handles: IMAGE_EVENT_TYPES,
  collection: {
    fields: {
      file_name: { path: 'file_name', type: 'string' },
      source: { path: 'source', type: 'string' },
      uploaded_at: { path: 'uploaded_at', type: 'date' },
    },
    indexes: ['uploaded_at'],
    textFields: ['file_name'],
  },
  key: (event) => (event.stream.startsWith(IMAGE_STREAM_PREFIX) ? event.stream.slice(IMAGE_STREAM_PREFIX.length) : null),
  evolve(_document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ImageEvent;
    switch (event.type) {
      case 'ImageUploaded':
        return imageDocumentOf(event.data);
      default:
        return neverEvent(event.type);
    }
  },
};

function neverEvent(type: never): never {
  throw new Error(`Unhandled image event ${JSON.stringify(type)}`);
}

export interface ImageListOptions {
  readonly offset: number;
  readonly limit: number;
  /** Part of the file name, accents and case ignored. */
  readonly fileName?: string | undefined;
}

/** The back office's image library: newest first. */
export async function listImages(
  documents: Pick<DocumentStore, 'find'>,
  collection: string,
  options: ImageListOptions,
): Promise<Page<ImageDocument>> {
  const filters: Filter[] = [];
  const fileName = options.fileName?.trim();
  if (fileName) filters.push({ field: 'file_name', op: 'contains', value: fileName });
  return documents.find<ImageDocument>(collection, {
    filters,
    sort: [{ field: 'uploaded_at', direction: 'desc' }],
    offset: options.offset,
    limit: options.limit,
  });
}
