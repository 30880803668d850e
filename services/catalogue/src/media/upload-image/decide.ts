import { IllegalState, ValidationError } from '@buyloop/kit';
import { checkText } from '@buyloop/validation';
import { IMAGE_FILE_NAME_MAX_LENGTH, IMAGE_SIZE_NAMES, isImageMediaType } from '@buyloop/contracts/catalogue/media-vocabulary';
import type { ImageEvent, ImageState, ImageUploadedData } from '../events';

/**
 * Records an image whose bytes are already stored: the upload route and
 * the demo-data generator send it after processing (processing.ts) and
 * storing (blob-store.ts), with the id, the time and every hash decided
 * outside, so the decision stays pure.
 */
export interface UploadImage extends ImageUploadedData {
  readonly type: 'UploadImage';
}

export const FILE_NAME_INVALID = 'catalogue.image.name_invalid';
export const IMAGE_EXISTS = 'catalogue.image.exists';

/**
 * The name an image is listed under in the back office. A name, not a path:
 * a separator would mean the client sent a path ("C:\fakepath\…") and a
 * name with one would read as a folder in the library.
 */
export function checkFileName(name: string): string[] {
  const trimmed = name.trim();
  if (trimmed === '') return ['validation.required'];
  if (trimmed.length > IMAGE_FILE_NAME_MAX_LENGTH) return ['validation.max_length'];
  const text = checkText(trimmed);
  if (text.length > 0) return text;
  if (/[/\\]/.test(trimmed) || trimmed === '.' || trimmed === '..') return [FILE_NAME_INVALID];
  return [];
}

/** What processing produced must name every size once; anything else is our bug, refused before it is recorded. */
function assertComplete(command: UploadImage): void {
  const names = command.sizes.map((size) => size.name);
  const complete = names.length === IMAGE_SIZE_NAMES.length && IMAGE_SIZE_NAMES.every((name) => names.includes(name));
  if (!complete)
    throw new Error(`Image ${command.imageId} names the sizes ${names.join(', ')}, not ${IMAGE_SIZE_NAMES.join(', ')}`);
  if (!isImageMediaType(command.mediaType) || command.original.mediaType !== command.mediaType)
    throw new Error(`Image ${command.imageId} has the media type ${command.mediaType} (original ${command.original.mediaType})`);
}

export function decideUploadImage(command: UploadImage, state: ImageState): ImageEvent[] {
  const nameProblems = checkFileName(command.fileName);
  if (nameProblems.length > 0)
    throw new ValidationError('validation.failed', { name: nameProblems }, 'The file name is not valid');
  assertComplete(command);
  if (state.uploaded) {
    // The same bytes under the same id: a repeated request (an Idempotency-Key sent again), which changes nothing.
    if (state.uploaded.sourceHash === command.sourceHash) return [];
    // An image never changes its bytes (its URLs are cached for a year); the key was used for another file.
    throw new IllegalState(IMAGE_EXISTS, `Image ${command.imageId} exists with other bytes`);
  }
  const { type: _type, ...data } = command;
  return [{ type: 'ImageUploaded', data: { ...data, fileName: command.fileName.trim() } }];
}
