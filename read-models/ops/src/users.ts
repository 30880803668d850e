import { randomBytes } from 'node:crypto';
import {
  modules,
  openStorage,
  parseConfig,
  readOpsToken,
  RunningModules,
  silentLogger,
  type Config,
  type Storage,
} from '@buyloop/api';
import { CUSTOMER_ROLES, STAFF_ROLES, validAccountRoles, type AccountRole } from '@buyloop/contracts';
import { isDomainError, systemClock } from '@buyloop/kit';
import { NO_CHANGES } from '@buyloop/projector';
import { Option } from 'commander';
import { apiBase } from './running-api';
import type { CommandGroup, OpsContext } from './command';
import { EXIT_OK, OpsError, UsageError } from './errors';
import { assertPgliteFree } from './open-store';

interface Created {
  readonly user_id: string;
  readonly email: string;
  readonly roles: readonly string[];
}

/** Through the running API (which holds an embedded database), as the local operator's token. */
async function createViaApi(config: Config, token: string, body: object): Promise<Created | undefined> {
  let response: Response;
  try {
    response = await fetch(`${apiBase(config)}/api/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return undefined;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    user?: Created;
    title?: string;
    detail?: string;
    messages?: Record<string, string[]>;
  };
  if (response.status === 201 && answer.user) return answer.user;
  if (response.status === 401) return undefined;
  const fields = Object.entries(answer.messages ?? {}).map(([field, messages]) => `  ${field}: ${messages.join('; ')}`);
  throw new OpsError([answer.title ?? answer.detail ?? `HTTP ${response.status}`, ...fields].join('\n'));
}

async function createDirectly(
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
  input: { email: string; password: string; roles: readonly AccountRole[] },
): Promise<Created> {
  if (!config.databaseUrl) assertPgliteFree(config.dataDir);
  const storage = await openStorage(config);
  try {
    const accounts = (await openModulesOn(storage, config, env)).accounts;
    if (!accounts) throw new OpsError('No registered module keeps accounts');
    return await accounts.createByOperator(input, 'ops-cli');
  } catch (error) {
    if (isDomainError(error) && 'fieldErrors' in error)
      throw new OpsError(`${error.message}: ${JSON.stringify((error as { fieldErrors: unknown }).fieldErrors)}`);
    throw error;
  } finally {
    await storage.close();
  }
}

/**
 * The product's modules on storage this process opened itself, opened but not
 * started: no routes served, no mail sent, no background work; enough to act
 * through a module's application service while the API is stopped.
 */
export function openModulesOn(
  storage: Pick<Storage, 'eventStore' | 'documentStore'>,
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
): Promise<RunningModules> {
  const noRead = () => Promise.reject(new OpsError('pnpm ops does not run projections'));
  return RunningModules.open(modules(), {
    events: storage.eventStore,
    documents: storage.documentStore,
    market: config.market,
    clock: systemClock,
    publicUrl: config.publicUrl,
    mode: config.mode,
    logger: silentLogger,
    mail: { send: () => Promise.reject(new Error('pnpm ops sends no mail')), caught: () => null },
    env,
    collection: noRead,
    waitFor: noRead,
    changes: NO_CHANGES,
  });
}

/** A password that meets the rules (upper, lower, digit, special, 10+), shown once. */
const generatedPassword = (): string => `${randomBytes(15).toString('base64url')}-Bl9`;

interface CreateOptions {
  readonly email: string;
  readonly role?: readonly string[];
  readonly password?: string;
}

async function createUser(options: CreateOptions, { io, env }: OpsContext): Promise<number> {
  // Commander insists on the option, not on a value: `--email ''` is as missing.
  if (!options.email) throw new UsageError('--email is required', 'users:create');
  const roles = options.role ?? [];
  if (roles.length === 0) throw new UsageError('at least one --role is required', 'users:create');
  if (!validAccountRoles(roles))
    throw new UsageError(`roles ${roles.join(', ')}: one customer role, or staff roles only`, 'users:create');
  const result = parseConfig(env);
  if (!result.ok) throw new OpsError(`The configuration is invalid:\n${result.errors.map((e) => `  - ${e}`).join('\n')}`);
  const password = options.password ?? generatedPassword();
  const body = { email: options.email, password, roles };
  const token = readOpsToken(result.config);
  const created =
    (token ? await createViaApi(result.config, token, body) : undefined) ?? (await createDirectly(result.config, env, body));
  await io.out(`Created ${created.email} (${created.roles.join(', ')}), user id ${created.user_id}\n`);
  if (!options.password) await io.out(`Password (shown once, change it after the first login): ${password}\n`);
  return EXIT_OK;
}

/** Each `--role` adds one: commander otherwise keeps only the last value of a repeated option. */
const collect = (value: string, previous: readonly string[] | undefined): readonly string[] => [...(previous ?? []), value];

export const userCommands: CommandGroup = (program, ops) => {
  program
    .command('users:create')
    .summary('create a staff (or shop) account, e.g. the first administrator')
    .description(
      'Works against the running API (with the token it wrote beside its data) or, when none runs, directly on the configured storage. ' +
        'The account is recorded as created by ops-cli.',
    )
    .requiredOption('--email <address>', 'the sign-in e-mail address (required)')
    .addOption(
      new Option(
        '--role <role>',
        `a role; repeat for several staff roles (${STAFF_ROLES.join(', ')}; or one of ${CUSTOMER_ROLES.join(', ')})`,
      ).argParser(collect),
    )
    .option('--password <password>', 'the password; without it a strong one is generated and printed once')
    .action(ops.action((options: CreateOptions) => createUser(options, ops)));
};
