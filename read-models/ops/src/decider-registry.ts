import { modules, streamFoldersOf } from '@buyloop/api';
import type { StreamFolder } from '@buyloop/projector';

/**
 * What `events:state` replays a stream with: each module's stream folders
 * (DESIGN.md section 3: one decider per stream type), by category.
 */
export type RegisteredDecider = StreamFolder;

export type DeciderRegistry = ReadonlyMap<string, RegisteredDecider>;

/** Stream category → how to fold such a stream, from every registered module. */
export const deciderRegistry: DeciderRegistry = streamFoldersOf(modules());

/** The category is the part of a stream name before the first '-' (the whole name when there is none). */
export function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}
