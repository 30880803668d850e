import type { ProcessManager, ProcessManagerOutbox } from '@buyloop/kit';
import { DocumentOutbox, ProcessManagerRunner, type ModuleContext, type ModuleProcessManager } from '@buyloop/projector';

type Needs = Pick<ModuleContext, 'events' | 'documents' | 'clock' | 'logger'>;

/**
 * The process managers of every module, each on the shared runner. A
 * module's routes reach only its own managers' outboxes: one context
 * retrying another's work would be an arrow between contexts nobody drew.
 */
export class ModuleProcessManagers {
  private readonly outboxes = new Map<string, DocumentOutbox>();
  private readonly owners = new Map<string, string>();
  /** Outboxes a module asked for while it opened, before it said which managers it runs. */
  private readonly asked = new Map<string, Set<string>>();
  private readonly runners: ProcessManagerRunner[] = [];

  constructor(private readonly needs: Needs) {}

  outboxOf<Payload>(module: string, manager: ProcessManager<Payload>): ProcessManagerOutbox<Payload> {
    const owner = this.owners.get(manager.name);
    if (owner === undefined) {
      const asked = this.asked.get(module) ?? new Set<string>();
      asked.add(manager.name);
      this.asked.set(module, asked);
    } else if (owner !== module) {
      throw new Error(`Module ${module} asked for the outbox of ${manager.name}, which ${owner} runs`);
    }
    return this.outbox(manager.name) as DocumentOutbox<Payload>;
  }

  /** Takes a module's managers once it has opened; refuses a name another module runs already. */
  register(module: string, managers: readonly ModuleProcessManager[]): void {
    for (const { manager, deliverer, retry } of managers) {
      const owner = this.owners.get(manager.name);
      if (owner) throw new Error(`Process manager ${manager.name} is registered by both ${owner} and ${module}`);
      this.owners.set(manager.name, module);
      this.runners.push(
        new ProcessManagerRunner({
          events: this.needs.events,
          documents: this.needs.documents,
          manager,
          deliverer,
          outbox: this.outbox(manager.name),
          clock: this.needs.clock,
          ...(retry ? { retry } : {}),
          onError: (error) => this.needs.logger.error(`Process manager ${manager.name} failed`, { error }),
        }),
      );
    }
    for (const name of this.asked.get(module) ?? [])
      if (this.owners.get(name) !== module)
        throw new Error(`Module ${module} asked for the outbox of ${name}, which it does not run`);
    this.asked.delete(module);
  }

  namesOf(module: string): string[] {
    return [...this.owners].filter(([, owner]) => owner === module).map(([name]) => name);
  }

  /** Each runner runs here or stands by while another process runs it. */
  async start(): Promise<void> {
    for (const runner of this.runners) await runner.start();
  }

  /** Stops every runner; answers the failures instead of stopping at the first. */
  async stop(): Promise<unknown[]> {
    const failures: unknown[] = [];
    for (const runner of [...this.runners].reverse()) await runner.stop().catch((error: unknown) => failures.push(error));
    return failures;
  }

  private outbox(name: string): DocumentOutbox {
    let outbox = this.outboxes.get(name);
    if (!outbox) {
      outbox = new DocumentOutbox(this.needs.documents, name, this.needs.clock);
      this.outboxes.set(name, outbox);
    }
    return outbox;
  }
}
