import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at } from '../fixtures';
import { metaMasterDecider } from './decider';

const { given } = deciderSpec(metaMasterDecider);
const created = {
  type: 'MetaMasterCreated',
  data: { metaMasterId: 'iphones', name: 'iPhone', description: null, at: at(0) },
} as const;
const deleted = { type: 'MetaMasterDeleted', data: { metaMasterId: 'iphones', at: at(2) } } as const;

describe('meta masters', () => {
  it('creates, updates and deletes one', () => {
    given()
      .when({ type: 'CreateMetaMaster', metaMasterId: 'iphones', fields: { name: ' iPhone ', description: ' ' }, at: at(0) })
      .then(created);
    given(created)
      .when({
        type: 'UpdateMetaMaster',
        metaMasterId: 'iphones',
        changes: { name: 'iPhone family', description: 'All iPhones' },
        at: at(1),
      })
      .then({
        type: 'MetaMasterUpdated',
        data: { metaMasterId: 'iphones', name: 'iPhone family', description: 'All iPhones', at: at(1) },
      });
    given(created)
      .when({ type: 'UpdateMetaMaster', metaMasterId: 'iphones', changes: { name: 'iPhone' }, at: at(1) })
      .then();
    given(created)
      .when({ type: 'DeleteMetaMaster', metaMasterId: 'iphones', at: at(2) })
      .then(deleted);
  });

  it('refuses an existing id, a blank name, and changes to one that is not there', () => {
    given(created)
      .when({ type: 'CreateMetaMaster', metaMasterId: 'iphones', fields: { name: 'iPhone', description: null }, at: at(0) })
      .thenThrows(IllegalState, 'catalogue.product.meta_master_exists');
    given()
      .when({ type: 'CreateMetaMaster', metaMasterId: 'iphones', fields: { name: ' ', description: null }, at: at(0) })
      .thenThrows(ValidationError);
    given(created)
      .when({ type: 'UpdateMetaMaster', metaMasterId: 'iphones', changes: { name: '' }, at: at(1) })
      .thenThrows(ValidationError);
    given()
      .when({ type: 'UpdateMetaMaster', metaMasterId: 'x', changes: { name: 'X' }, at: at(1) })
      .thenThrows(NotFound, 'catalogue.product.meta_master_not_found');
    given(created, deleted)
      .when({ type: 'DeleteMetaMaster', metaMasterId: 'iphones', at: at(3) })
      .thenThrows(NotFound, 'catalogue.product.meta_master_not_found');
  });
});
