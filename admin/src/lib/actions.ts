/** The staff actions' forms: which fields each has and the body it posts. */
import { isStaffActionName, QUALITIES, type StaffActionName } from '@buyloop/contracts';
import type { DeviceCondition, Finding, StaffActionRequest } from '@buyloop/contracts/buy-back/http';

export { QUALITIES, type DeviceCondition, type Finding };

/** The actions the API names (`available_actions`); which a buy-back allows is the API's answer. */
export type ActionName = StaffActionName;

export interface SimpleField {
  readonly name: string;
  readonly required: boolean;
  readonly kind: 'text' | 'textarea';
}

/** The plain text fields of each action (inspect and revise-offer have their own forms). */
export const ACTION_FIELDS: Readonly<Record<ActionName, readonly SimpleField[]>> = {
  receive: [{ name: 'where', required: true, kind: 'text' }],
  'order-pickup': [
    { name: 'carrier', required: true, kind: 'text' },
    { name: 'pickup_reference', required: true, kind: 'text' },
  ],
  inspect: [],
  'revise-offer': [],
  approve: [],
  'order-payout': [{ name: 'approval_id', required: false, kind: 'text' }],
  'confirm-payout': [{ name: 'payment_reference', required: true, kind: 'text' }],
  complete: [],
  'return-device': [{ name: 'shipment_reference', required: false, kind: 'text' }],
  'release-quarantine': [{ name: 'reason', required: true, kind: 'textarea' }],
  'report-quarantine': [
    { name: 'authority', required: true, kind: 'text' },
    { name: 'reference', required: false, kind: 'text' },
  ],
  cancel: [{ name: 'reason', required: true, kind: 'textarea' }],
};

export const isActionName: (value: string) => value is ActionName = isStaffActionName;

/** The body of a simple action from its form's values: optional empty fields go as null. */
export function simpleBody(action: ActionName, values: Readonly<Record<string, string>>): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const field of ACTION_FIELDS[action]) {
    const value = (values[field.name] ?? '').trim();
    body[field.name] = value === '' && !field.required ? null : value;
  }
  return body;
}

/** Which fields are missing before anything is sent. */
export function missingFields(action: ActionName, values: Readonly<Record<string, string>>): string[] {
  return ACTION_FIELDS[action].filter((f) => f.required && (values[f.name] ?? '').trim() === '').map((f) => f.name);
}

/** The choice the customer declared for a question (declared_choices holds choice values of every question). */
export function declaredChoiceOf(condition: DeviceCondition, declared: readonly string[]): string | null {
  return condition.choices.find((choice) => declared.includes(choice.value))?.value ?? null;
}

export interface FindingInput {
  readonly found_choice: string;
  readonly reason: string;
}

/** The inspect body: one finding per question, the declared answer unless the technician changed it. */
export function inspectBody(
  imei: string,
  qualityFound: string,
  conditions: readonly DeviceCondition[],
  declared: readonly string[],
  inputs: Readonly<Record<string, FindingInput>>,
): { imei: string; quality_found: string; findings: { question_id: string; found_choice: string; reason: string }[] } {
  const findings = conditions.flatMap((condition) => {
    const input = inputs[condition.id];
    const found = input?.found_choice || declaredChoiceOf(condition, declared);
    if (!found) return [];
    return [{ question_id: condition.id, found_choice: found, reason: (input?.reason ?? '').trim() }];
  });
  return { imei: imei.trim(), quality_found: qualityFound, findings };
}

/** The findings a revised offer must give a reason for: those that differ from the declaration. */
export const differingFindings = (findings: readonly Finding[]): Finding[] =>
  findings.filter((finding) => finding.found_choice !== finding.expected_choice);

/**
 * A price as people type it: "4500", "4 500", "4 500 Kč", "4 500,- Kč", "1 200 Lei" (any kind of
 * space, the currency before or after); null when it is not a whole positive amount.
 */
export function parsePrice(text: string): number | null {
  const bare = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(kč|kc|czk|lei|ron)/i, '')
    .replace(/(kč|kc|czk|lei|ron)$/i, '')
    .replace(/[,.]-$/, '');
  if (!/^\d{1,9}$/.test(bare)) return null;
  const price = Number(bare);
  return price > 0 ? price : null;
}

/**
 * What the inspect and revise-offer forms can tell before anything is sent, as message codes by
 * field: no grade chosen, a price that is not one. (The server checks everything again.)
 */
export function formProblems(action: ActionName, values: Readonly<Record<string, string>>): Record<string, string[]> {
  if (action === 'inspect' && !(values.quality_found ?? '')) return { quality_found: ['validation.choice_required'] };
  if (action === 'revise-offer') {
    const price = values.price ?? '';
    if (price.trim() === '') return { price: ['validation.required'] };
    if (parsePrice(price) === null) return { price: ['validation.price_invalid'] };
  }
  return {};
}

/** The revise-offer body: the price (as parsePrice reads it) and one reason per differing finding. */
export function reviseBody(
  price: string,
  findings: readonly Finding[],
  reasons: Readonly<Record<string, string>>,
): StaffActionRequest<'revise-offer'> {
  return {
    price: parsePrice(price) ?? Number.NaN,
    reasons: differingFindings(findings).map((finding) => ({
      question_id: finding.question_id,
      reason: (reasons[finding.question_id] ?? finding.reason).trim(),
    })),
  };
}

/** Field messages keyed like the request (`findings.0.reason`) mapped to the form's names (`reason-<questionId>`). */
export function formFieldOf(field: string, questionIds: readonly string[]): string {
  const match = /^(findings|reasons)\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return field;
  const id = questionIds[Number(match[2])];
  if (id === undefined) return field;
  return `${match[3] === 'found_choice' ? 'found_choice' : 'reason'}-${id}`;
}
