/** The catalogue section's form parts: the save/delete notice, one form hook, labelled fields with their server errors. */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { errorText, type MessageKey } from '../../i18n';
import { fieldErrorsOf, otherErrors, type FieldErrors } from './forms';

type Notice = { readonly kind: 'saved' | 'deleted'; readonly id: number } | null;

const NoticeContext = createContext<(kind: 'saved' | 'deleted') => void>(() => undefined);

/** Spec 8: 'Úspěšně uloženo.' / 'Úspěšně odstraněno.' once a form closed, in one live region of the section. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [notice, setNotice] = useState<Notice>(null);
  const counter = useRef(0);
  const show = useCallback((kind: 'saved' | 'deleted') => setNotice({ kind, id: ++counter.current }), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 6_000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <NoticeContext.Provider value={show}>
      <div className="ctl-notice-region" role="status" aria-live="polite">
        {notice && (
          <p className="banner banner-success ctl-notice" data-testid="ctl-notice" data-kind={notice.kind} key={notice.id}>
            {t(notice.kind === 'saved' ? 'cat.saved' : 'cat.deleted')}
            <button type="button" className="btn btn-small btn-ghost" onClick={() => setNotice(null)}>
              {t('action.close')}
            </button>
          </p>
        )}
      </div>
      {children}
    </NoticeContext.Provider>
  );
}

export const useNotice = () => useContext(NoticeContext);

export type Values = Record<string, string | boolean>;

export interface Form<V extends Values> {
  readonly values: V;
  set<K extends keyof V>(name: K, value: V[K]): void;
  reset(values: V): void;
  readonly errors: FieldErrors;
  readonly formError: string | null;
  readonly busy: boolean;
  /** Runs the request; a refusal's field errors go under the fields, anything else above the buttons. */
  submit(action: () => Promise<unknown>, after?: 'saved' | 'deleted' | null): (event?: FormEvent) => Promise<boolean>;
  /** A refusal shown as if a submit had got it. */
  fail(error: unknown, failedText?: MessageKey): void;
}

/** One form's values, its server errors and its busy state. */
export function useForm<V extends Values>(initial: V, failedText: MessageKey = 'cat.save_failed'): Form<V> {
  const { t, lang } = useT();
  const notify = useNotice();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown, text: MessageKey = failedText) => {
    if (isApiError(error) && error.status === 412) {
      // Someone else's change came first: the page reloads it (the caller invalidates) and this says why.
      setErrors({});
      setFormError(`${t(text)} ${t('cat.stale')}`);
    } else if (isApiError(error)) {
      const fields = fieldErrorsOf(error.problem, (code) => errorText(code, lang));
      setErrors(fields);
      const known = errorText(error.problem.code, lang);
      // A validation failure is told by its fields; any other refusal by its own text after the generic one.
      const detail =
        Object.keys(fields).length > 0 || error.problem.code === 'validation.failed'
          ? null
          : known !== error.problem.code
            ? known
            : (error.problem.title ?? null);
      setFormError(detail ? `${t(text)} ${detail}` : t(text));
    } else {
      setErrors({});
      setFormError(t(text));
    }
  };

  return {
    values,
    set: (name, value) => setValues((current) => ({ ...current, [name]: value })),
    reset: (next) => {
      setValues(next);
      setErrors({});
      setFormError(null);
    },
    errors,
    formError,
    busy,
    fail,
    submit:
      (action, after = 'saved') =>
      async (event) => {
        event?.preventDefault();
        setBusy(true);
        setErrors({});
        setFormError(null);
        try {
          await action();
          if (after) notify(after);
          return true;
        } catch (error) {
          fail(error);
          return false;
        } finally {
          setBusy(false);
        }
      },
  };
}

interface FieldProps {
  readonly name: string;
  readonly label: string;
  readonly errors?: FieldErrors;
  readonly hint?: string;
  readonly className?: string;
  readonly children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, its control and the control's errors tied to it (aria-describedby). */
export function Field({ name, label, errors, hint, className, children }: FieldProps) {
  const id = useId();
  const own = errors?.[name];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [own ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(own ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <span className="muted small" id={hintId}>
          {hint}
        </span>
      )}
      {own && (
        <span className="field-error" id={errorId} data-testid={`error-${name}`}>
          {own.join(' ')}
        </span>
      )}
    </div>
  );
}

type InputType = 'text' | 'number' | 'datetime-local' | 'date' | 'search';

/** A text input bound to a form value. */
export function TextField<V extends Values>(props: {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  errorKey?: string;
  type?: InputType;
  inputMode?: 'numeric' | 'decimal' | 'text';
  required?: boolean;
  className?: string;
  hint?: string;
  maxLength?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** Instead of setting the value (a field that also fills another). */
  onValue?: (value: string) => void;
}) {
  const { form, name } = props;
  return (
    <Field
      name={props.errorKey ?? name}
      label={props.label}
      errors={form.errors}
      {...(props.hint ? { hint: props.hint } : {})}
      {...(props.className ? { className: props.className } : {})}
    >
      {(aria) => (
        <input
          {...aria}
          name={name}
          type={props.type ?? 'text'}
          value={String(form.values[name] ?? '')}
          onChange={(e) => (props.onValue ? props.onValue(e.target.value) : form.set(name, e.target.value as V[typeof name]))}
          {...(props.inputMode ? { inputMode: props.inputMode } : {})}
          {...(props.required ? { required: true } : {})}
          {...(props.maxLength ? { maxLength: props.maxLength } : {})}
          {...(props.placeholder ? { placeholder: props.placeholder } : {})}
          {...(props.autoFocus ? { autoFocus: true } : {})}
        />
      )}
    </Field>
  );
}

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** A select bound to a form value; `empty` adds a first choice with no value. */
export function SelectField<V extends Values>(props: {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  choices: readonly Choice[];
  empty?: string;
  errorKey?: string;
  required?: boolean;
  className?: string;
  /** Instead of setting the value (a choice that also changes another field). */
  onValue?: (value: string) => void;
}) {
  const { form, name } = props;
  return (
    <Field
      name={props.errorKey ?? name}
      label={props.label}
      errors={form.errors}
      {...(props.className ? { className: props.className } : {})}
    >
      {(aria) => (
        <select
          {...aria}
          name={name}
          value={String(form.values[name] ?? '')}
          onChange={(e) => (props.onValue ? props.onValue(e.target.value) : form.set(name, e.target.value as V[typeof name]))}
          {...(props.required ? { required: true } : {})}
        >
          {props.empty !== undefined && <option value="">{props.empty}</option>}
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox bound to a boolean form value, its errors under it. */
export function CheckField<V extends Values>(props: { form: Form<V>; name: keyof V & string; label: string; errorKey?: string }) {
  const { form, name } = props;
  const id = useId();
  const own = form.errors[props.errorKey ?? name];
  return (
    <div className="ctl-check">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={form.values[name] === true}
          onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
          {...(own ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        />{' '}
        {props.label}
      </label>
      {own && (
        <span className="field-error" id={`${id}-error`} data-testid={`error-${props.errorKey ?? name}`}>
          {own.join(' ')}
        </span>
      )}
    </div>
  );
}

/** The form's failure text and the errors of fields it has no control for. */
export function FormErrors<V extends Values>({ form, known }: { form: Form<V>; known: readonly string[] }) {
  const other = otherErrors(form.errors, known);
  if (!form.formError && other.length === 0) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="form-error">
      {form.formError && <p>{form.formError}</p>}
      {other.length > 0 && (
        <ul className="ctl-error-list">
          {other.map(([key, texts]) => (
            <li key={key}>
              <span className="mono">{key}</span>: {texts.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Loading, failed (with a retry) or empty: what a panel shows before it has rows. */
export function LoadState(props: {
  readonly pending: boolean;
  readonly error: unknown;
  readonly empty?: boolean;
  readonly emptyText?: string;
  readonly failedText?: MessageKey;
  readonly retry?: () => void;
}) {
  const { t } = useT();
  if (props.pending)
    return (
      <p className="muted ctl-loading" aria-busy="true">
        {t('app.loading')}
      </p>
    );
  if (props.error) {
    const notFound = isApiError(props.error) && props.error.status === 404;
    return (
      <div className="banner banner-error" role="alert">
        <p>{notFound ? t('app.not_found') : t(props.failedText ?? 'cat.load_failed')}</p>
        {props.retry && !notFound && (
          <button type="button" className="btn btn-small" onClick={props.retry}>
            {t('app.retry')}
          </button>
        )}
      </div>
    );
  }
  if (props.empty)
    return (
      <p className="muted ctl-empty" data-testid="ctl-empty">
        {props.emptyText ?? t('cat.empty')}
      </p>
    );
  return null;
}
