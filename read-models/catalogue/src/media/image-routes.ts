import { NotFound, parseInput, ValidationError } from '@buyloop/kit';
import { empty, json, media, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import {
  imageFileParamsSchema,
  imageIdParamsSchema,
  imageListQuerySchema,
  imageListSchema,
  imageSchema,
  ORIGINAL_EXTENSIONS,
} from '@buyloop/contracts/catalogue/media';
import { imageViewOf, isImageId, type ImageDocument, type MediaBlobStore } from '@buyloop/catalogue';
import type { DocumentStore } from '@buyloop/document-store';
import { listImages } from './images-projection';

export interface ImageRouteDeps {
  readonly documents: Pick<DocumentStore, 'get' | 'find'>;
  /** The images projection's serving collection. */
  readonly collection: () => Promise<string>;
  readonly blobs: Pick<MediaBlobStore, 'get'>;
}

export const IMAGE_NOT_FOUND = 'catalogue.image.not_found';

/** An image id never gets other bytes, so its files may be kept by every cache for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = (): NotFound => new NotFound(IMAGE_NOT_FOUND, 'There is no such image');
const noImage = problem('No such image (or no such size of it)');

const contracts = {
  file: {
    summary: 'A product image in one of the storefront’s sizes, or its normalised original',
    description:
      '`thumb.webp` (160 px), `card.webp` (400 px), `detail.webp` (1000 px), each fitted inside a square and never ' +
      'enlarged; `original.<ext>` in the format it was uploaded in, upright and without metadata. Cached for a year: ' +
      'an image id never gets other bytes. The ETag is the SHA-256 of the bytes.',
    params: imageFileParamsSchema,
    responses: {
      200: media('The image', 'image/*', { ETag: 'SHA-256 of the bytes, quoted', 'Cache-Control': IMMUTABLE }),
      304: empty('The copy the client holds (If-None-Match) is the current one'),
      404: noImage,
    },
  },
  detail: {
    summary: 'A product image’s metadata: its sizes and where each is served',
    params: imageIdParamsSchema,
    responses: { 200: json('The image', imageSchema), 404: noImage },
  },
  list: {
    summary: 'The product images, newest first (the back office’s image library)',
    query: imageListQuerySchema,
    responses: { 200: json('The page of images and how many there are', imageListSchema) },
  },
} satisfies Readonly<Record<string, RouteContract>>;

type Wanted = { readonly kind: 'size'; readonly name: string } | { readonly kind: 'original'; readonly extension: string };

function wantedOf(file: string): Wanted | null {
  const size = /^(thumb|card|detail)\.webp$/.exec(file);
  if (size) return { kind: 'size', name: size[1]! };
  const original = /^original\.(jpg|png|webp)$/.exec(file);
  return original ? { kind: 'original', extension: original[1]! } : null;
}

/** The hash and media type of the file a request names, or null when the image has no such file. */
function fileOf(image: ImageDocument, wanted: Wanted): { hash: string; mediaType: string } | null {
  if (wanted.kind === 'size') {
    const size = image.sizes.find((candidate) => candidate.name === wanted.name);
    return size ? { hash: size.hash, mediaType: 'image/webp' } : null;
  }
  // One address per original: `original.jpg` of a PNG is not an alias, it is nothing.
  if (ORIGINAL_EXTENSIONS[image.original.media_type] !== wanted.extension) return null;
  return { hash: image.original.hash, mediaType: image.original.media_type };
}

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);

/**
 * Serving product images (public, for the storefront and the back office)
 * and their metadata (back office). Everything is read from the images
 * read model and the blob store; the upload is the write side's route.
 */
export function imageRoutes(r: SecuredRouter, deps: ImageRouteDeps): void {
  const imageById = async (id: string): Promise<ImageDocument | null> =>
    isImageId(id) ? deps.documents.get<ImageDocument>(await deps.collection(), id) : null;

  r.get('/media/catalogue/:id/:file', 'public', contracts.file, async (req, res) => {
    const wanted = wantedOf(req.params.file as string);
    const image = wanted ? await imageById(req.params.id as string) : null;
    const file = image && wanted ? fileOf(image, wanted) : null;
    if (!file) throw notFound();
    const etag = `"${file.hash}"`;
    res.set({
      ETag: etag,
      'Cache-Control': IMMUTABLE,
      // The storefront may live on another origin; helmet's same-origin default would keep its <img> empty.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (etagMatches(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    const blob = await deps.blobs.get(image!.id, file.hash);
    if (!blob) throw new Error(`Image ${image!.id} names ${file.hash}, which the blob store does not hold`);
    res.type(file.mediaType).send(blob.bytes);
  });

  r.get('/api/admin/catalogue/images/:id', 'catalogue.read', contracts.detail, async (req, res) => {
    const image = await imageById(req.params.id as string);
    if (!image) throw notFound();
    res.set('Cache-Control', 'no-store').json(imageViewOf(image));
  });

  r.get('/api/admin/catalogue/images', 'catalogue.read', contracts.list, async (req, res) => {
    const query = parseInput(imageListQuerySchema, req.query);
    if (query.endRow <= query.startRow)
      throw new ValidationError('validation.failed', { endRow: ['validation.invalid_value'] }, 'endRow must be above startRow');
    const page = await listImages(deps.documents, await deps.collection(), {
      offset: query.startRow,
      limit: Math.min(1000, query.endRow - query.startRow),
      fileName: query.file_name,
    });
    res.set('Cache-Control', 'no-store').json({ rows: page.items.map((item) => imageViewOf(item.document)), total: page.total });
  });
}
