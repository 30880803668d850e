import { attemptKey } from './form';

const STORAGE_KEY = 'buyloop.checkout.attempt';
const BANK_KEY = 'buyloop.order.bank.';

/** The attempt's Idempotency-Key, kept in sessionStorage so a reload's retry of the same body reuses it. */
export function idempotencyKeyFor(body: string): string {
  const storage = globalThis.sessionStorage;
  let stored: { key: string; body: string } | null = null;
  try {
    stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as { key: string; body: string } | null;
  } catch {
    stored = null;
  }
  const next = attemptKey(stored, body, () => globalThis.crypto.randomUUID());
  storage.setItem(STORAGE_KEY, JSON.stringify(next));
  return next.key;
}

/** The order exists: the next checkout is a new attempt. */
export function finishAttempt(): void {
  globalThis.sessionStorage.removeItem(STORAGE_KEY);
}

/** The finish's bank-transfer details, for the status page in case the order's API does not repeat them. */
export function keepBankTransfer(orderNumber: string, details: unknown): void {
  globalThis.sessionStorage.setItem(`${BANK_KEY}${orderNumber}`, JSON.stringify(details));
}

export function keptBankTransfer(orderNumber: string): unknown {
  try {
    return JSON.parse(globalThis.sessionStorage.getItem(`${BANK_KEY}${orderNumber}`) ?? 'null');
  } catch {
    return null;
  }
}
