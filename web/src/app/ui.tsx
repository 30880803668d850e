import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { useNotifications } from './notifications';

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </div>
  );
}

export function Message({
  kind,
  title,
  children,
}: {
  kind: 'info' | 'warning' | 'success' | 'error';
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`message message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title && <strong className="message__title">{title}</strong>}
      {children && <div className="message__text">{children}</div>}
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="page-state">
      <Message kind="error" title={t('common.error.title')}>
        {t('common.error.text')}
      </Message>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** The toasts: each with its kind, title and text. */
export function Notifications() {
  const t = useT();
  const items = useNotifications((s) => s.items);
  const dismiss = useNotifications((s) => s.dismiss);
  return (
    <div className="toasts" aria-live="polite">
      {items.map((n) => (
        <div
          key={n.id}
          className={`toast toast--${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-testid={`notification-${n.kind}`}
        >
          <div>
            <strong>{n.title}</strong>
            <p>{n.text}</p>
          </div>
          <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
