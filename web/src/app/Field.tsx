import type { ReactNode } from 'react';

/** A labelled field with its error tied by aria-describedby; the error carries `data-testid="error-<name>"`. */
export function Field(props: {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: (input: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; name: string }) => ReactNode;
}) {
  const id = `field-${props.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        name: props.name,
        ...(props.error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {props.hint && (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field__error" data-testid={`error-${props.name}`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
