import { describe, it } from 'vitest';
import { IllegalState } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at } from '../fixtures';
import { claimDecider } from './decider';

const { given } = deciderSpec(claimDecider);
const claim = (owner: string, holderStillUses = true, when = at(1)) =>
  ({
    type: 'ClaimValue',
    value: '4006381333931',
    owner,
    holderStillUses,
    takenCode: 'catalogue.product.ean_taken',
    at: when,
  }) as const;
const claimed = (owner: string) => ({ type: 'ValueClaimed', data: { value: '4006381333931', owner, at: at(1) } }) as const;
const released = (owner: string) => ({ type: 'ValueReleased', data: { value: '4006381333931', owner, at: at(1) } }) as const;

describe('claims', () => {
  it('takes a free value, a released one, and one its holder no longer uses', () => {
    given().when(claim('A')).then(claimed('A'));
    given(claimed('A'), released('A')).when(claim('B')).then(claimed('B'));
    given(claimed('A'))
      .when(claim('B', false, at(2)))
      .then({ type: 'ValueClaimed', data: { value: '4006381333931', owner: 'B', at: at(2) } });
  });

  it('is idempotent for the holder', () => {
    given(claimed('A')).when(claim('A')).then();
  });

  it('refuses a value another holder still uses, or claimed so recently it may be about to use it', () => {
    given(claimed('A'))
      .when(claim('B', true, at(2)))
      .thenThrows(IllegalState, 'catalogue.product.ean_taken');
    given(claimed('A')).when(claim('B', false)).thenThrows(IllegalState, 'catalogue.product.ean_taken');
  });

  it('releases only for the holder', () => {
    given(claimed('A'))
      .when({ type: 'ReleaseValue', value: '4006381333931', owner: 'A', at: at(1) })
      .then(released('A'));
    given(claimed('A'))
      .when({ type: 'ReleaseValue', value: '4006381333931', owner: 'B', at: at(1) })
      .then();
    given()
      .when({ type: 'ReleaseValue', value: '4006381333931', owner: 'A', at: at(1) })
      .then();
  });
});
