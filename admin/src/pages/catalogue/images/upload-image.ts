import type { IMAGE_FILE_EXTENSIONS } from '@buyloop/contracts/catalogue/media-vocabulary';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, type ImageMediaType } from '@buyloop/contracts/catalogue/media-vocabulary';
import type { CatalogueImage } from '@buyloop/contracts/catalogue/media';
import { CSRF_COOKIE, cookieValue, type Problem } from '../../../api/client';
import type { ImageUploadMessageKey } from './messages';

export const UPLOAD_PATH = '/api/admin/catalogue/images';
export const MAX_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

/** What the browser tells about a chosen file before it is read. */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
  /** The browser's guess from the extension; '' when it has none. */
  readonly type: string;
}

const EXTENSION_TYPES: Readonly<Record<(typeof IMAGE_FILE_EXTENSIONS)[number], ImageMediaType>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The media type to declare: the browser's when it is one we accept, else the extension's; null for anything else. */
export function declaredTypeOf(file: Pick<ChosenFile, 'name' | 'type'>): ImageMediaType | null {
  const type = file.type.toLowerCase();
  if ((IMAGE_MEDIA_TYPES as readonly string[]).includes(type)) return type as ImageMediaType;
  if (type !== '' && type !== 'application/octet-stream') return null;
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  return extension && Object.hasOwn(EXTENSION_TYPES, extension)
    ? EXTENSION_TYPES[extension as keyof typeof EXTENSION_TYPES]
    : null;
}

/**
 * The check before sending: the same limits the API refuses by, so a 20 MB
 * photo or a PDF is turned down at once instead of after a long upload.
 * The API still decides on the bytes.
 */
export function checkChosenFile(file: ChosenFile): ImageUploadMessageKey | null {
  if (declaredTypeOf(file) === null) return 'images.upload.wrong_type';
  if (file.size === 0) return 'images.upload.empty';
  if (file.size > MAX_IMAGE_BYTES) return 'images.upload.too_large';
  return null;
}

/** The message a refusal shows: the field's own (already in the asker's language), else the title. */
export function problemMessage(problem: Partial<Problem>): string | null {
  const fields = problem.messages ?? {};
  return fields.file?.[0] ?? fields.name?.[0] ?? Object.values(fields)[0]?.[0] ?? problem.title ?? null;
}

export type UploadOutcome =
  | { readonly ok: true; readonly image: CatalogueImage }
  | { readonly ok: false; readonly status: number; readonly problem: Partial<Problem> | null };

async function csrfToken(): Promise<string> {
  const existing = cookieValue(document.cookie, CSRF_COOKIE);
  if (existing) return existing;
  await fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return cookieValue(document.cookie, CSRF_COOKIE) ?? '';
}

/**
 * Sends one file as the upload's raw body. XMLHttpRequest rather than
 * fetch: only it reports the upload's progress. The Idempotency-Key makes
 * "try again" after a lost answer find the image instead of making a second.
 */
export async function uploadImage(
  file: File,
  options: {
    readonly lang: string;
    readonly idempotencyKey: string;
    readonly onProgress?: (fraction: number) => void;
    readonly signal?: AbortSignal;
  },
): Promise<UploadOutcome> {
  const type = declaredTypeOf(file) ?? 'application/octet-stream';
  const token = await csrfToken();
  return new Promise<UploadOutcome>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOAD_PATH}?name=${encodeURIComponent(file.name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', type);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', options.lang);
    xhr.setRequestHeader('x-csrf-token', token);
    xhr.setRequestHeader('idempotency-key', options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status === 201) resolve({ ok: true, image: body as CatalogueImage });
      else resolve({ ok: false, status: xhr.status, problem: (body as Partial<Problem> | null) ?? null });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
