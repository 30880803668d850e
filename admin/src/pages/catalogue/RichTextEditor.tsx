import { useEffect, useId, useRef } from 'react';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';

type Command = 'bold' | 'italic' | 'h3' | 'ul' | 'ol' | 'link' | 'clear';

const BUTTONS: readonly { readonly command: Command; readonly label: MessageKey; readonly text: string }[] = [
  { command: 'bold', label: 'cat.rich.bold', text: 'B' },
  { command: 'italic', label: 'cat.rich.italic', text: 'I' },
  { command: 'h3', label: 'cat.rich.heading', text: 'H' },
  { command: 'ul', label: 'cat.rich.bullets', text: '•' },
  { command: 'ol', label: 'cat.rich.numbers', text: '1.' },
  { command: 'link', label: 'cat.rich.link', text: '🔗' },
  { command: 'clear', label: 'cat.rich.clear', text: '⌫' },
];

/**
 * A small rich-text editor for product descriptions: a contenteditable area
 * with the few marks a description needs. The server sanitises what it gets
 * (only its allowed tags survive), so this only has to produce them.
 */
export function RichTextEditor(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (html: string) => void;
  readonly error?: readonly string[] | undefined;
  readonly name: string;
  readonly disabled?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const area = useRef<HTMLDivElement>(null);

  // Only a value from outside (loaded, reset) is written into the area: writing back what was typed would move the caret.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== props.value) element.innerHTML = props.value;
  }, [props.value]);

  const run = (command: Command) => {
    area.current?.focus();
    switch (command) {
      case 'bold':
      case 'italic':
        document.execCommand(command);
        break;
      case 'h3':
        document.execCommand('formatBlock', false, 'h3');
        break;
      case 'ul':
        document.execCommand('insertUnorderedList');
        break;
      case 'ol':
        document.execCommand('insertOrderedList');
        break;
      case 'link': {
        const url = window.prompt(t('cat.rich.link_prompt'), 'https://');
        if (url && /^https?:\/\//i.test(url)) document.execCommand('createLink', false, url);
        break;
      }
      case 'clear':
        document.execCommand('removeFormat');
        document.execCommand('formatBlock', false, 'p');
        break;
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${String(never)}`);
      }
    }
    props.onChange(area.current?.innerHTML ?? '');
  };

  return (
    <div className="field ctl-rich">
      <span id={`${id}-label`}>{props.label}</span>
      {!props.disabled && (
        <div className="ctl-rich-toolbar" role="toolbar" aria-label={t('cat.rich.toolbar')} aria-controls={`${id}-area`}>
          {BUTTONS.map((button) => (
            <button
              key={button.command}
              type="button"
              className={`btn btn-small btn-ghost ctl-rich-${button.command}`}
              title={t(button.label)}
              aria-label={t(button.label)}
              // Keeps the selection in the area while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(button.command)}
            >
              {button.text}
            </button>
          ))}
        </div>
      )}
      <div
        ref={area}
        id={`${id}-area`}
        className="ctl-rich-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        data-name={props.name}
        contentEditable={!props.disabled}
        suppressContentEditableWarning
        onInput={(e) => props.onChange(e.currentTarget.innerHTML)}
        {...(props.error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      />
      {props.error && (
        <span className="field-error" id={`${id}-error`} data-testid={`error-${props.name}`}>
          {props.error.join(' ')}
        </span>
      )}
    </div>
  );
}
