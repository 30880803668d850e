import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { Forbidden } from '../Forbidden';
import { PARAM_TYPES, REFERENCE_LISTS } from '@buyloop/contracts/catalogue/vocabulary';
import { keys, paths, send } from './api';
import { choicesOf, nameOf, useReference } from './hooks';
import { PARAM_TYPE_LABELS } from './labels';
import type { CatalogueRights } from './rights';
import type { ReferenceEntry, ReferenceKind } from './types';
import { FormErrors, LoadState, SelectField, TextField, useForm } from './ui';

const TITLES: Readonly<Record<ReferenceKind, MessageKey>> = {
  'type-devices': 'cat.ref.type_devices',
  manufacturers: 'cat.ref.manufacturers',
  units: 'cat.ref.units',
  'attribute-names': 'cat.ref.attribute_names',
};

/** The small lists the products refer to: type devices, manufacturers, units and attribute names (spec 7's attr-name choices). */
export function ReferenceDataPage({ rights }: { rights: CatalogueRights }) {
  const { t } = useT();
  return (
    <section className="page" aria-labelledby="reference-title">
      <div className="page-head">
        <h1 id="reference-title">{t('cat.ref.title')}</h1>
      </div>
      <div className="ctl-reference">
        {REFERENCE_LISTS.map((kind) => (
          <ReferenceList key={kind} kind={kind} canManage={rights.manage} />
        ))}
      </div>
    </section>
  );
}

function ReferenceList({ kind, canManage }: { kind: ReferenceKind; canManage: boolean }) {
  const { t } = useT();
  const list = useReference(kind);
  const units = useReference('units', kind === 'attribute-names');
  const [editing, setEditing] = useState<string | null>(null);
  if (list.isError && isApiError(list.error) && list.error.status === 403) return <Forbidden />;
  const items = [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const detail = (item: ReferenceEntry): string | null => {
    if (kind === 'units') return item.symbol ?? null;
    if (kind !== 'attribute-names') return null;
    const type = item.value_type ? t(PARAM_TYPE_LABELS[item.value_type]) : null;
    const unit = item.unit_id ? nameOf(units.data, item.unit_id) : null;
    return [type, unit].filter(Boolean).join(' · ') || null;
  };
  return (
    <section className="card" aria-labelledby={`ref-${kind}`} data-testid={`ref-${kind}`}>
      <h2 className="card-title" id={`ref-${kind}`}>
        {t(TITLES[kind])} {list.data && <span className="muted">({list.data.length})</span>}
      </h2>
      <LoadState pending={list.isPending} error={list.error} retry={() => void list.refetch()} empty={items.length === 0} />
      {items.length > 0 && (
        <ul className="ctl-ref-list">
          {items.map((item) => (
            <li key={item.id}>
              {editing === item.id ? (
                <ReferenceForm kind={kind} item={item} units={units.data} onClose={() => setEditing(null)} />
              ) : (
                <div className="ctl-ref-item">
                  <span>
                    {item.name} {detail(item) && <span className="muted small">({detail(item)})</span>}
                  </span>
                  {canManage && (
                    <button
                      type="button"
                      className="btn btn-small btn-ghost"
                      onClick={() => setEditing(item.id)}
                      aria-label={`${t('cat.edit')}: ${item.name}`}
                    >
                      {t('cat.edit')}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <ReferenceForm kind={kind} item={null} units={units.data} onClose={() => undefined} />}
    </section>
  );
}

/** Adds an entry (item null) or changes one; a change closes once saved, an added entry empties the form for the next. */
function ReferenceForm(props: {
  kind: ReferenceKind;
  item: ReferenceEntry | null;
  units: readonly ReferenceEntry[] | undefined;
  onClose(): void;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const { kind, item } = props;
  const empty = { name: '', symbol: '', value_type: 'text', unit_id: '' };
  const form = useForm(
    item
      ? { name: item.name, symbol: item.symbol ?? '', value_type: item.value_type ?? 'text', unit_id: item.unit_id ?? '' }
      : empty,
  );
  const body = () => {
    const v = form.values;
    if (kind === 'units') return { name: v.name, symbol: v.symbol.trim() || null };
    if (kind === 'attribute-names') return { name: v.name, value_type: v.value_type, unit_id: v.unit_id || null };
    return { name: v.name };
  };
  const submit = form.submit(async () => {
    if (item) await send('PATCH', paths.referenceItem(kind, item.id), body());
    else await send('POST', paths.reference(kind), body());
    await client.invalidateQueries({ queryKey: keys.reference(kind) });
    if (item) props.onClose();
    else form.reset(empty);
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-ref-form" data-testid={item ? `ref-edit-${kind}` : `ref-add-${kind}`}>
      <div className="form-row form-row-top">
        <TextField form={form} name="name" label={item ? t('cat.field.name') : t('cat.ref.new')} required />
        {kind === 'units' && <TextField form={form} name="symbol" label={t('cat.ref.symbol')} className="ctl-field-short" />}
        {kind === 'attribute-names' && (
          <>
            <SelectField
              form={form}
              name="value_type"
              label={t('cat.params.type')}
              choices={PARAM_TYPES.map((type) => ({ value: type, label: t(PARAM_TYPE_LABELS[type]) }))}
              className="ctl-field-short"
            />
            <SelectField
              form={form}
              name="unit_id"
              label={t('cat.ref.unit')}
              choices={choicesOf(props.units)}
              empty={t('cat.ref.no_unit')}
              className="ctl-field-short"
            />
          </>
        )}
      </div>
      <FormErrors form={form} known={['name', 'symbol', 'value_type', 'unit_id']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-small btn-primary" disabled={form.busy}>
          {item ? t('cat.save') : t('cat.add')}
        </button>
        {item && (
          <button type="button" className="btn btn-small btn-ghost" onClick={props.onClose}>
            {t('cat.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
