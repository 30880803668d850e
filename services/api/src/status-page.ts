import type { Market } from '@buyloop/kit';

/** What only administrators see: which market and engine, how far the log is, how long the process has run. */
export interface StatusDetails {
  readonly market: Market;
  readonly mode: string;
  readonly engine: string;
  /** Undefined when the event store could not be reached. */
  readonly headPosition: string | undefined;
  readonly uptimeSeconds: number;
  readonly time: string;
}

export interface StatusPageModel {
  readonly healthy: boolean;
  /** Null for everyone but administrators: the page then says only whether the shop is up. */
  readonly details: StatusDetails | null;
}

const marketLabels: Record<Market, string> = {
  cz: 'Czech Republic · CZK',
  ro: 'Romania · Lei',
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const formatUptime = (seconds: number): string => {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  return [d ? `${d} d` : '', h ? `${h} h` : '', m ? `${m} min` : '', `${s} s`].filter(Boolean).join(' ');
};

/**
 * The page `pnpm start` points people at until the storefront takes over `/`:
 * it answers "is it up" for everyone and, for administrators, "which market,
 * where do the events go, how far is the log" at a glance.
 */
export function renderStatusPage(model: StatusPageModel): string {
  const { healthy, details } = model;
  const rows: [string, string][] = details
    ? [
        ['Market', marketLabels[details.market]],
        ['Mode', details.mode],
        ['Event store', details.engine],
        ['Events recorded up to position', details.headPosition ?? 'unknown: the event store cannot be reached'],
        ['Up for', formatUptime(details.uptimeSeconds)],
        ['Server time', details.time],
      ]
    : [];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Buyloop · ${healthy ? 'running' : 'degraded'}</title>
<style>
  :root { color-scheme: light dark; --accent: #0b7a5a; --bad: #b42318; --muted: #667085; --card: #fff; --bg: #f4f6f8; --line: #e4e7ec; }
  @media (prefers-color-scheme: dark) { :root { --card: #161b22; --bg: #0d1117; --line: #30363d; --muted: #8b949e; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(36rem, calc(100% - 2rem)); background: var(--card); border: 1px solid var(--line);
    border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.06); }
  h1 { margin: 0; font-size: 1.75rem; letter-spacing: -0.02em; }
  h1 span { color: var(--accent); }
  .status { display: inline-flex; align-items: center; gap: .5rem; margin: .5rem 0 1.5rem; font-weight: 600;
    color: ${healthy ? 'var(--accent)' : 'var(--bad)'}; }
  .status::before { content: ""; width: .6rem; height: .6rem; border-radius: 50%; background: currentColor; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1.5rem; margin: 0; }
  dt { color: var(--muted); }
  dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
  footer { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid var(--line); font-size: .9rem; color: var(--muted); }
  a { color: var(--accent); }
</style>
</head>
<body>
<main>
  <h1>Buy<span>loop</span></h1>
  <p class="status" role="status">${healthy ? 'Running' : details ? 'Degraded: the event store cannot be reached' : 'Degraded'}</p>
${
  rows.length > 0
    ? `  <dl>
${rows.map(([term, value]) => `    <dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
  </dl>
`
    : ''
}  <footer>Machine-readable status: <a href="/health">/health</a>${
    details ? ', details at <a href="/health/details">/health/details</a>' : ''
  }. The storefront will replace this page.</footer>
</main>
</body>
</html>
`;
}
