import type { ReferenceEvent, ReferenceFields, ReferenceKind } from '../../events';
import { FieldErrors, illegal } from '../../rules';
import { checkReferenceFields } from '../fields';
import type { ReferenceState } from '../state';

/** Adds a type device, manufacturer, unit or attribute name to its list. */
export interface CreateReferenceEntry {
  readonly type: 'CreateReferenceEntry';
  readonly kind: ReferenceKind;
  readonly id: string;
  readonly fields: ReferenceFields;
  /** Attribute names with a unit: whether that unit exists (read from its stream). */
  readonly unitExists?: boolean;
  readonly at: string;
}

export function decideCreateReferenceEntry(command: CreateReferenceEntry, state: ReferenceState): ReferenceEvent[] {
  if (state.exists)
    throw illegal('catalogue.product.reference_exists', `There is already an entry ${command.id}`, { id: command.id });
  const errors = new FieldErrors().id('id', command.id).time('at', command.at);
  if (command.kind === 'attribute_name' && command.fields.valueType === undefined)
    errors.add('value_type', 'validation.required');
  checkReferenceFields(errors, command.kind, command.fields, command.unitExists);
  errors.throwIfAny('The entry cannot be created');
  const fields: ReferenceFields = {
    name: command.fields.name.trim(),
    ...(command.kind === 'unit' ? { symbol: command.fields.symbol?.trim() || null } : {}),
    ...(command.kind === 'attribute_name' ? { valueType: command.fields.valueType!, unitId: command.fields.unitId ?? null } : {}),
  };
  return [{ type: 'ReferenceEntryCreated', data: { kind: command.kind, id: command.id, ...fields, at: command.at } }];
}
