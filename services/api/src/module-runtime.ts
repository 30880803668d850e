import { PLATFORM_PERMISSIONS, type Capability } from '@buyloop/contracts';
import { registerMessages } from '@buyloop/i18n';
import type { RouteDeclaration, SecuredRouter, SessionLookup } from '@buyloop/http';
import { ModuleProcessManagers } from './process-managers';
import { modulePorts } from '@buyloop/projector';
import type {
  AccountAdministration,
  Environment,
  Module,
  ModuleContext,
  OpenedModule,
  Projection,
  StreamFolder,
} from '@buyloop/projector';
import type { Market } from '@buyloop/kit';

/** Settings a module cannot run with: the operator fixes them and starts again. */
export class ModuleSettingsInvalid extends Error {
  constructor(readonly errors: readonly string[]) {
    super(`Invalid settings:\n${errors.map((error) => `  - ${error}`).join('\n')}`);
  }
}

/** How long a command's answer waits for the read models to show it, unless the module says otherwise. */
const DEFAULT_SETTLE_MS = 3_000;

/** What the API gives every module; `settle` and `outboxOf` are made per module from its own projections and process managers. */
export type SharedContext = Omit<ModuleContext, 'settle' | 'outboxOf' | 'settings' | 'ports'>;

/** Every module's settings, read from the environment, or every problem of every module at once. */
export type ModuleSettings =
  | { readonly ok: true; readonly settings: ReadonlyMap<string, unknown> }
  | { readonly ok: false; readonly errors: readonly string[] };

/**
 * Reads each module's settings before any module opens (main.ts calls it at
 * start, so a bad setting stops the process with every reason, as the API's
 * own configuration does).
 */
export function readModuleSettings(
  modules: readonly Module[],
  env: Environment,
  platform: { readonly market: Market; readonly mode: ModuleContext['mode'] },
): ModuleSettings {
  const settings = new Map<string, unknown>();
  const errors: string[] = [];
  for (const module of modules) {
    if (!module.settings) continue;
    const result = module.settings.read(env, platform);
    if (result.ok) settings.set(module.name, result.settings);
    else errors.push(...result.errors);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, settings };
}

/** Log fields every module names as its personal data or secrets, for the logger main.ts builds. */
export const logRedactionsOf = (modules: readonly Module[]): string[] => modules.flatMap((module) => module.logRedactions ?? []);

/** The environment variables every module reads, for the log's redaction and the docs. */
export const settingVariablesOf = (modules: readonly Module[]) => modules.flatMap((module) => module.settings?.variables ?? []);

/** Every projection of every module, each registered once. */
export function projectionsOf(modules: readonly Module[]): readonly Projection[] {
  const seen = new Map<string, string>();
  for (const module of modules)
    for (const projection of module.projections) {
      const owner = seen.get(projection.name);
      if (owner) throw new Error(`Projection ${projection.name} is registered by both ${owner} and ${module.name}`);
      seen.set(projection.name, module.name);
    }
  return modules.flatMap((module) => module.projections);
}

/** Stream category → how to fold such a stream, for `pnpm ops events:state`. */
export function streamFoldersOf(modules: readonly Module[]): ReadonlyMap<string, StreamFolder> {
  const folders = new Map<string, StreamFolder>();
  const owners = new Map<string, string>();
  for (const module of modules)
    for (const [category, folder] of Object.entries(module.streams)) {
      const owner = owners.get(category);
      if (owner) throw new Error(`Stream category ${category} is claimed by both ${owner} and ${module.name}`);
      owners.set(category, module.name);
      folders.set(category, folder);
    }
  return folders;
}

export interface ModuleSummary {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  readonly projections: readonly string[];
  readonly streams: readonly string[];
  readonly routes: number;
  readonly jobs: readonly string[];
  readonly processManagers: readonly string[];
}

/** The modules as opened and running: what the API mounts, starts and stops. */
export class RunningModules {
  private constructor(
    private readonly modules: readonly Module[],
    private readonly opened: ReadonlyMap<Module, OpenedModule>,
    private readonly processManagers: ModuleProcessManagers,
  ) {}

  /**
   * Opens every module in order. A module's routes may only check the
   * platform's capabilities and its own: a route of one context guarded by
   * another's capability would be a permission nobody reviewed.
   */
  static async open(modules: readonly Module[], shared: SharedContext): Promise<RunningModules> {
    const names = new Set<string>();
    for (const module of modules) {
      if (names.has(module.name)) throw new Error(`Module ${module.name} is registered twice`);
      names.add(module.name);
    }
    projectionsOf(modules);
    streamFoldersOf(modules);
    const read = readModuleSettings(modules, shared.env, shared);
    if (!read.ok) throw new ModuleSettingsInvalid(read.errors);
    const opened = new Map<Module, OpenedModule>();
    const processManagers = new ModuleProcessManagers(shared);
    const ports = modulePorts();
    for (const module of modules) {
      const settleMs = module.settleMs ?? DEFAULT_SETTLE_MS;
      const own = module.projections.map((projection) => projection.name);
      const context: ModuleContext = {
        ...shared,
        ports,
        settings: read.settings.get(module.name),
        async settle(checkpoint) {
          if (!checkpoint) return;
          // A read model that is slow to show the change must not fail the command that made it.
          await Promise.all(own.map((name) => shared.waitFor(name, checkpoint, settleMs).catch(() => undefined)));
        },
        outboxOf: (manager) => processManagers.outboxOf(module.name, manager),
      };
      if (module.messages) registerMessages(module.name, module.messages);
      const result = await module.open(context);
      const allowed = new Set<string>([...Object.keys(PLATFORM_PERMISSIONS), ...module.capabilities]);
      for (const router of result.routes)
        for (const route of router.declarations)
          if (!allowed.has(route.capability))
            throw new Error(
              `Module ${module.name}: ${route.method.toUpperCase()} ${route.path} checks ${route.capability}, which the module does not declare`,
            );
      processManagers.register(module.name, result.processManagers ?? []);
      opened.set(module, result);
    }
    if ([...opened.values()].filter((result) => result.sessions).length > 1)
      throw new Error('More than one module answers who is signed in');
    if ([...opened.values()].filter((result) => result.accounts).length > 1)
      throw new Error('More than one module keeps accounts');
    return new RunningModules(modules, opened, processManagers);
  }

  /** The typed handle of one module, for tests and tools. */
  handleOf<H>(module: Module<H>): H {
    const found = this.opened.get(module as Module);
    if (!found) throw new Error(`Module ${module.name} is not open`);
    return found.handle as H;
  }

  get routes(): readonly SecuredRouter[] {
    return [...this.opened.values()].flatMap((result) => result.routes);
  }

  get declarations(): readonly RouteDeclaration[] {
    return this.routes.flatMap((router) => router.declarations);
  }

  get sessions(): SessionLookup | undefined {
    return [...this.opened.values()].find((result) => result.sessions)?.sessions;
  }

  get accounts(): AccountAdministration | undefined {
    return [...this.opened.values()].find((result) => result.accounts)?.accounts;
  }

  /** Demo data of every module, in module order; answers the log lines. */
  async loadDemoData(): Promise<string[]> {
    const lines: string[] = [];
    for (const result of this.opened.values()) lines.push(...((await result.loadDemoData?.()) ?? []));
    return lines;
  }

  /** Background work first (process managers), then the timers that may lean on it. */
  async start(): Promise<void> {
    for (const result of this.opened.values()) await result.start?.();
    await this.processManagers.start();
    for (const result of this.opened.values()) for (const job of result.jobs ?? []) job.start();
  }

  /** The reverse of start; every module is stopped even when one of them fails to. */
  async stop(): Promise<void> {
    const results = [...this.opened.values()].reverse();
    const failures: unknown[] = [];
    for (const result of results)
      for (const job of result.jobs ?? []) await job.stop().catch((error: unknown) => failures.push(error));
    failures.push(...(await this.processManagers.stop()));
    for (const result of results) await result.stop?.().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, 'Some modules did not stop cleanly');
  }

  describe(): ModuleSummary[] {
    return this.modules.map((module) => {
      const result = this.opened.get(module);
      return {
        name: module.name,
        capabilities: module.capabilities,
        projections: module.projections.map((projection) => projection.name),
        streams: Object.keys(module.streams),
        routes: result ? result.routes.reduce((count, router) => count + router.declarations.length, 0) : 0,
        jobs: (result?.jobs ?? []).map((job) => job.name),
        processManagers: this.processManagers.namesOf(module.name),
      };
    });
  }
}
