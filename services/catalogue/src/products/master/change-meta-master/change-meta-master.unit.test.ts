import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at, masterCreated } from '../../fixtures';
import { masterDecider } from '../decider';
import type { ChangeMetaMaster } from './decide';

const { given } = deciderSpec(masterDecider);
const change = (
  mode: ChangeMetaMaster['mode'],
  metaMasterId: string | null,
  facts: Partial<ChangeMetaMaster> = {},
): ChangeMetaMaster => ({
  type: 'ChangeMetaMaster',
  masterProductId: 'm1',
  mode,
  metaMasterId,
  targetExists: true,
  currentExists: true,
  at: at(1),
  ...facts,
});
const joined = (metaMasterId: string | null, previousMetaMasterId: string | null = null) =>
  ({ type: 'MasterMetaMasterChanged', data: { masterProductId: 'm1', metaMasterId, previousMetaMasterId, at: at(1) } }) as const;

describe('change meta master', () => {
  it('adds an ungrouped master, swaps it to another, takes it out', () => {
    given(masterCreated()).when(change('add', 'iphones')).then(joined('iphones'));
    given(masterCreated(), joined('iphones')).when(change('swap', 'apple-phones')).then(joined('apple-phones', 'iphones'));
    given(masterCreated()).when(change('swap', 'iphones')).then(joined('iphones'));
    given(masterCreated(), joined('iphones')).when(change('remove', null)).then(joined(null, 'iphones'));
  });

  it('changes nothing when the master is there already', () => {
    given(masterCreated(), joined('iphones')).when(change('add', 'iphones')).then();
    given(masterCreated()).when(change('remove', null)).then();
  });

  it('reads membership of a deleted meta master as none', () => {
    given(masterCreated(), joined('old'))
      .when(change('add', 'iphones', { currentExists: false }))
      .then(joined('iphones', 'old'));
  });

  it('refuses adding a master of another meta master, an unknown target, a missing target and an unknown master', () => {
    given(masterCreated(), joined('iphones'))
      .when(change('add', 'apple-phones'))
      .thenThrows(IllegalState, 'catalogue.product.master_in_other_meta_master');
    given(masterCreated())
      .when(change('swap', 'nope', { targetExists: false }))
      .thenThrows(ValidationError, 'validation.failed');
    given(masterCreated()).when(change('add', null)).thenThrows(ValidationError);
    given().when(change('add', 'iphones')).thenThrows(NotFound, 'catalogue.product.master_not_found');
  });
});
