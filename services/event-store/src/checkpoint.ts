import { ValidationError } from '@buyloop/kit';
import type { Checkpoint } from './port';

/**
 * Every adapter writes its checkpoints as two whole numbers `major/minor`
 * (PostgreSQL: transaction id / global position; EventStoreDB: commit /
 * prepare position) whose pair order is the order its subscriptions deliver
 * in. That lets consumers compare checkpoints without knowing the engine:
 * read-your-writes waits until a projection's checkpoint has reached the one
 * a command returned.
 */
const FORMAT = /^(\d{1,20})\/(\d{1,20})$/;

export function parseCheckpoint(checkpoint: string): readonly [bigint, bigint] {
  const match = FORMAT.exec(checkpoint);
  if (!match) throw new ValidationError('eventstore.invalid_input', { checkpoint: ['eventstore.checkpoint_invalid'] });
  return [BigInt(match[1]!), BigInt(match[2]!)];
}

/** Negative when `a` is delivered before `b`, zero when equal, positive after. */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const [a1, a2] = parseCheckpoint(a);
  const [b1, b2] = parseCheckpoint(b);
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  return a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
}
