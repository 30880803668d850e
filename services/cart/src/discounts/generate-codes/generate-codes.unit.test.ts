import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { discountDecider } from '../decider';
import { drawCode, GENERATED_CODE } from '../generator';
import { AT, fields, ID } from '../testing';

const { given } = deciderSpec(discountDecider);
const created = { type: 'DiscountCreated', data: { id: ID, fields: fields(), at: AT } } as const;
const record = (codes: readonly string[]) => ({ type: 'RecordGeneratedCodes', codes, at: AT }) as const;

describe('generated single-use codes (spec 9)', () => {
  it('are 10 characters of digits, lower and upper case letters, drawn at random', () => {
    const codes = Array.from({ length: 200 }, () => drawCode());
    for (const code of codes) expect(code).toMatch(GENERATED_CODE);
    expect(new Set(codes).size).toBe(codes.length);
    const every = codes.join('');
    expect(every).toMatch(/[0-9]/);
    expect(every).toMatch(/[a-z]/);
    expect(every).toMatch(/[A-Z]/);
    // The alphabet's ends are reachable: 0 and Z.
    expect(drawCode(() => 0)).toBe('0000000000');
    expect(drawCode((max) => max - 1)).toBe('ZZZZZZZZZZ');
  });

  it('are recorded on a live definition', () => {
    given(created)
      .when(record(['aB3dE5fG7h']))
      .then({ type: 'DiscountCodesGenerated', data: { id: ID, codes: ['aB3dE5fG7h'], at: AT } });
  });

  it('are refused for an unknown or archived definition, and in batches outside 1–1000', () => {
    given()
      .when(record(['aB3dE5fG7h']))
      .thenThrows(NotFound, 'discount.not_found');
    given(created, { type: 'DiscountArchived', data: { id: ID, at: AT } })
      .when(record(['aB3dE5fG7h']))
      .thenThrows(IllegalState, 'discount.archived');
    given(created).when(record([])).thenThrows(ValidationError, 'discount.count_out_of_range');
    given(created)
      .when(record(Array.from({ length: 1001 }, (_, index) => String(index).padStart(10, '0'))))
      .thenThrows(ValidationError, 'discount.count_out_of_range');
  });
});
