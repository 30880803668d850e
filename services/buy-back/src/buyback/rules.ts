import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import type { BuybackState, BuybackStatus } from './state';

/** Days the offered price holds while the device travels to us (issue 5 point 4). */
export const PRICE_GUARANTEE_DAYS = 14;
/** Days the customer has to answer a revised offer before the device goes back. */
export const REVISED_OFFER_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** True when `later` is more than `days` whole days after `earlier`. */
export const moreThanDaysAfter = (earlier: string, later: string, days: number): boolean =>
  Date.parse(later) - Date.parse(earlier) > days * DAY_MS;

/** Why a buy-back in this status refuses a command that does not fit it. */
const wrongStateCodes: Readonly<Record<Exclude<BuybackStatus, 'new'>, string>> = {
  offered: 'buyback.not_submitted',
  submitted: 'buyback.not_received',
  awaiting_device: 'buyback.not_received',
  received: 'buyback.not_inspected',
  inspected: 'buyback.not_approved',
  quarantined: 'buyback.quarantined',
  revised: 'buyback.revised_offer_open',
  approved: 'buyback.payout_not_ordered',
  payout_ordered: 'buyback.not_paid',
  paid: 'buyback.already_paid',
  completed: 'buyback.already_completed',
  returning: 'buyback.device_returning',
  returned: 'buyback.device_returned',
  cancelled: 'buyback.already_cancelled',
  reported: 'buyback.quarantine_reported',
};

/** The refusal for a command the status does not allow: 404 for a buy-back that does not exist. */
export function wrongState(state: BuybackState, command: string): NotFound | IllegalState {
  if (state.status === 'new') return new NotFound('buyback.not_found', 'There is no such buy-back');
  const code = wrongStateCodes[state.status];
  return new IllegalState(code, `${command} is not possible: the buy-back is ${state.status}`, { status: state.status });
}

export function assertStatus(state: BuybackState, allowed: readonly BuybackStatus[], command: string): void {
  if (!allowed.includes(state.status)) throw wrongState(state, command);
}

export const illegal = (code: string, message: string): IllegalState => new IllegalState(code, message);

/** Collects field errors and throws them together as one ValidationError. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;

  add(field: string, code: string): this {
    (this.errors[field] ??= []).push(code);
    return this;
  }

  text(field: string, value: string): this {
    return value.trim() === '' ? this.add(field, 'validation.required') : this;
  }

  amount(field: string, value: number): this {
    return Number.isSafeInteger(value) && value >= 0 ? this : this.add(field, 'buyback.amount_invalid');
  }

  time(field: string, value: string): this {
    return Number.isNaN(Date.parse(value)) ? this.add(field, 'validation.date_invalid') : this;
  }

  throwIfAny(what: string): void {
    if (Object.keys(this.errors).length > 0)
      throw new ValidationError('validation.failed', this.errors, `${what}: ${JSON.stringify(this.errors)}`);
  }
}

export const IMEI_PATTERN = /^\d{15}$/;
