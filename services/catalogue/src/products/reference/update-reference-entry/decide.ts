import type { ReferenceEvent, ReferenceFields, ReferenceKind } from '../../events';
import { FieldErrors, notFound, sameValue } from '../../rules';
import { checkReferenceFields } from '../fields';
import { REFERENCE_NOT_FOUND, type ReferenceState } from '../state';

/** Renames an entry (or changes a unit's symbol, an attribute name's type or unit). */
export interface UpdateReferenceEntry {
  readonly type: 'UpdateReferenceEntry';
  readonly kind: ReferenceKind;
  readonly id: string;
  readonly changes: Partial<ReferenceFields>;
  readonly unitExists?: boolean;
  readonly at: string;
}

export function decideUpdateReferenceEntry(command: UpdateReferenceEntry, state: ReferenceState): ReferenceEvent[] {
  if (!state.exists) throw notFound(REFERENCE_NOT_FOUND[command.kind], `There is no entry ${command.id}`);
  const errors = new FieldErrors().time('at', command.at);
  checkReferenceFields(errors, command.kind, command.changes, command.unitExists);
  errors.throwIfAny('The entry cannot be changed');
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(command.changes) as [keyof ReferenceFields, unknown][]) {
    if (value === undefined) continue;
    const next = typeof value === 'string' ? value.trim() || (field === 'symbol' ? null : value) : value;
    if (!sameValue(state.fields[field] ?? null, next)) changed[field] = next;
  }
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'ReferenceEntryUpdated', data: { kind: command.kind, id: command.id, ...changed, at: command.at } }];
}
