import { useT } from '../i18n';
import { HOURS, MINUTES } from './calendar';

const pad = (n: number) => String(n).padStart(2, '0');

/** A 24-hour time, minutes in steps of 5; the value is 'HH:mm'. */
export function TimePicker(props: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const [hour = '00', minute = '00'] = props.value.split(':');
  return (
    <fieldset className="timepicker">
      <legend>{props.label}</legend>
      <select
        id={props.id}
        aria-label={t('time.hour')}
        value={hour}
        onChange={(e) => props.onChange(`${e.target.value}:${minute}`)}
      >
        {HOURS.map((h) => (
          <option key={h} value={pad(h)}>
            {pad(h)}
          </option>
        ))}
      </select>
      <span aria-hidden="true">:</span>
      <select aria-label={t('time.minute')} value={minute} onChange={(e) => props.onChange(`${hour}:${e.target.value}`)}>
        {MINUTES.map((m) => (
          <option key={m} value={pad(m)}>
            {pad(m)}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
