import { NotFound, RequestRefused, ValidationError } from '@buyloop/kit';
import type { UserState } from './user';

/** Refusals every identity slice shares, worded once. */
export const userNotFound = (): NotFound => new NotFound('auth.user_not_found', 'There is no such account');

export function assertActive(state: UserState): asserts state is UserState & { status: 'active'; userId: string; email: string } {
  if (state.status !== 'active') throw userNotFound();
}

export const fieldError = (field: string, code: string, message?: string): ValidationError =>
  new ValidationError('validation.failed', { [field]: [code] }, message ?? `${field}: ${code}`);

export const forbidden = (code = 'auth.forbidden', message = 'You do not have permission to access this page'): RequestRefused =>
  new RequestRefused(403, code, 'You do not have permission to access this page', message);
