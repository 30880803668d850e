import { describe, expect, it } from 'vitest';
// The API's own table: the back office's copy must never drift from it.
import { PERMISSIONS as API_PERMISSIONS } from '../../../services/identity/src/permissions';
import { PERMISSIONS } from './permissions';

describe('the back office mirrors the permission table', () => {
  it('grants each capability it uses to the same roles as the API', () => {
    for (const [capability, roles] of Object.entries(PERMISSIONS))
      expect([...roles].sort(), capability).toEqual(
        [...(API_PERMISSIONS as Record<string, readonly string[]>)[capability]!].sort(),
      );
  });
});
