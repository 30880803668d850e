import { useEffect, useRef } from 'react';

/**
 * A question before a step that cannot be taken back (cancelling a buy-back,
 * accepting or refusing a new price): a modal <dialog>, so focus stays in it
 * and Escape answers "no". Focus starts on the safe answer.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      dialog.showModal();
      safe.current?.focus();
    } else if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className="confirm"
      data-testid="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id="confirm-title">{props.title}</h2>
      <p id="confirm-text">{props.text}</p>
      <div className="confirm__actions">
        <button ref={safe} type="button" className="button button--secondary" data-testid="confirm-no" onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
          data-testid="confirm-yes"
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
