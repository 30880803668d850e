import { useState } from 'react';
import { useT, type UiKey } from '../i18n';
import { readDateInput } from './calendar';

const ERRORS: Readonly<Record<string, UiKey>> = {
  'validation.required': 'date.required',
  'validation.date_invalid': 'date.invalid',
};

/**
 * A date typed as day, month and year (separators / - .; two-digit years to the nearest
 * century), checked when the field is left. `onChange` gets the text as typed; `onDate` the ISO
 * day or null.
 */
export function DateInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  required?: boolean;
  serverError?: string | undefined;
  errorTestId?: string;
  onChange: (value: string) => void;
  onDate?: (iso: string | null) => void;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const shown = props.serverError ?? error;
  const errorId = `${props.id}-error`;
  const check = () => {
    if (props.value.trim() === '' && !props.required) {
      setError(null);
      props.onDate?.(null);
      return;
    }
    const result = readDateInput(props.value, new Date());
    setError(result.ok ? null : t(ERRORS[result.error] ?? 'date.invalid'));
    props.onDate?.(result.ok ? result.iso : null);
  };
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        inputMode="numeric"
        autoComplete="off"
        placeholder="DD.MM.YYYY"
        value={props.value}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={check}
      />
      {shown && (
        <p id={errorId} className="field__error" data-testid={props.errorTestId} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
