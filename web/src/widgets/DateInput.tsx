import { useContext, useRef, useState } from 'react';
import { LanguageContext, useT, type UiKey } from '../i18n';
import { DatePicker } from './DatePicker';
import { isoToDisplay, readDateInput, type DayRange } from './calendar';

const ERRORS: Readonly<Record<string, UiKey>> = {
  'validation.required': 'date.required',
  'validation.date_invalid': 'date.invalid',
};

/**
 * A date typed as day, month and year (separators / - .; two-digit years to the nearest
 * century), checked when the field is left. `onChange` gets the text as typed; `onDate` the ISO
 * day or null. With `pickerRange` a button beside it opens the date picker over the days that
 * fit the field (worked out when it opens, so the server's and the browser's render agree).
 */
export function DateInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  required?: boolean;
  serverError?: string | undefined;
  errorTestId?: string;
  pickerRange?: (today: Date) => DayRange;
  onChange: (value: string) => void;
  onDate?: (iso: string | null) => void;
}) {
  const t = useT();
  const language = useContext(LanguageContext);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ today: Date; range: DayRange } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const shown = props.serverError ?? error;
  const errorId = `${props.id}-error`;
  const calendarId = `${props.id}-calendar`;
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
  const typed = readDateInput(props.value, new Date());
  const pick = (iso: string) => {
    props.onChange(isoToDisplay(iso));
    props.onDate?.(iso);
    setError(null);
    setPicking(null);
    input.current?.focus();
  };
  const pickerRange = props.pickerRange;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className={pickerRange ? 'date-input' : undefined}>
        <input
          ref={input}
          id={props.id}
          name={props.name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('date.placeholder')}
          value={props.value}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={check}
        />
        {pickerRange && (
          <button
            type="button"
            className="date-input__open"
            data-testid={`${props.name}-picker`}
            aria-label={t('date.open')}
            aria-expanded={picking !== null}
            aria-controls={calendarId}
            onClick={() => {
              const today = new Date();
              setPicking(picking ? null : { today, range: pickerRange(today) });
            }}
          >
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <rect x="2.5" y="4" width="15" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M2.5 8h15M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      {picking && (
        <div
          id={calendarId}
          className="date-popover"
          data-testid={`${props.name}-calendar`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setPicking(null);
              input.current?.focus();
            }
          }}
        >
          <DatePicker
            value={typed.ok ? typed.iso : null}
            onChange={pick}
            language={language}
            today={picking.today}
            range={picking.range}
          />
        </div>
      )}
      {shown && (
        <p id={errorId} className="field__error" data-testid={props.errorTestId} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
