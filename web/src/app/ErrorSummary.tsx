import { useEffect, useRef } from 'react';
import { reveal } from './reveal';

export interface SummaryItem {
  /** The id of the field's input, which the link goes to. */
  readonly id: string;
  readonly label: string;
  readonly message: string;
}

/**
 * What a refused form says at its top: a heading, the form-wide messages and a
 * link to each wrong field. It takes focus and scrolls into view every time a
 * submit fails (`attempt` counts them), so the seller starts from the list
 * wherever the button was; a link puts the field with its label on screen and
 * focuses it.
 */
export function ErrorSummary(props: {
  title: string;
  lead: string;
  general: readonly string[];
  items: readonly SummaryItem[];
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.attempt > 0) reveal(ref.current);
  }, [props.attempt]);
  return (
    <div
      ref={ref}
      className="error-summary"
      data-testid="error-summary"
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
    >
      <h3 id="error-summary-title" className="error-summary__title">
        {props.title}
      </h3>
      {props.general.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {props.items.length > 0 && (
        <>
          <p>{props.lead}</p>
          <ul className="error-summary__list">
            {props.items.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    goToField(item.id);
                  }}
                >
                  {item.label}: {item.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The field with its label in view, and focus in its input. */
function goToField(id: string): void {
  const input = globalThis.document.getElementById(id);
  if (!input) return;
  (input.closest<HTMLElement>('.field') ?? input).scrollIntoView({ block: 'start' });
  input.focus({ preventScroll: true });
}
