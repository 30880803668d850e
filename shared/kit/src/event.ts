import type { Actor } from './actor';
import type { Market } from './market';

/**
 * What an event is, for writers (NewEvent) and readers (RecordedEvent). The
 * event store port (services/event-store) stores exactly these shapes.
 */

/** An event as a writer hands it over. `data` must be plain JSON (no Date, BigInt, undefined). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID; appending the same ids again is idempotent. Generated when absent. */
  readonly id?: string;
  readonly type: Type;
  readonly data: Data;
  /** Version of this event type's payload shape, for upcasting. Defaults to 1. */
  readonly schemaVersion?: number;
}

/**
 * Stream versions count events: the first event of a stream has version 1,
 * and a stream that does not exist is at version 0.
 */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface AppendOptions {
  /** Defaults to 'any'. */
  readonly expectedVersion?: ExpectedVersion;
  /** Ties together everything one user action caused; defaults to the first event's id. */
  readonly correlationId?: string;
  /** The event or command that caused these events; null for a user's own command. */
  readonly causationId?: string | null;
  readonly actor: Actor;
  readonly market: Market;
}

export interface EventMetadata {
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly actor: Actor;
  readonly market: Market;
}

/**
 * Opaque, serialisable token: subscribing from it resumes right after the
 * event that carried it. Store it as a string; never compare or parse it.
 */
export type Checkpoint = string & { readonly __brand?: 'Checkpoint' };

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly schemaVersion: number;
  readonly stream: string;
  readonly streamVersion: bigint;
  /** Unique and increasing in the order events were written (not necessarily committed). */
  readonly globalPosition: bigint;
  readonly recordedAt: Date;
  readonly metadata: EventMetadata;
  readonly checkpoint: Checkpoint;
}

export interface AppendResult {
  /** The stream's version after the append (pass it as the next expected version). */
  readonly streamVersion: bigint;
  /** Global position of the last event appended. */
  readonly globalPosition: bigint;
  readonly checkpoint: Checkpoint;
  /** True when every event id was already stored: nothing new was written. */
  readonly duplicate: boolean;
}
