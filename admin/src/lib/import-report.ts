/** The price-list import's refusal as rows of a table: `line_<n>.<column>` → line, column, messages. */

export interface ImportProblemRow {
  readonly line: number | null;
  readonly column: string | null;
  readonly codes: readonly string[];
  readonly messages: readonly string[];
}

export interface ImportReport {
  readonly missingColumns: readonly string[];
  readonly rows: readonly ImportProblemRow[];
}

export function importReport(problem: {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  readonly messages?: Readonly<Record<string, readonly string[]>>;
}): ImportReport {
  const missing = problem.params?.missing_columns;
  const missingColumns =
    typeof missing === 'string'
      ? missing
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
  const keys = new Set([...Object.keys(problem.errors ?? {}), ...Object.keys(problem.messages ?? {})]);
  const rows: ImportProblemRow[] = [];
  for (const key of keys) {
    if (key === 'file') continue;
    const match = /^line_(\d+)(?:\.(.+))?$/.exec(key);
    rows.push({
      line: match ? Number(match[1]) : null,
      column: match ? (match[2] ?? null) : key,
      codes: problem.errors?.[key] ?? [],
      messages: problem.messages?.[key] ?? [],
    });
  }
  rows.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? '').localeCompare(b.column ?? ''));
  return { missingColumns, rows };
}
