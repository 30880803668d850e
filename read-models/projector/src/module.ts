import type { Clock, Decider, DomainEvent, Logger, Market } from '@buyloop/kit';
import type { AccountRole, Capability } from '@buyloop/contracts';
import type { EventStore } from '@buyloop/event-store';
import type { DocumentStore } from '@buyloop/document-store';
import type { SecuredRouter, SessionLookup } from '@buyloop/http';
import type { OutgoingMail, SendResult, CaughtMail } from '@buyloop/mail';
import type { Observable } from 'rxjs';
import type { Message } from '@buyloop/i18n';
import type { Projection } from './projection';
import type { Deliverer, OutboxRetryPolicy, ProcessManager, ProcessManagerOutbox } from '@buyloop/kit';
import type { ProjectorChange } from './changes';

/**
 * What `pnpm ops events:state` replays a stream with: only replay is needed,
 * never a decision, so any context's decider fits whatever its command type
 * is. Method syntax in Decider keeps its parameters bivariant, which is what
 * lets a `Decider<BuyBackCommand, BuyBackEvent, BuyBackState>` stand here.
 */
export type StreamFolder = Pick<Decider<never, DomainEvent, unknown>, 'initialState' | 'evolve'>;

/** Outgoing mail as a module sends it; the API decides whether it goes to an SMTP server or the embedded catcher. */
export interface ModuleMail {
  send(message: OutgoingMail): Promise<SendResult>;
  /** What the embedded SMTP catcher holds (development and tests); null with a real SMTP server. */
  caught(): readonly CaughtMail[] | null;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** An environment variable a module reads, for the operator's error messages. */
export interface SettingVariable {
  readonly name: string;
  /** What a valid value looks like, in the words of an error message: "a whole amount in the market currency, e.g. 20000". */
  readonly expected: string;
  /** Never echoed in an error and never written to the log (keys, passwords). */
  readonly secret?: boolean;
}

/**
 * How a module reads its own settings from the environment: the API asks
 * every module before it opens any, so an operator sees every bad setting of
 * every context at once, and the API's configuration names no context.
 */
export interface SettingsReader<Settings> {
  readonly variables: readonly SettingVariable[];
  read(
    env: Environment,
    platform: { readonly market: Market; readonly mode: 'development' | 'test' | 'production' },
  ): { readonly ok: true; readonly settings: Settings } | { readonly ok: false; readonly errors: readonly string[] };
}

/** A job that runs on its own timer (expiring offers, completing paid buy-backs); started after the routes are served. */
export interface ScheduledJob {
  readonly name: string;
  start(): void;
  stop(): Promise<void>;
}

/**
 * A process manager as a module runs it: the pure definition (which events
 * ask for which work), and the deliverer that carries the work out, built
 * when the module opens since it needs the module's services (the vault,
 * the mailer). The API runs each on the shared runner under its own lease.
 */
export interface ModuleProcessManager<Payload = unknown> {
  readonly manager: ProcessManager<Payload>;
  readonly deliverer: Deliverer<Payload>;
  /** Back-off and attempts before an entry is marked failed (the runner's defaults otherwise). */
  readonly retry?: Partial<OutboxRetryPolicy>;
}

/**
 * What the API hands every module when it opens it: the stores, the market,
 * the clock, mail, the logger, and the read side of the projector (a
 * projection's serving collection, and read-your-writes for command answers).
 */
export interface ModuleContext {
  readonly events: EventStore;
  readonly documents: DocumentStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly mode: 'development' | 'test' | 'production';
  readonly logger: Logger;
  readonly mail: ModuleMail;
  /** The process environment, for modules that read nothing through `settings` (rare: prefer a settings reader). */
  readonly env: Environment;
  /** The module's own settings, as its settings reader parsed them from the environment (undefined without one). */
  readonly settings: unknown;
  /** A projection's serving collection (the active generation). */
  collection(projection: string): Promise<string>;
  /** Resolves when the projection has folded the event at this checkpoint (or rejects after the timeout). */
  waitFor(projection: string, checkpoint: string, timeoutMs: number): Promise<unknown>;
  /**
   * The outbox of one of this module's own process managers (listed in
   * OpenedModule.processManagers), for its routes: the back office lists and
   * retries entries, a command route waits for an outcome.
   */
  outboxOf<Payload>(manager: ProcessManager<Payload>): ProcessManagerOutbox<Payload>;
  /**
   * Read-your-writes for this module's command routes: waits (up to the
   * module's settle time) until every projection of the module shows the
   * event at this checkpoint, so the next page a person opens shows it.
   */
  settle(checkpoint: string | null): Promise<void>;
  /**
   * What the projector wrote, batch by batch (Projector.changes$), for live
   * endpoints: liveDocuments serves one document's changes as server-sent events.
   */
  readonly changes: Observable<ProjectorChange>;
  /** Ports contexts publish to each other (see PortKey). */
  readonly ports: ModulePorts;
}

/**
 * A port one context publishes for others to call, named in
 * `@buyloop/contracts` with the interface it answers. Contexts otherwise
 * only read each other's events and read models; a port is for the few
 * calls whose answer someone waits for and that must hold under concurrency
 * in the owner's streams (the checkout's all-or-nothing stock reservation).
 */
export interface PortKey<Port> {
  readonly name: string;
  /** Carries the port's type only; never read. */
  readonly __port?: Port;
}

/** The published ports of every open module: one provider per port, looked up when called (a provider may open after its user). */
export interface ModulePorts {
  provide<Port>(key: PortKey<Port>, implementation: Port): void;
  /** The port's implementation; throws when no open module provides it (a wiring bug, found at the first call). */
  use<Port>(key: PortKey<Port>): Port;
  has(key: PortKey<unknown>): boolean;
}

/** The registry the API keeps for the modules it opens. */
export function modulePorts(): ModulePorts {
  const provided = new Map<string, unknown>();
  return {
    provide(key, implementation) {
      if (provided.has(key.name)) throw new Error(`Port ${key.name} is provided twice`);
      provided.set(key.name, implementation);
    },
    use<Port>(key: PortKey<Port>): Port {
      if (!provided.has(key.name)) throw new Error(`No open module provides the port ${key.name}`);
      return provided.get(key.name) as Port;
    },
    has: (key) => provided.has(key.name),
  };
}

/** An account made by an operator (`pnpm ops users:create`), as the module that keeps accounts answers. */
export interface CreatedAccount {
  readonly user_id: string;
  readonly email: string;
  readonly roles: readonly string[];
}

/**
 * Accounts as the platform's tools need them (bootstrapping the first
 * administrator); the module that keeps accounts answers it.
 */
export interface AccountAdministration {
  /** Creates a staff account (or one customer-side account) without e-mail verification; refusals are typed errors. */
  createByOperator(
    input: { readonly email: string; readonly password: string; readonly roles: readonly AccountRole[] },
    operator: string,
  ): Promise<CreatedAccount>;
}

/** A module once opened: what the API mounts, starts and stops. */
export interface OpenedModule<Handle = unknown> {
  readonly routes: readonly SecuredRouter[];
  readonly jobs?: readonly ScheduledJob[];
  /** Run by the API on the shared runner: started before the jobs, stopped after them. */
  readonly processManagers?: readonly ModuleProcessManager[];
  /** Identity answers who is signed in; at most one module provides it. */
  readonly sessions?: SessionLookup;
  /** Identity keeps the accounts; at most one module provides it. */
  readonly accounts?: AccountAdministration;
  /** Loads demo data (development only); answers what it did, one line each, for the log. */
  loadDemoData?(): Promise<readonly string[]>;
  /** Background work beyond jobs and process managers. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** What tests and tools may reach inside the module for (its application service, its outbox). */
  readonly handle: Handle;
}

/**
 * A bounded context as the API runs it. Everything a context adds to the
 * product is declared here, so adding a context is its own folders and one
 * line in the API's module list (services/api/src/modules.ts).
 */
export interface Module<Handle = unknown> {
  /** Short, stable, lower-case: `identity`, `buy-back`. */
  readonly name: string;
  /** The capabilities its routes check; each is a row of the permission table in @buyloop/contracts. */
  readonly capabilities: readonly Capability[];
  readonly projections: readonly Projection[];
  /** Stream category (the part of a stream name before the first '-') → how to fold such a stream. */
  readonly streams: Readonly<Record<string, StreamFolder>>;
  /** How long a command's answer waits for this module's read models (ms). */
  readonly settleMs?: number;
  /** Its settings (environment variables), read and checked before any module opens. */
  readonly settings?: SettingsReader<unknown>;
  /**
   * Log fields that hold this context's personal data or secrets (request
   * and event field names such as `bank_code`); the logger redacts them at
   * any depth it looks, beside the platform's own list.
   */
  readonly logRedactions?: readonly string[];
  /**
   * Texts of its own error codes, e-mails and documents (cs / ro / en), added
   * to the catalogue when the module opens. Texts the front ends share stay
   * in @buyloop/i18n.
   */
  readonly messages?: Readonly<Record<string, Message>>;
  open(context: ModuleContext): Promise<OpenedModule<Handle>>;
}
