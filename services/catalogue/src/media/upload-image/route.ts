import { randomUUID } from 'node:crypto';
import express, { type RequestHandler } from 'express';
import { parseInput, RequestRefused, ValidationError } from '@buyloop/kit';
import { actorOf, idempotencyKeyIn, json, ownSession, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import {
  IMAGE_MEDIA_TYPES,
  imageSchema,
  MAX_IMAGE_BYTES,
  uploadImageHeadersSchema,
  uploadImageQuerySchema,
} from '@buyloop/contracts/catalogue/media';
import { uuidFrom } from '../ids';
import { IMAGE_LIMIT_PARAMS } from '../processing';
import { storeImage, type MediaDeps } from '../store-image';
import { imageDocumentOf, imageViewOf } from '../view';

export interface UploadImageRouteDeps extends MediaDeps {
  /** Read-your-writes: the image's metadata route shows it once this resolves. */
  readonly settle: (checkpoint: string | null) => Promise<void>;
}

export const IMAGE_TOO_LARGE = 'catalogue.image.too_large';
export const IMAGE_UNSUPPORTED_TYPE = 'catalogue.image.unsupported_type';

export const uploadImageContract = {
  summary: 'Upload a product image',
  description:
    'The body is the file itself (JPEG, PNG or WebP, up to 10 MB), its name in `?name=` or the X-File-Name header. ' +
    'The bytes decide what the file is, not the declared type: anything that is not one of the three formats, ' +
    'an animation, an empty or damaged file, or more than 50 megapixels is refused under `file`. The original is ' +
    'turned upright and stripped of its metadata; the storefront’s sizes (thumb 160 px, card 400 px, detail 1000 px, ' +
    'WebP, never enlarged) are served from `urls`.',
  query: uploadImageQuerySchema,
  headers: uploadImageHeadersSchema,
  rawBody: { mediaTypes: IMAGE_MEDIA_TYPES, description: 'The image file, up to 10 MB' },
  responses: {
    201: json('Stored; every size can be fetched at once', imageSchema, {
      Location: 'The image’s metadata: /api/admin/catalogue/images/{id}',
    }),
    400: problem('Not an accepted image (`errors.file`), or no valid file name (`errors.name`)'),
    409: problem('The Idempotency-Key was used for another file'),
    413: problem('The file is larger than 10 MB'),
    415: problem('The body is not declared as image/jpeg, image/png or image/webp'),
  },
} satisfies RouteContract;

const parseImageBody = express.raw({ type: [...IMAGE_MEDIA_TYPES], limit: MAX_IMAGE_BYTES });

const isTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'entity.too.large';

/** The body as bytes; an oversized one is refused in the image's own words (the limit in megabytes). */
const imageBody: RequestHandler = (req, res, next) =>
  parseImageBody(req, res, (error?: unknown) =>
    next(
      isTooLarge(error)
        ? new RequestRefused(
            413,
            IMAGE_TOO_LARGE,
            'The image is too large',
            `An image must not be larger than ${IMAGE_LIMIT_PARAMS.max_megabytes} MB`,
            IMAGE_LIMIT_PARAMS,
          )
        : error,
    ),
  );

/** The file's name from the query, else from the header (percent-encoded, since a header carries only Latin-1). */
function fileNameOf(query: string | undefined, header: string | undefined): string {
  if (query !== undefined) return query;
  if (header === undefined)
    throw new ValidationError('validation.failed', { name: ['validation.required'] }, 'The file name is missing');
  try {
    return decodeURIComponent(header);
  } catch {
    throw new ValidationError(
      'validation.failed',
      { name: ['catalogue.image.name_invalid'] },
      'X-File-Name is not percent-encoded UTF-8',
    );
  }
}

function imageIdOf(userId: string, header: string | undefined): string {
  if (header === undefined) return randomUUID();
  // Per person: two people's keys never name one image.
  return uuidFrom('catalogue-image', userId, header);
}

export function uploadImageRoute(r: SecuredRouter, deps: UploadImageRouteDeps): void {
  r.post('/api/admin/catalogue/images', 'catalogue.manage', uploadImageContract, imageBody, async (req, res) => {
    ownSession(res);
    const query = parseInput(uploadImageQuerySchema, req.query);
    const fileName = fileNameOf(query.name, req.get('x-file-name'));
    if (!Buffer.isBuffer(req.body))
      throw new RequestRefused(
        415,
        IMAGE_UNSUPPORTED_TYPE,
        'Only JPEG, PNG and WebP images are accepted',
        `Send the image as one of ${IMAGE_MEDIA_TYPES.join(', ')}`,
      );
    const actor = actorOf(req, res);
    const imageId = imageIdOf(actor.userId, idempotencyKeyIn(req));
    const stored = await storeImage(deps, { imageId, fileName, bytes: req.body, source: 'upload' }, { actor });
    await deps.settle(stored.checkpoint);
    res
      .status(201)
      .set('Location', `/api/admin/catalogue/images/${imageId}`)
      .set('Cache-Control', 'no-store')
      .json(imageViewOf(imageDocumentOf(stored.image)));
  });
}
