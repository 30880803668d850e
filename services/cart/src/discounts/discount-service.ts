import { randomUUID } from 'node:crypto';
import { DISCOUNT_ERROR_CODES, type DiscountFields, type DiscountPatch } from '@buyloop/contracts/cart/discounts';
import {
  ConcurrencyConflict,
  fold,
  handleCommand,
  systemActor,
  ValidationError,
  type Actor,
  type Checkpoint,
  type Clock,
  type CommandResult,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { discountDecider, type DiscountCommand } from './decider';
import { discountCodeStream, discountStream, type DiscountCodeEvent, type DiscountEvent } from './events';
import { checkCodeCount } from './generate-codes/decide';
import { discountCodeDecider, type DiscountCodeCommand } from './claim-code/decide';
import { drawCode } from './generator';
import type { DiscountLookup } from './lookup';
import { warningsOf } from './rules';
import type { DiscountCodeState, DiscountState } from './state';

export interface DiscountServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly lookup: DiscountLookup;
  readonly newId?: () => string;
  /** Draws a code (tests name them to make a collision happen). */
  readonly drawCode?: () => string;
}

/** What a definition command answers: the id, the version for If-Match, the checkpoint to wait for, and spec 5/9's warnings. */
export interface DiscountWritten {
  readonly id: string;
  readonly streamVersion: bigint;
  readonly checkpoint: Checkpoint | null;
  readonly warnings: readonly string[];
}

/** Codes issued at once: enough to be quick, few enough not to crowd the store's connections. */
const ISSUE_BATCH = 20;

/**
 * Discount definitions (the back office) and their single-use codes. Shared
 * codes are checked against the other definitions through the read side
 * before a definition takes them: two staff giving two definitions the same
 * code in the same instant is the one case it does not catch (rare, and the
 * cart then takes the newer definition; see ARCHITECTURE "Discounts").
 */
export class DiscountService {
  private readonly newId: () => string;
  private readonly draw: () => string;

  constructor(private readonly deps: DiscountServiceDeps) {
    this.newId = deps.newId ?? randomUUID;
    this.draw = deps.drawCode ?? (() => drawCode());
  }

  async state(id: string): Promise<DiscountState> {
    const recorded = await this.deps.events.readStream(discountStream(id));
    return fold(discountDecider, recorded as unknown as readonly DiscountEvent[]);
  }

  /** `id` only for fixed data (demo): a request's definition gets a new random id. */
  async create(fields: DiscountFields, actor: Actor, id: string = this.newId()): Promise<DiscountWritten> {
    await this.checkSharedCodes(id, fields.codes);
    return this.written(id, await this.run(id, { type: 'CreateDiscount', id, fields, at: this.now() }, actor));
  }

  async update(
    id: string,
    change: { readonly replace: DiscountFields } | { readonly patch: DiscountPatch },
    actor: Actor,
    expectedVersion?: bigint,
  ): Promise<DiscountWritten> {
    const codes = 'replace' in change ? change.replace.codes : change.patch.codes;
    if (codes) await this.checkSharedCodes(id, codes);
    return this.written(id, await this.run(id, { type: 'UpdateDiscount', change, at: this.now() }, actor, expectedVersion));
  }

  async archive(id: string, actor: Actor, expectedVersion?: bigint): Promise<DiscountWritten> {
    return this.written(id, await this.run(id, { type: 'ArchiveDiscount', at: this.now() }, actor, expectedVersion));
  }

  /**
   * Spec 9's single-use codes: each drawn code is issued on its own stream
   * first (the store creates a stream once, so a code drawn twice, here or
   * by another request, is drawn again), then the batch is recorded on the
   * definition.
   */
  async generateCodes(id: string, count: number, actor: Actor): Promise<{ codes: string[]; checkpoint: Checkpoint | null }> {
    checkCodeCount(count);
    const state = await this.state(id);
    // Refused before any code is issued: an unknown or archived definition gets none.
    discountDecider.decide({ type: 'RecordGeneratedCodes', codes: ['x'], at: this.now() }, state);
    const at = this.now();
    const codes: string[] = [];
    const drawn = new Set<string>();
    while (codes.length < count) {
      const batch: string[] = [];
      while (batch.length < Math.min(ISSUE_BATCH, count - codes.length)) {
        const code = this.draw();
        if (drawn.has(code)) continue;
        drawn.add(code);
        batch.push(code);
      }
      const issued = await Promise.all(batch.map((code) => this.issue(code, id, at, actor)));
      codes.push(...batch.filter((_, index) => issued[index]));
    }
    const result = await this.run(id, { type: 'RecordGeneratedCodes', codes, at }, actor);
    return { codes, checkpoint: result.checkpoint };
  }

  /**
   * A new code's stream starts empty: the decision is taken on the empty
   * state and appended only if the stream still does not exist (no read
   * first: one round trip per code). A code that exists is drawn again.
   */
  private async issue(code: string, discountId: string, at: string, actor: Actor): Promise<boolean> {
    const events = discountCodeDecider.decide(
      { type: 'IssueCode', code, discount_id: discountId, at },
      discountCodeDecider.initialState(),
    );
    try {
      await this.deps.events.append(discountCodeStream(code), events, {
        expectedVersion: 'no_stream',
        actor,
        market: this.deps.market,
      });
      return true;
    } catch (error) {
      if (error instanceof ConcurrencyConflict) return false;
      throw error;
    }
  }

  private async checkSharedCodes(id: string, codes: readonly string[]): Promise<void> {
    const errors: string[] = [];
    for (const code of codes) {
      const owner = await this.deps.lookup.sharedCode(code);
      if (owner && owner.id !== id) errors.push(code);
      else if (await this.deps.lookup.singleUseCode(code)) errors.push(code);
    }
    if (errors.length > 0)
      throw new ValidationError(
        DISCOUNT_ERROR_CODES.codeTaken,
        { codes: [DISCOUNT_ERROR_CODES.codeTaken] },
        `Codes used by another discount: ${errors.join(', ')}`,
        { code: errors.join(', ') },
      );
  }

  private run(
    id: string,
    command: DiscountCommand,
    actor: Actor,
    expectedVersion?: bigint,
  ): Promise<CommandResult<DiscountEvent, DiscountState>> {
    return handleCommand(this.deps.events, discountDecider, discountStream(id), command, {
      actor,
      market: this.deps.market,
      ...(expectedVersion !== undefined ? { expectedVersion } : { retry: { attempts: 3 } }),
    });
  }

  private written(id: string, result: CommandResult<DiscountEvent, DiscountState>): DiscountWritten {
    const fields = result.state.fields;
    return {
      id,
      streamVersion: result.streamVersion,
      checkpoint: result.checkpoint,
      warnings: fields ? warningsOf(fields) : [],
    };
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

function runCode(
  events: StreamStore,
  market: Market,
  code: string,
  command: DiscountCodeCommand,
  actor: Actor,
): Promise<CommandResult<DiscountCodeEvent, DiscountCodeState>> {
  // A lost race is decided again on the newer stream: the loser of a claim then sees the winner's and is refused.
  return handleCommand(events, discountCodeDecider, discountCodeStream(code), command, {
    actor,
    market,
    retry: { attempts: command.type === 'IssueCode' ? 1 : 5 },
  });
}

export interface DiscountClaimsInput {
  readonly codes: readonly string[];
  readonly order_number: string;
  readonly at: string;
  /** Who places the order (default: the system). */
  readonly actor?: Actor;
}

/**
 * Single-use codes taken by an order's checkout (issue 15: a single-use code
 * is used by exactly one order even when many checkouts submit it at once).
 * Each code's own stream is the boundary; a claim appends at the version it
 * read, so of concurrent claims one is stored and the others, decided again
 * on the newer stream, are refused with 409 `discount.code_used`. All or
 * nothing: when one code is refused, the codes this call took are released.
 * Codes without a stream (shared codes) need no claim and are skipped.
 */
export class DiscountClaims {
  constructor(private readonly deps: { readonly events: StreamStore; readonly market: Market }) {}

  async claim(input: DiscountClaimsInput): Promise<void> {
    const actor = input.actor ?? systemActor;
    const taken: string[] = [];
    try {
      for (const code of new Set(input.codes)) {
        if (!(await this.isSingleUse(code))) continue;
        await runCode(
          this.deps.events,
          this.deps.market,
          code,
          {
            type: 'ClaimCode',
            code,
            order_number: input.order_number,
            at: input.at,
          },
          actor,
        );
        taken.push(code);
      }
    } catch (error) {
      await this.release({ ...input, codes: taken });
      throw error;
    }
  }

  async release(input: DiscountClaimsInput): Promise<void> {
    const actor = input.actor ?? systemActor;
    for (const code of new Set(input.codes)) {
      if (!(await this.isSingleUse(code))) continue;
      await runCode(
        this.deps.events,
        this.deps.market,
        code,
        {
          type: 'ReleaseCode',
          code,
          order_number: input.order_number,
          at: input.at,
        },
        actor,
      );
    }
  }

  private async isSingleUse(code: string): Promise<boolean> {
    return (await this.deps.events.readStream(discountCodeStream(code))).length > 0;
  }
}
