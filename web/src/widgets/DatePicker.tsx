import { useMemo, useState } from 'react';
import { useT } from '../i18n';
import { clampMonth, inRange, monthGrid, pickerYears, rangeYears, shiftMonth, type DayRange } from './calendar';

const WEEKDAYS: Readonly<Record<string, readonly string[]>> = {
  cs: ['Po', 'Út', 'St', 'Čt', 'Pá', 'So', 'Ne'],
  ro: ['Lu', 'Ma', 'Mi', 'Jo', 'Vi', 'Sâ', 'Du'],
  en: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
};

/**
 * A month calendar, always six weeks (42 days). Without `range` it spans 100 years back to 52
 * ahead (spec 5); a field passes the days that fit it (an identity card's "valid to" starts
 * today), and days outside cannot be picked.
 */
export function DatePicker(props: {
  value: string | null;
  onChange: (iso: string) => void;
  language: string;
  today: Date;
  range?: DayRange;
}) {
  const t = useT();
  const years = useMemo(() => (props.range ? rangeYears(props.range) : pickerYears(props.today)), [props.today, props.range]);
  const start = props.value ? props.value.split('-').map(Number) : [props.today.getFullYear(), props.today.getMonth() + 1];
  const [view, setViewRaw] = useState(() => clampMonth(start[0] ?? years.from, start[1] ?? 1, props.range));
  const setView = (next: { year: number; month: number }) => setViewRaw(clampMonth(next.year, next.month, props.range));
  const days = monthGrid(view.year, view.month);
  const monthNames = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(props.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, i, 1))),
  );
  const yearList = Array.from({ length: years.to - years.from + 1 }, (_, i) => years.from + i);
  return (
    <div className="datepicker">
      <div className="datepicker__head">
        <button
          type="button"
          className="icon-button"
          aria-label={t('date.prevMonth')}
          onClick={() => setView(shiftMonth(view.year, view.month, -1, years))}
        >
          ‹
        </button>
        <select
          name="month"
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
          name="year"
          aria-label={t('date.year')}
          value={view.year}
          onChange={(e) => setView({ ...view, year: Number(e.target.value) })}
        >
          {yearList.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="icon-button"
          aria-label={t('date.nextMonth')}
          onClick={() => setView(shiftMonth(view.year, view.month, 1, years))}
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
              <span key={day.iso} className="datepicker__cell" role="gridcell" aria-selected={day.iso === props.value}>
                <button
                  type="button"
                  // The name starts with the number the button shows ("1. 11. 2026"), as the label it is read by.
                  aria-label={spokenDate(day.iso)}
                  data-iso={day.iso}
                  className={`datepicker__day${day.inMonth ? '' : ' datepicker__day--outside'}`}
                  aria-pressed={day.iso === props.value}
                  disabled={!inRange(day.iso, props.range)}
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
