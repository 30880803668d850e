import type { Market } from '@buyloop/kit';
import { fieldOf, readAppraisalFields, readEmail, RequestReader } from '../submit/sell-online-input';

/** The send-to-e-mail request (product spec section 3): the appraisal and the address to send it to. */
export interface SendToEmailInput {
  /** Lower-cased, trimmed. */
  e_mail: string;
  device_identifier: string;
  appraisal_version: number;
  device_condition_choices: string[];
  note: string | null;
}

export interface SendToEmailContext {
  readonly market: Market;
}

const SEND_TO_EMAIL_FIELDS = ['e_mail', 'device_identifier', 'appraisal_version', 'device_condition_choices', 'note'] as const;

/**
 * The send-to-e-mail request checked and normalised, or a ValidationError ('validation.failed')
 * with every field error keyed as in the request (`e_mail`, `device_condition_choices.0`).
 * Never throws anything else, whatever JSON it is given. The rules are the same in both
 * markets; the market is taken for symmetry with the sell-online request.
 */
export function parseSendToEmail(body: unknown, _context: SendToEmailContext): SendToEmailInput {
  const reader = new RequestReader();
  const fields = reader.object('', body, SEND_TO_EMAIL_FIELDS);
  if (!fields) throw reader.failure();
  const e_mail = readEmail(reader, 'e_mail', fieldOf(fields, 'e_mail'));
  const appraisal = readAppraisalFields(reader, fields);
  if (reader.failed) throw reader.failure();
  return { e_mail, ...appraisal };
}
