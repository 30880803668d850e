import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound } from '@buyloop/kit';
import { discountCodeDecider } from './decide';
import { AT, ID } from '../testing';

const { given } = deciderSpec(discountCodeDecider);
const CODE = 'aB3dE5fG7h';
const issued = { type: 'DiscountCodeIssued', data: { code: CODE, discount_id: ID, at: AT } } as const;
const claimed = (order_number: string) => ({ type: 'DiscountCodeClaimed', data: { code: CODE, order_number, at: AT } }) as const;
const claim = (order_number: string) => ({ type: 'ClaimCode', code: CODE, order_number, at: AT }) as const;
const release = (order_number: string) => ({ type: 'ReleaseCode', code: CODE, order_number, at: AT }) as const;

describe('a single-use code (one stream per code)', () => {
  it('is issued once; issuing it again is refused', () => {
    given().when({ type: 'IssueCode', code: CODE, discount_id: ID, at: AT }).then(issued);
    given(issued)
      .when({ type: 'IssueCode', code: CODE, discount_id: 'other', at: AT })
      .thenThrows(IllegalState, 'discount.code_taken');
  });

  it('is claimed by one order; the same order again changes nothing, another is refused', () => {
    given(issued).when(claim('2600000001')).then(claimed('2600000001'));
    given(issued, claimed('2600000001')).when(claim('2600000001')).then();
    given(issued, claimed('2600000001')).when(claim('2600000002')).thenThrows(IllegalState, 'discount.code_used');
  });

  it('is released by the order holding it (then free for another); anyone else’s release changes nothing', () => {
    given(issued, claimed('2600000001'))
      .when(release('2600000001'))
      .then({ type: 'DiscountCodeReleased', data: { code: CODE, order_number: '2600000001', at: AT } });
    given(issued, claimed('2600000001')).when(release('2600000002')).then();
    given(issued, claimed('2600000001'), {
      type: 'DiscountCodeReleased',
      data: { code: CODE, order_number: '2600000001', at: AT },
    })
      .when(claim('2600000002'))
      .then(claimed('2600000002'));
  });

  it('cannot be claimed before it was issued', () => {
    given().when(claim('2600000001')).thenThrows(NotFound, 'discount.code_invalid');
  });
});
