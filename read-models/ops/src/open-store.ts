import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeEventStoreTarget, openEventStore, parseConfig, StartupError } from '@buyloop/api';
import type { EventStore } from '@buyloop/event-store';
import { OpsError } from './errors';

export type Env = Readonly<Record<string, string | undefined>>;

export interface OpenedStore {
  readonly store: EventStore;
  /** Where the events are, for messages; passwords masked. */
  readonly where: string;
}

/**
 * PGlite is PostgreSQL compiled into the process that opens it: it takes no
 * lock, so a second process opening the same directory would simply write
 * over the first one's files. What it does leave is `postmaster.pid`, written
 * on open and removed on a clean close; its presence means another process
 * (normally the API) has the database open, or one died without closing it.
 */
export function assertPgliteFree(dataDir: string): void {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // Opening would create an empty database there, and the operator would read "no events" from the wrong place.
    throw new OpsError(
      `There is no Buyloop database in ${dataDir} (DATA_DIR). Start the API once (npm start) to create it, ` +
        'or set DATA_DIR or DATABASE_URL to where your events are.',
    );
  }
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new OpsError(
      `The PGlite database in ${dataDir} is open in another process, most likely the API (npm start). ` +
        'PGlite allows one process at a time and a second one could corrupt it, so nothing was opened: ' +
        'stop the API first or use DATABASE_URL. If nothing is running, the last process using it did not shut ' +
        'down cleanly: start the API and stop it with Ctrl-C once to release the database.',
    );
  }
}

/** The event store the API would use, from the same environment variables. */
export async function openOpsStore(env: Env): Promise<OpenedStore> {
  const result = parseConfig(env);
  if (!result.ok) {
    throw new OpsError(`The configuration is invalid:\n${result.errors.map((e) => `  - ${e}`).join('\n')}`);
  }
  const { config } = result;
  if (config.eventStore.kind === 'pglite') assertPgliteFree(config.eventStore.dataDir);
  try {
    return { store: await openEventStore(config), where: describeEventStoreTarget(config.eventStore) };
  } catch (error) {
    if (error instanceof StartupError) throw new OpsError(error.message, { cause: error });
    throw error;
  }
}
