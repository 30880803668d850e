import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../app/lang';
import { get, keys, paths } from './api';
import { EMPTY_TOOLBAR, mastersUrl } from './grid-query';
import type { MasterRow } from './types';

/** Finds a master product by name (the grid's quick search, first ten) and hands its id on. */
export function MasterPicker(props: { label: string; onPick(master: MasterRow): void; disabled?: boolean; testId: string }) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: keys.masterSearch(query),
    queryFn: ({ signal }) =>
      get<{ rows: MasterRow[]; total: number }>(
        mastersUrl(paths.masters, { startRow: 0, endRow: 10 }, [], {}, { ...EMPTY_TOOLBAR, quick: query }),
        signal,
      ),
    enabled: query.length >= 2,
  });
  return (
    <div className="ctl-picker" data-testid={props.testId}>
      <div className="field">
        <label htmlFor={id}>{props.label}</label>
        <input
          id={id}
          type="search"
          value={text}
          placeholder={t('cat.picker.placeholder')}
          onChange={(e) => setText(e.target.value)}
          disabled={props.disabled}
          autoComplete="off"
        />
      </div>
      {query.length >= 2 && (
        <ul className="ctl-picker-list" aria-live="polite">
          {found.isPending && <li className="muted">{t('app.loading')}</li>}
          {found.data?.rows.length === 0 && <li className="muted">{t('cat.picker.none')}</li>}
          {found.data?.rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={props.disabled}
                onClick={() => {
                  props.onPick(row);
                  setText('');
                }}
              >
                {row.name} <span className="muted mono small">{row.id}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
