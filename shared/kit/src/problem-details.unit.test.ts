import { describe, expect, it } from 'vitest';
import { ConcurrencyConflict, IllegalState, NotFound, RequestRefused, ValidationError } from './errors';
import { toProblem } from './problem-details';

describe('toProblem', () => {
  it('maps a validation error to 400 with field errors keyed by the request path', () => {
    const problem = toProblem(
      new ValidationError('request.invalid', {
        'customer_data.first_name': ['validation.required'],
        e_mail: ['validation.email'],
      }),
      { instance: 'req-1' },
    );
    expect(problem).toMatchObject({
      status: 400,
      code: 'request.invalid',
      instance: 'req-1',
      errors: { 'customer_data.first_name': ['validation.required'], e_mail: ['validation.email'] },
    });
  });

  it('maps not found, illegal state and protocol refusals to their statuses', () => {
    expect(toProblem(new NotFound('buyback.not_found')).status).toBe(404);
    expect(toProblem(new IllegalState('buyback.not_received')).status).toBe(409);
    const refused = toProblem(new RequestRefused(413, 'request.too_large', 'The request body is too large', 'max 256 kB'));
    expect(refused).toMatchObject({
      status: 413,
      code: 'request.too_large',
      title: 'The request body is too large',
      detail: 'max 256 kB',
    });
  });

  it('answers a lost race with 409, or 412 when the client sent If-Match', () => {
    const conflict = new ConcurrencyConflict('buyback-1', '3', '4');
    expect(toProblem(conflict)).toMatchObject({ status: 409, params: { stream: 'buyback-1', expected: '3', actual: '4' } });
    expect(toProblem(conflict, { conditional: true }).status).toBe(412);
  });

  it('answers anything else with a 500 that leaks nothing', () => {
    const problem = toProblem(new TypeError('secret internals at db.ts:42'));
    expect(problem.status).toBe(500);
    expect(JSON.stringify(problem)).not.toContain('secret');
    expect(problem).not.toHaveProperty('detail');
  });
});
