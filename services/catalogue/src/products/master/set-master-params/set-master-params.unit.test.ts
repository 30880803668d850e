import { describe, it } from 'vitest';
import { NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at, masterCreated } from '../../fixtures';
import { masterDecider } from '../decider';
import type { ComponentParam } from '../../events';

const { given } = deciderSpec(masterDecider);
const setParams = (params: ComponentParam[]) => ({ type: 'SetMasterParams', masterProductId: 'm1', params, at: at(1) }) as const;

describe('set master params', () => {
  it('replaces the list as a whole, and changes nothing when it is the same', () => {
    const params: ComponentParam[] = [
      { name: 'Display', value: '6.1', type: 'number' },
      { name: '5G', value: 'true', type: 'boolean' },
      { name: 'Chip', value: 'A16 Bionic', type: 'text' },
    ];
    given(masterCreated())
      .when(setParams(params))
      .then({ type: 'MasterProductUpdated', data: { masterProductId: 'm1', params, at: at(1) } });
    given(masterCreated())
      .when(setParams([{ name: 'Display', value: '6.1', type: 'number' }]))
      .then();
    given(masterCreated())
      .when(setParams([]))
      .then({ type: 'MasterProductUpdated', data: { masterProductId: 'm1', params: [], at: at(1) } });
  });

  it('refuses bad params and an unknown master', () => {
    given(masterCreated())
      .when(setParams([{ name: '', value: '1', type: 'text' }]))
      .thenThrows(ValidationError);
    given(masterCreated())
      .when(setParams([{ name: 'x', value: '1', type: 'date' as never }]))
      .thenThrows(ValidationError);
    given(masterCreated())
      .when(setParams(Array.from({ length: 201 }, (_, i) => ({ name: `p${i}`, value: '1', type: 'text' as const }))))
      .thenThrows(ValidationError);
    given().when(setParams([])).thenThrows(NotFound, 'catalogue.product.master_not_found');
  });
});
