import { describe, expect, it } from 'vitest';
import { requestPathOf } from './staff-action-route';

describe('field errors of staff commands, keyed like the request', () => {
  it.each([
    ['findings[0].foundChoice', 'findings.0.found_choice'],
    ['reasons[2].questionId', 'reasons.2.question_id'],
    ['qualityFound', 'quality_found'],
    ['paymentReference', 'payment_reference'],
    ['imei.found', 'imei'],
    ['approval.amount', 'approval_id'],
    ['price', 'price'],
  ])('%s → %s', (field, path) => {
    expect(requestPathOf(field)).toBe(path);
  });
});
