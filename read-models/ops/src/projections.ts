import cliProgress from 'cli-progress';
import { openStorage, parseConfig, projections, readOpsToken, type Config } from '@buyloop/api';
import { Projector, type ProjectionReport } from '@buyloop/projector';
import { apiBase } from './running-api';
import type { CommandGroup, Io, OpsContext } from './command';
import { EXIT_OK, OpsError } from './errors';
import { assertPgliteFree } from './open-store';

type Action = 'pause' | 'resume' | 'reset';

/** The projector, wherever it runs: inside the running API (over HTTP), or opened here when nothing runs. */
interface ProjectorAccess {
  readonly where: string;
  status(): Promise<ProjectionReport[]>;
  rebuild(name: string, onProgress: (done: bigint, head: bigint) => void): Promise<ProjectionReport | undefined>;
  act(name: string, action: Action): Promise<ProjectionReport | undefined>;
  close(): Promise<void>;
}

async function problemText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { detail?: string; title?: string };
  return body.detail ?? body.title ?? `HTTP ${response.status}`;
}

async function viaApi(config: Config, token: string): Promise<ProjectorAccess | undefined> {
  const base = apiBase(config);
  const headers = { authorization: `Bearer ${token}` };
  try {
    const probe = await fetch(`${base}/api/ops/projections`, { headers, signal: AbortSignal.timeout(3000) });
    if (!probe.ok) return undefined;
    await probe.body?.cancel();
  } catch {
    // No API there (a token left by a crash, or another port): open the stores here instead.
    return undefined;
  }
  const post = async (path: string) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers });
    if (!response.ok) throw new OpsError(await problemText(response));
    return response;
  };
  return {
    where: `the running API at ${base}`,
    async status() {
      const response = await fetch(`${base}/api/ops/projections`, { headers });
      if (!response.ok) throw new OpsError(await problemText(response));
      return ((await response.json()) as { projections: ProjectionReport[] }).projections;
    },
    async rebuild(name, onProgress) {
      const response = await post(`/api/ops/projections/${encodeURIComponent(name)}/rebuild`);
      let head = 0n;
      let buffered = '';
      let result: ProjectionReport | undefined;
      const decoder = new TextDecoder();
      for await (const chunk of response.body ?? []) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const message = JSON.parse(buffered.slice(0, newline)) as {
            type: string;
            head?: string;
            position?: string;
            report?: ProjectionReport;
            problem?: { detail?: string; title?: string };
          };
          buffered = buffered.slice(newline + 1);
          if (message.type === 'started') head = BigInt(message.head ?? '0');
          if (message.type === 'progress') onProgress(BigInt(message.position ?? '0'), head);
          if (message.type === 'done') result = message.report;
          if (message.type === 'error') throw new OpsError(message.problem?.detail ?? message.problem?.title ?? 'rebuild failed');
        }
      }
      return result;
    },
    async act(name, action) {
      const response = await post(`/api/ops/projections/${encodeURIComponent(name)}/${action}`);
      return ((await response.json()) as { projection?: ProjectionReport }).projection;
    },
    close: async () => undefined,
  };
}

async function direct(config: Config): Promise<ProjectorAccess> {
  // Events or read models (or both) are in PGlite whenever a server URL is missing for them.
  if (!config.databaseUrl && (config.eventStore.kind === 'pglite' || !config.mongodbUrl)) assertPgliteFree(config.dataDir);
  const storage = await openStorage(config);
  const projector = new Projector(storage.eventStore, storage.documentStore, projections);
  let started = false;
  const start = async () => {
    if (!started) await projector.start();
    started = true;
  };
  const report = async (name: string) => (await projector.status()).find((r) => r.name === name);
  return {
    where: storage.description,
    status: () => projector.status(),
    async rebuild(name, onProgress) {
      await start();
      const head = await storage.eventStore.headPosition();
      await projector.rebuild(name, (state) => onProgress(BigInt(state.position), head));
      return report(name);
    },
    async act(name, action) {
      await start();
      await projector[action](name);
      return report(name);
    },
    async close() {
      await projector.stop();
      await storage.close();
    },
  };
}

async function access(env: Readonly<Record<string, string | undefined>>): Promise<ProjectorAccess> {
  const result = parseConfig(env);
  if (!result.ok) throw new OpsError(`The configuration is invalid:\n${result.errors.map((e) => `  - ${e}`).join('\n')}`);
  const token = readOpsToken(result.config);
  return (token ? await viaApi(result.config, token) : undefined) ?? (await direct(result.config));
}

const requireName = (reports: readonly ProjectionReport[], name: string): void => {
  if (!reports.some((r) => r.name === name)) {
    throw new OpsError(`No projection named ${JSON.stringify(name)}. Known: ${reports.map((r) => r.name).join(', ') || 'none'}.`);
  }
};

const pad = (text: string, width: number) => text.padEnd(width);

export async function printStatus(io: Io, reports: readonly ProjectionReport[], asJson: boolean): Promise<void> {
  if (asJson) {
    for (const report of reports) await io.out(`${JSON.stringify(report)}\n`);
    return;
  }
  if (reports.length === 0) {
    await io.out('No projections are registered.\n');
    return;
  }
  // The first column is as wide as the longest name: projection names grow with the contexts.
  const nameWidth = Math.max(20, ...reports.map((r) => `${r.name} v${r.version}`.length + 2));
  await io.out(
    `${pad('PROJECTION', nameWidth)}${pad('STATE', 12)}${pad('POSITION', 12)}${pad('HEAD', 12)}${pad('LAG', 16)}RATE\n`,
  );
  for (const r of reports) {
    const lag = `${r.lagEvents} ev, ${r.lagSeconds.toFixed(1)} s`;
    await io.out(
      `${pad(`${r.name} v${r.version}`, nameWidth)}${pad(r.status, 12)}${pad(r.position, 12)}${pad(r.head, 12)}${pad(lag, 16)}${r.eventsPerSecond}/s\n`,
    );
    if (r.error)
      await io.out(
        `  failed at event ${r.error.eventId} (${r.error.eventType}, position ${r.error.position}): ${r.error.message}\n`,
      );
    if (r.rebuilding) await io.out(`  rebuilding into ${r.rebuilding.collection}: position ${r.rebuilding.position}\n`);
  }
}

async function showStatus(options: { readonly json?: true }, { io, env }: OpsContext): Promise<number> {
  const projector = await access(env);
  try {
    await printStatus(io, await projector.status(), options.json === true);
  } finally {
    await projector.close();
  }
  return EXIT_OK;
}

async function rebuild(name: string, { io, env }: OpsContext): Promise<number> {
  const projector = await access(env);
  const bar = new cliProgress.SingleBar(
    {
      format: `${name} [{bar}] {percentage}% | {value}/{total} events | {rate}/s | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    requireName(await projector.status(), name);
    io.err(`Rebuilding ${name} (${projector.where})\n`);
    const startedAt = Date.now();
    let barStarted = false;
    const report = await projector.rebuild(name, (done, head) => {
      const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
      const payload = { rate: Math.round(Number(done) / seconds) };
      if (!barStarted) {
        bar.start(Number(head), Number(done), payload);
        barStarted = true;
      } else bar.update(Number(done), payload);
    });
    if (barStarted) {
      bar.update(bar.getTotal(), {});
      bar.stop();
    }
    await io.out(
      `${name} rebuilt in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; reads now go to ${report?.collection ?? 'the new generation'}.\n`,
    );
  } finally {
    bar.stop();
    await projector.close();
  }
  return EXIT_OK;
}

async function act(action: Action, name: string, { io, env }: OpsContext): Promise<number> {
  const projector = await access(env);
  try {
    requireName(await projector.status(), name);
    const report = await projector.act(name, action);
    await io.out(`${name}: ${report?.status ?? 'done'} at position ${report?.position ?? '?'}\n`);
  } finally {
    await projector.close();
  }
  return EXIT_OK;
}

const PROJECTION_NAME = 'the projection, e.g. stream_summary';

const actions: readonly { readonly action: Action; readonly summary: string; readonly details: string }[] = [
  {
    action: 'pause',
    summary: 'stop a projection at its checkpoint until resumed',
    details: 'The projection keeps serving what it has; it stops reading the log until projections:resume.',
  },
  {
    action: 'resume',
    summary: 'resume a paused or failed projection from its checkpoint',
    details: 'A failed projection retries the event it failed on: nothing is ever skipped.',
  },
  {
    action: 'reset',
    summary: 'forget a projection and build it again in place',
    details:
      'Drops the documents and the checkpoint and replays the log into the same collection; reads see it\n' +
      'fill up. Prefer projections:rebuild, which keeps serving the old documents until the new ones are ready.',
  },
];

export const projectionCommands: CommandGroup = (program, ops) => {
  program
    .command('projections:status')
    .summary('checkpoint, head, lag, state and rate of every projection')
    .description(
      'Asks the running API when there is one (it wrote its ops token beside the data), otherwise reads\n' +
        'the stored projector state directly. Lag is in events (head minus position) and seconds (age of the\n' +
        'last event the projection has read while it is behind).',
    )
    .option('--json', 'one JSON object per projection')
    .action(ops.action((options: { readonly json?: true }) => showStatus(options, ops)));

  program
    .command('projections:rebuild')
    .summary('rebuild a projection beside the serving one, then switch reads to it')
    .description(
      'Builds a fresh generation of the projection from the start of the log while the current one keeps\n' +
        'serving; when it has caught up, reads switch to it and the old one is dropped. Shows progress\n' +
        '(done/total, rate, ETA). Nothing with side effects runs again: projections have none.',
    )
    .argument('<name>', PROJECTION_NAME)
    .action(ops.action((name: string) => rebuild(name, ops)));

  for (const { action, summary, details } of actions)
    program
      .command(`projections:${action}`)
      .summary(summary)
      .description(details)
      .argument('<name>', PROJECTION_NAME)
      .action(ops.action((name: string) => act(action, name, ops)));
};
