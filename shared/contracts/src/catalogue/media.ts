import { z } from 'zod';
import { IMAGE_FILE_NAME_MAX_LENGTH, IMAGE_MEDIA_TYPES, IMAGE_SIZE_NAMES, IMAGE_SOURCES } from './media-vocabulary';

export * from './media-vocabulary';

/**
 * The HTTP contract of the catalogue's product images: what the upload
 * accepts and what the image routes answer. Front ends import the inferred
 * types only (`import type`); the limits they check by are in
 * media-vocabulary.ts, which has no zod.
 */

const timestamp = z.iso.datetime({ offset: true });
const pixels = z.number().int().min(1);
const byteCount = z.number().int().min(0);

export const imageMediaTypeSchema = z.enum(IMAGE_MEDIA_TYPES).meta({ id: 'ImageMediaType' });
export const imageSizeNameSchema = z.enum(IMAGE_SIZE_NAMES).meta({ id: 'ImageSizeName' });

export const imageSizeSchema = z
  .strictObject({
    name: imageSizeNameSchema,
    width: pixels,
    height: pixels,
    bytes: byteCount,
    url: z.string().meta({ description: 'Path of the WebP on this host: /media/catalogue/{id}/{size}.webp' }),
  })
  .meta({ id: 'ImageSize' });
export type ImageSize = z.infer<typeof imageSizeSchema>;

export const imageSchema = z
  .strictObject({
    id: z.string(),
    file_name: z.string(),
    media_type: imageMediaTypeSchema.meta({ description: 'The format the bytes turned out to be, not the one declared' }),
    width: pixels.meta({ description: 'Of the original, turned upright' }),
    height: pixels,
    bytes: byteCount.meta({ description: 'Of the normalised original' }),
    source: z.enum(IMAGE_SOURCES),
    uploaded_at: timestamp,
    sizes: z.array(imageSizeSchema).meta({ description: 'Smallest first' }),
    urls: z
      .strictObject({ thumb: z.string(), card: z.string(), detail: z.string(), original: z.string() })
      .meta({ description: 'The same paths by name' }),
  })
  .meta({ id: 'CatalogueImage' });
export type CatalogueImage = z.infer<typeof imageSchema>;

export const imageListSchema = z
  .strictObject({ rows: z.array(imageSchema), total: z.number().int().min(0) })
  .meta({ id: 'CatalogueImageList' });
export type CatalogueImageList = z.infer<typeof imageListSchema>;

export const imageIdParamsSchema = z.strictObject({ id: z.string().meta({ description: 'The image’s id (a UUID)' }) });

export const imageFileParamsSchema = z.strictObject({
  id: z.string().meta({ description: 'The image’s id (a UUID)' }),
  file: z.string().meta({ description: '`thumb.webp`, `card.webp`, `detail.webp`, or `original.jpg|png|webp`' }),
});

/** The upload's query: the file's name, unless the X-File-Name header carries it. */
export const uploadImageQuerySchema = z.strictObject({
  name: z
    .string()
    .max(IMAGE_FILE_NAME_MAX_LENGTH)
    .optional()
    .meta({ description: 'The file’s name as the person chose it (e.g. `iphone-15-black.jpg`)' }),
});

export const uploadImageHeadersSchema = z.object({
  'x-file-name': z
    .string()
    .optional()
    .meta({ description: 'The file’s name, percent-encoded (UTF-8), when the query does not carry it' }),
  'idempotency-key': z.string().optional().meta({
    description:
      '8–200 printable ASCII characters: a repeated upload with the same key and file answers the image it made the first time',
  }),
});

/** The back office's image library: newest first, optionally by a part of the file name. */
export const imageListQuerySchema = z.strictObject({
  startRow: z.coerce.number().int().min(0).default(0),
  endRow: z.coerce.number().int().min(1).max(100_000).default(100),
  file_name: z.string().max(IMAGE_FILE_NAME_MAX_LENGTH).optional(),
});
