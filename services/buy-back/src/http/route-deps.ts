import { NotFound, RequestRefused, type Checkpoint, type Clock, type Market } from '@buyloop/kit';
import type { Request, Response } from 'express';
import { jsonBody, versionInIfMatch } from '@buyloop/http';
import type { BuybackResult, BuybackService } from '../buyback-service';

export interface BuybackRouteDeps {
  readonly service: BuybackService;
  readonly market: Market;
  readonly clock: Clock;
  /**
   * Waits, bounded, until the buy-back read models have taken in the
   * checkpoint, so the page a command answers to already shows the change
   * (read-your-writes). A slow projector delays the answer, never fails it.
   */
  readonly settle: (checkpoint: Checkpoint | null) => Promise<void>;
  /** Whether the e-mail an event asked for went out (the notifier's outbox). */
  readonly delivery: (eventId: string, timeoutMs: number) => Promise<'sent' | 'failed_attempt' | 'pending'>;
}

const NUMBER_PATTERN = /^[0-9A-Za-z-]{1,40}$/;

/** A buy-back number from the path; anything malformed is simply a buy-back that does not exist. */
export function buyoutNumberParam(value: unknown): string {
  if (typeof value !== 'string' || !NUMBER_PATTERN.test(value))
    throw new NotFound('buyback.not_found', 'There is no such buy-back');
  return value;
}

/**
 * The stream version the staff member's change is based on (DESIGN.md
 * section 5: commands on an existing stream take If-Match). Without it a
 * change could silently undo someone else's, so it is required.
 */
export function ifMatchOf(req: Request): bigint {
  const header = req.get('if-match');
  if (header === undefined)
    throw new RequestRefused(
      428,
      'request.if_match_required',
      'If-Match is required',
      'Send the ETag of the buy-back you are changing in If-Match',
    );
  return versionInIfMatch(req)!;
}

export const etagOf = (version: bigint): string => `"${version}"`;

/** The answer to a command: the new version as the ETag, the position for read-your-writes. */
export async function sendCommandResult(
  res: Response,
  deps: Pick<BuybackRouteDeps, 'settle'>,
  buyoutNumber: string,
  result: BuybackResult,
  status = 200,
): Promise<void> {
  await deps.settle(result.checkpoint);
  res
    .status(status)
    .set('ETag', etagOf(result.streamVersion))
    .set('Cache-Control', 'no-store')
    .json({
      buyout_number: buyoutNumber,
      status: result.state.status,
      stream_version: Number(result.streamVersion),
      position: result.globalPosition.toString(),
      events: result.events.map((event) => event.type),
    });
}

export { jsonBody };
