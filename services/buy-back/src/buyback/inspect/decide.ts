import { isQuality, worseQuality, type Quality } from '../../catalogue/types';
import type { BuybackEvent, Finding, QuarantineReason } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/**
 * Staff inspect the received device: the quality found, a finding per
 * condition question, and the IMEI read from the device together with the
 * blacklist verdict the caller looked up. A blacklisted or mismatched IMEI
 * quarantines the device: the inspection is recorded, but the buy-back goes
 * to `quarantined` instead of `inspected`, so it can be neither approved nor revised.
 * A quality worse than declared needs at least one finding that differs from
 * the declaration: the revised offer gives a reason per differing finding, so
 * without one the buy-back could be neither approved nor revised.
 */
export interface Inspect {
  readonly type: 'Inspect';
  readonly qualityFound: Quality;
  readonly findings: readonly Finding[];
  readonly imei: { readonly found: string; readonly blacklisted: boolean };
  readonly at: string;
}

const inspectedStatuses = new Set([
  'inspected',
  'quarantined',
  'revised',
  'approved',
  'payout_ordered',
  'paid',
  'completed',
  'reported',
]);

export function decideInspect(command: Inspect, state: BuybackState): BuybackEvent[] {
  if (state.inspection !== null && inspectedStatuses.has(state.status))
    throw illegal('buyback.already_inspected', 'The device has already been inspected');
  if (state.status !== 'received') throw wrongState(state, 'Inspect');
  const errors = new FieldErrors().text('imei.found', command.imei.found).time('at', command.at);
  if (!isQuality(command.qualityFound)) errors.add('qualityFound', 'buyback.quality_unknown');
  const seen = new Set<string>();
  command.findings.forEach((finding, i) => {
    errors.text(`findings[${i}].questionId`, finding.questionId);
    errors.text(`findings[${i}].expectedChoice`, finding.expectedChoice);
    errors.text(`findings[${i}].foundChoice`, finding.foundChoice);
    if (finding.foundChoice !== finding.expectedChoice) errors.text(`findings[${i}].reason`, finding.reason);
    if (seen.has(finding.questionId)) errors.add(`findings[${i}].questionId`, 'buyback.finding_duplicate');
    seen.add(finding.questionId);
  });
  const { declaredQuality } = state;
  if (
    isQuality(command.qualityFound) &&
    declaredQuality !== null &&
    worseQuality(command.qualityFound, declaredQuality) !== declaredQuality &&
    command.findings.every((finding) => finding.foundChoice === finding.expectedChoice)
  )
    errors.add('findings', 'buyback.findings_missing_for_quality');
  errors.throwIfAny('The inspection cannot be recorded');
  const matchesSubmitted = command.imei.found === state.device?.imei;
  const { qualityFound, at } = command;
  const inspected: BuybackEvent = {
    type: 'DeviceInspected',
    data: {
      qualityFound,
      findings: command.findings.map((finding) => ({ ...finding })),
      imei: { found: command.imei.found, matchesSubmitted, blacklisted: command.imei.blacklisted },
      at,
    },
  };
  const reasons: QuarantineReason[] = [
    ...(command.imei.blacklisted ? (['imei_blacklisted'] as const) : []),
    ...(matchesSubmitted ? [] : (['imei_mismatch'] as const)),
  ];
  return reasons.length > 0 ? [inspected, { type: 'Quarantined', data: { reasons, at } }] : [inspected];
}
