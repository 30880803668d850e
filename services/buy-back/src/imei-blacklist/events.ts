import { normaliseImei } from '@buyloop/validation';
import { IMEI_BLACKLIST_SOURCES, type ImeiBlacklistSource } from '@buyloop/contracts';

/**
 * The IMEI blacklist: one stream per IMEI (`imei-blacklist-<imei>`), so two
 * staff members listing or clearing different devices never contend for one
 * stream version. An IMEI is listed when a device is reported stolen or lost
 * (police, the GSMA device registry) or when staff distrust it; a buy-back
 * must not pay for a listed device. Clearing keeps the history: the stream
 * shows who listed the device, why, and why it was cleared.
 */
export { IMEI_BLACKLIST_SOURCES, type ImeiBlacklistSource };

export const isImeiBlacklistSource = (value: unknown): value is ImeiBlacklistSource =>
  typeof value === 'string' && (IMEI_BLACKLIST_SOURCES as readonly string[]).includes(value);

export type ImeiBlacklistEvent =
  | { type: 'ImeiBlacklisted'; data: { imei: string; reason: string; source: ImeiBlacklistSource; at: string } }
  | { type: 'ImeiCleared'; data: { imei: string; reason: string; at: string } };

export const IMEI_BLACKLIST_EVENT_TYPES = [
  'ImeiBlacklisted',
  'ImeiCleared',
] as const satisfies readonly ImeiBlacklistEvent['type'][];

/**
 * The IMEI as the blacklist keys it (stream suffix, read-model document id):
 * `35 209900 176148 1` and `352099001761481` are one device, so they must be
 * one stream and one document.
 */
export const imeiBlacklistId = (imei: string): string => normaliseImei(imei);

export const imeiBlacklistStream = (imei: string): string => `imei-blacklist-${imeiBlacklistId(imei)}`;

export interface ImeiBlacklistState {
  /** Null until the IMEI was first listed. */
  readonly imei: string | null;
  readonly listed: boolean;
  /** Of the latest listing; kept after clearing so the state says what was cleared. */
  readonly reason: string | null;
  readonly source: ImeiBlacklistSource | null;
  readonly listedAt: string | null;
  /** Null while listed. */
  readonly clearedAt: string | null;
}

export const initialImeiBlacklistState = (): ImeiBlacklistState => ({
  imei: null,
  listed: false,
  reason: null,
  source: null,
  listedAt: null,
  clearedAt: null,
});

export function evolveImeiBlacklist(state: ImeiBlacklistState, event: ImeiBlacklistEvent): ImeiBlacklistState {
  switch (event.type) {
    case 'ImeiBlacklisted':
      return {
        imei: event.data.imei,
        listed: true,
        reason: event.data.reason,
        source: event.data.source,
        listedAt: event.data.at,
        clearedAt: null,
      };
    case 'ImeiCleared':
      return { ...state, imei: event.data.imei, listed: false, clearedAt: event.data.at };
    default:
      return neverImeiBlacklistCase(event);
  }
}

export function neverImeiBlacklistCase(value: never): never {
  throw new Error(`Unhandled IMEI blacklist case ${JSON.stringify(value)}`);
}
