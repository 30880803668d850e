import { useEffect, useId, useRef, useState, type CSSProperties, type DragEvent } from 'react';
import type { CatalogueImage } from '@buyloop/contracts/catalogue/media';
import { useT } from '../../../app/lang';
import { errorText, format } from '../../../i18n';
import { imageUploadMessages, type ImageUploadMessageKey } from './messages';
import { checkChosenFile, MAX_MEGABYTES, problemMessage, uploadImage } from './upload-image';

type Status = 'refused' | 'uploading' | 'processing' | 'done' | 'failed';

interface Item {
  readonly key: string;
  readonly file: File;
  readonly status: Status;
  /** 0–100 while uploading. */
  readonly percent: number;
  readonly message: string | null;
  readonly image: CatalogueImage | null;
  /** Kept for "try again": a lost answer must find the first image, not make a second one. */
  readonly idempotencyKey: string;
}

const zoneStyle = (dragging: boolean, disabled: boolean): CSSProperties => ({
  border: `2px dashed ${dragging ? 'var(--accent, #2563eb)' : 'var(--border, #c7cfdb)'}`,
  background: dragging ? 'rgba(37, 99, 235, 0.06)' : 'transparent',
  borderRadius: 8,
  padding: '1rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '0.4rem',
  textAlign: 'center',
  opacity: disabled ? 0.6 : 1,
});

const listStyle: CSSProperties = { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' };
const itemStyle: CSSProperties = { display: 'flex', gap: '0.75rem', alignItems: 'center' };
const thumbStyle: CSSProperties = {
  width: 64,
  height: 64,
  objectFit: 'contain',
  borderRadius: 6,
  border: '1px solid var(--border, #dde3ea)',
  background: '#fff',
  flex: 'none',
};

/**
 * Uploading product images: a file picker and a drop zone, each file checked
 * here first (type and size, with the API's own limits), then sent with its
 * progress shown; an accepted image shows its thumbnail and is handed to
 * `onUploaded`, a refused one shows the server's message in the person's
 * language. Several files go one after another.
 */
export function ImageUpload(props: {
  onUploaded: (image: CatalogueImage) => void;
  /** Several files at once (default) or one. */
  multiple?: boolean;
  disabled?: boolean;
}) {
  const { lang } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<readonly Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const alive = useRef(true);
  const onUploaded = useRef(props.onUploaded);
  onUploaded.current = props.onUploaded;
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const text = (key: ImageUploadMessageKey, params: Record<string, string | number> = {}) =>
    format(imageUploadMessages[key][lang] || imageUploadMessages[key].en, params);
  const disabled = props.disabled === true;

  const update = (key: string, change: Partial<Item>) => {
    if (alive.current) setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  };

  const send = async (item: Item) => {
    update(item.key, { status: 'uploading', percent: 0, message: null });
    try {
      const outcome = await uploadImage(item.file, {
        lang,
        idempotencyKey: item.idempotencyKey,
        onProgress: (fraction) => {
          const percent = Math.round(fraction * 100);
          update(item.key, percent >= 100 ? { status: 'processing', percent: 100 } : { percent });
        },
      });
      if (outcome.ok) {
        update(item.key, { status: 'done', percent: 100, image: outcome.image });
        onUploaded.current(outcome.image);
        return;
      }
      const problem = outcome.problem;
      const message =
        (problem && problemMessage(problem)) ??
        (problem?.code ? errorText(problem.code, lang) : null) ??
        text('images.upload.failed', { name: item.file.name });
      update(item.key, { status: outcome.status >= 500 ? 'failed' : 'refused', message });
    } catch {
      update(item.key, { status: 'failed', message: text('images.upload.network') });
    }
  };

  const enqueue = (item: Item) => {
    queue.current = queue.current.then(() => send(item));
  };

  const choose = (files: readonly File[]) => {
    if (disabled || files.length === 0) return;
    const chosen = props.multiple === false ? files.slice(0, 1) : files;
    const added = chosen.map((file): Item => {
      const problem = checkChosenFile(file);
      return {
        key: crypto.randomUUID(),
        file,
        status: problem ? 'refused' : 'uploading',
        percent: 0,
        message: problem ? text(problem, { name: file.name, max: MAX_MEGABYTES }) : null,
        image: null,
        idempotencyKey: `image-upload-${crypto.randomUUID()}`,
      };
    });
    setItems((current) => [...added, ...current.filter((item) => item.status !== 'done' && item.status !== 'refused')]);
    for (const item of added) if (item.status === 'uploading') enqueue(item);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  return (
    <div className="image-upload" data-testid="image-upload">
      <div
        style={zoneStyle(dragging, disabled)}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
        data-testid="image-upload-zone"
      >
        <strong id={`${id}-title`}>{text('images.upload.drop')}</strong>
        <span className="muted small">{text('images.upload.or')}</span>
        <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()}>
          {text('images.upload.choose')}
        </button>
        <span className="muted small" id={`${id}-hint`}>
          {text('images.upload.hint', { max: MAX_MEGABYTES })}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          multiple={props.multiple !== false}
          disabled={disabled}
          accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
          aria-label={text('images.upload.title')}
          data-testid="image-upload-input"
          onChange={(event) => {
            choose([...(event.currentTarget.files ?? [])]);
            // The same file may be chosen again (after fixing it, or to retry).
            event.currentTarget.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <ul style={listStyle} aria-live="polite" data-testid="image-upload-list">
          {items.map((item) => (
            <li key={item.key} style={itemStyle} data-status={item.status} data-testid="image-upload-item">
              {item.image ? (
                <img
                  src={item.image.urls.thumb}
                  alt={text('images.upload.preview', { name: item.image.file_name })}
                  style={thumbStyle}
                  data-testid="image-upload-preview"
                />
              ) : (
                <span style={thumbStyle} aria-hidden="true" />
              )}
              <div style={{ display: 'flex', flexDirection: 'column', gap: '0.2rem', minWidth: 0, flex: 1 }}>
                <span className="mono small" style={{ overflowWrap: 'anywhere' }}>
                  {item.file.name}
                </span>
                {item.status === 'uploading' && (
                  <>
                    <progress max={100} value={item.percent} aria-label={item.file.name} />
                    <span className="muted small">{text('images.upload.uploading', { percent: item.percent })}</span>
                  </>
                )}
                {item.status === 'processing' && (
                  <>
                    <progress aria-label={item.file.name} />
                    <span className="muted small">{text('images.upload.processing')}</span>
                  </>
                )}
                {item.status === 'done' && item.image && (
                  <span className="small" role="status">
                    {text('images.upload.done')} · {item.image.width} × {item.image.height} px
                  </span>
                )}
                {(item.status === 'refused' || item.status === 'failed') && (
                  <span className="field-error" role="alert" data-testid="image-upload-error">
                    {item.message}
                  </span>
                )}
              </div>
              {item.status === 'failed' && (
                <button type="button" className="btn btn-small" onClick={() => enqueue(item)}>
                  {text('images.upload.retry')}
                </button>
              )}
              {(item.status === 'refused' || item.status === 'failed' || item.status === 'done') && (
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  aria-label={`${text('images.upload.dismiss')}: ${item.file.name}`}
                  onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))}
                >
                  ✕
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
