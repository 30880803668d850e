import { useMemo, useState } from 'react';
import { useT } from '../i18n';
import { monthGrid, pickerYears, shiftMonth } from './calendar';

const WEEKDAYS: Readonly<Record<string, readonly string[]>> = {
  cs: ['Po', 'Út', 'St', 'Čt', 'Pá', 'So', 'Ne'],
  ro: ['Lu', 'Ma', 'Mi', 'Jo', 'Vi', 'Sâ', 'Du'],
  en: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
};

/** A month calendar: 100 years back to 52 ahead, always six weeks (42 days). */
export function DatePicker(props: { value: string | null; onChange: (iso: string) => void; language: string; today: Date }) {
  const t = useT();
  const range = useMemo(() => pickerYears(props.today), [props.today]);
  const start = props.value ? props.value.split('-').map(Number) : [props.today.getFullYear(), props.today.getMonth() + 1];
  const [view, setView] = useState({ year: start[0] ?? range.from, month: start[1] ?? 1 });
  const days = monthGrid(view.year, view.month);
  const monthNames = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(props.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, i, 1))),
  );
  const years = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
  return (
    <div className="datepicker">
      <div className="datepicker__head">
        <button
          type="button"
          className="icon-button"
          aria-label={t('date.prevMonth')}
          onClick={() => setView(shiftMonth(view.year, view.month, -1, range))}
        >
          ‹
        </button>
        <select
          aria-label={t('date.month')}
          value={view.month}
          onChange={(e) => setView({ ...view, month: Number(e.target.value) })}
        >
          {monthNames.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label={t('date.year')}
          value={view.year}
          onChange={(e) => setView({ ...view, year: Number(e.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="icon-button"
          aria-label={t('date.nextMonth')}
          onClick={() => setView(shiftMonth(view.year, view.month, 1, range))}
        >
          ›
        </button>
      </div>
      <div className="datepicker__grid" role="grid">
        {/* Rows are layout-free (display: contents): the 7-column grid places the cells, the roles tell a screen reader. */}
        <div className="datepicker__row" role="row">
          {(WEEKDAYS[props.language] ?? WEEKDAYS.en!).map((day) => (
            <span key={day} className="datepicker__weekday" role="columnheader">
              {day}
            </span>
          ))}
        </div>
        {weeksOf(days).map((week) => (
          <div key={week[0]!.iso} className="datepicker__row" role="row">
            {week.map((day) => (
              <span key={day.iso} role="gridcell" aria-selected={day.iso === props.value}>
                <button
                  type="button"
                  // The name starts with the number the button shows ("1. 11. 2026"), as the label it is read by.
                  aria-label={spokenDate(day.iso)}
                  className={`datepicker__day${day.inMonth ? '' : ' datepicker__day--outside'}`}
                  aria-pressed={day.iso === props.value}
                  onClick={() => props.onChange(day.iso)}
                >
                  {day.day}
                </button>
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The 42 days in rows of seven. */
function weeksOf<T>(days: readonly T[]): T[][] {
  const weeks: T[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** `2026-11-01` → `1. 11. 2026`. */
function spokenDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day}. ${month}. ${year}`;
}
