import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_PURGE_KEYS,
  SURROGATE_KEY_PATTERN,
  type CachePurgeMode,
  type CachePurgeRequest,
  type CachePurgeResult,
} from '@buyloop/contracts/catalogue/cache-purge';
import { isApiError, postJson } from '../api/client';
import { can } from '../api/permissions';
import { useLangStore } from '../app/lang';
import { cacheText, type CacheText } from './messages';
import './cache.css';

export const PURGE_PATH = '/api/new/core/fastly/purge';
const DEFAULT_KEYS_TEXT = DEFAULT_PURGE_KEYS.join(' ');
const TOAST_MS = 5_000;

/** What the form holds, as the request the API takes (spec 7: keys / url / full, soft_purge false by default). */
export function purgeRequest(
  mode: CachePurgeMode,
  keysText: string,
  url: string,
  soft: boolean,
): { ok: true; request: CachePurgeRequest } | { ok: false; field: 'keys' | 'url'; text: CacheText } {
  switch (mode) {
    case 'key': {
      const keys = [...new Set(keysText.split(/[\s,]+/).filter(Boolean))];
      if (keys.length === 0 || !keys.every((key) => SURROGATE_KEY_PATTERN.test(key)))
        return { ok: false, field: 'keys', text: 'cache.keys_required' };
      return { ok: true, request: { mode, keys, soft_purge: soft } };
    }
    case 'url':
      if (!url.trim()) return { ok: false, field: 'url', text: 'cache.url_required' };
      return { ok: true, request: { mode, url: url.trim(), soft_purge: soft } };
    case 'full':
      return { ok: true, request: { mode, soft_purge: soft } };
    default: {
      const never: never = mode;
      throw new Error(`Unknown purge mode ${String(never)}`);
    }
  }
}

/**
 * The admin menu's extra purge entry (spec 2/7) and its modal: purges the
 * API's page and catalogue-answer cache by keys (the default: every page and
 * every endpoint), by one URL, or all of it, softly or not. Shown to those
 * who manage the catalogue, the only ones the API lets purge.
 */
export function CachePurgeEntry({ roles }: { roles: readonly string[] }) {
  const lang = useLangStore((s) => s.lang);
  const tx = (key: CacheText, params?: Readonly<Record<string, string | number>>) => cacheText(key, lang, params);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<CachePurgeMode>('key');
  const [keysText, setKeysText] = useState(DEFAULT_KEYS_TEXT);
  const [url, setUrl] = useState('');
  const [soft, setSoft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: 'keys' | 'url'; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!can(roles, 'catalogue.manage')) return null;

  const show = () => {
    setFailure(null);
    setFieldError(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setFieldError(null);
    const built = purgeRequest(mode, keysText, url, soft);
    if (!built.ok) {
      setFieldError({ field: built.field, text: tx(built.text) });
      return;
    }
    setBusy(true);
    try {
      const result = await postJson<CachePurgeResult>(PURGE_PATH, built.request);
      setOpen(false);
      setToast(tx('cache.done', { n: result.purged }));
    } catch (error) {
      // The spec's alert; the API's own words (a field it refused) under it when it gave any.
      const problem = isApiError(error) ? error.problem : null;
      const fields = problem?.errors ? Object.keys(problem.errors) : [];
      const named = fields.find((name) => name === 'url' || name === 'keys' || name.startsWith('keys.'));
      if (named) {
        const text = problem?.messages?.[named]?.[0] ?? problem?.detail ?? tx('cache.failed');
        setFieldError({ field: named === 'url' ? 'url' : 'keys', text });
      }
      setFailure(tx('cache.failed'));
    } finally {
      setBusy(false);
    }
  };

  const keysError = fieldError?.field === 'keys' ? fieldError.text : null;
  const urlError = fieldError?.field === 'url' ? fieldError.text : null;

  return (
    <>
      <button type="button" className="menu-link menu-button" data-testid="menu-cache-purge" onClick={show}>
        {tx('cache.menu')}
      </button>
      <dialog
        ref={dialog}
        className="cache-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        data-testid="cache-purge-dialog"
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h2 id={`${id}-title`}>{tx('cache.title')}</h2>
          <p className="cache-intro">{tx('cache.intro')}</p>
          {failure && (
            <p className="banner banner-error" role="alert" data-testid="cache-purge-error">
              {failure}
            </p>
          )}
          <fieldset className="cache-modes">
            <legend>{tx('cache.mode')}</legend>
            {(['key', 'url', 'full'] as const).map((value) => (
              <label key={value} className="inline-field">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value);
                    setFieldError(null);
                  }}
                  data-testid={`cache-mode-${value}`}
                />
                {tx(`cache.mode.${value}`)}
              </label>
            ))}
          </fieldset>
          {mode === 'key' && (
            <div className="field">
              <label htmlFor={`${id}-keys`}>{tx('cache.keys')}</label>
              <div className="cache-keys">
                <input
                  id={`${id}-keys`}
                  value={keysText}
                  onChange={(event) => setKeysText(event.target.value)}
                  aria-invalid={keysError ? true : undefined}
                  aria-describedby={`${id}-keys-hint${keysError ? ` ${id}-keys-error` : ''}`}
                  data-testid="cache-keys"
                />
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setKeysText(DEFAULT_KEYS_TEXT)}
                  data-testid="cache-default-keys"
                >
                  {tx('cache.default_keys')}
                </button>
              </div>
              <small id={`${id}-keys-hint`} className="cache-hint">
                {tx('cache.keys_hint')}
              </small>
              {keysError && (
                <span id={`${id}-keys-error`} className="field-error">
                  {keysError}
                </span>
              )}
            </div>
          )}
          {mode === 'url' && (
            <div className="field">
              <label htmlFor={`${id}-url`}>{tx('cache.url')}</label>
              <input
                id={`${id}-url`}
                type="url"
                placeholder="https://…/mobilni-telefony"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? `${id}-url-error` : undefined}
                data-testid="cache-url"
              />
              {urlError && (
                <span id={`${id}-url-error`} className="field-error">
                  {urlError}
                </span>
              )}
            </div>
          )}
          {mode === 'full' && <p className="cache-warning">{tx('cache.full_warning')}</p>}
          <label className="inline-field">
            <input type="checkbox" checked={soft} onChange={(event) => setSoft(event.target.checked)} data-testid="cache-soft" />
            {tx('cache.soft')}
          </label>
          <div className="form-buttons">
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="cache-purge-submit">
              {busy ? tx('cache.busy') : tx('cache.submit')}
            </button>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              {tx('cache.cancel')}
            </button>
          </div>
        </form>
      </dialog>
      {toast && (
        <p className="cache-toast" role="status" data-testid="cache-purge-toast">
          {toast}
        </p>
      )}
    </>
  );
}
