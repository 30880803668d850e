import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/lang';
import { keys, paths, send } from './api';
import { moveItem } from './forms';
import { useReference } from './hooks';
import { PARAM_TYPE_LABELS } from './labels';
import { PARAM_TYPES, type ParamType } from '@buyloop/contracts/catalogue/vocabulary';
import type { ComponentParam } from './types';
import { FormErrors, useForm } from './ui';

interface Row {
  readonly key: number;
  readonly name: string;
  readonly value: string;
  readonly type: ParamType;
}

/** Spec 7's component params of a master: a list of name, value and type, saved as a whole. */
export function ParamsEditor({
  masterId,
  params,
  canManage,
}: {
  masterId: string;
  params: readonly ComponentParam[];
  canManage: boolean;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  return (
    <section className="card" aria-labelledby="params-title" data-testid="master-params">
      <div className="card-head">
        <h2 className="card-title" id="params-title">
          {t('cat.params.title')}
        </h2>
        {canManage && !editing && (
          <button type="button" className="btn btn-small" onClick={() => setEditing(true)} data-testid="params-edit">
            {t('cat.edit')}
          </button>
        )}
      </div>
      {editing ? (
        <ParamsForm masterId={masterId} params={params} onClose={() => setEditing(false)} />
      ) : params.length === 0 ? (
        <p className="muted">{t('cat.params.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table table-compact">
            <thead>
              <tr>
                <th scope="col">{t('cat.params.name')}</th>
                <th scope="col">{t('cat.params.value')}</th>
                <th scope="col">{t('cat.params.type')}</th>
              </tr>
            </thead>
            <tbody>
              {params.map((param, index) => (
                <tr key={`${param.name}-${index}`}>
                  <th scope="row">{param.name}</th>
                  <td>{param.value}</td>
                  <td className="muted">{t(PARAM_TYPE_LABELS[param.type])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ParamsForm(props: { masterId: string; params: readonly ComponentParam[]; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const listId = useId();
  const names = useReference('attribute-names');
  const [rows, setRows] = useState<Row[]>(() => props.params.map((p, key) => ({ key, ...p })));
  const [nextKey, setNextKey] = useState(props.params.length);
  // The spec has its own text for this failure ('cannot save component parameters').
  const form = useForm({}, 'cat.params.save_failed');

  const update = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  // Naming a known attribute takes its value type (spec 7's attr-name choices carry one).
  const rename = (index: number, name: string) => {
    const known = names.data?.find((n) => n.name.toLowerCase() === name.trim().toLowerCase());
    update(index, known?.value_type ? { name, type: known.value_type } : { name });
  };
  const add = () => {
    setRows((current) => [...current, { key: nextKey, name: '', value: '', type: 'text' }]);
    setNextKey((k) => k + 1);
  };

  const submit = (event: FormEvent) =>
    void form.submit(async () => {
      await send('PUT', paths.masterParams(props.masterId), {
        params: rows.map(({ name, value, type }) => ({ name, value, type })),
      });
      await client.invalidateQueries({ queryKey: keys.master(props.masterId) });
      props.onClose();
    })(event);

  const errorOf = (index: number, field: string) => form.errors[`params.${index}.${field}`];
  const cell = (index: number, field: 'name' | 'value', label: string, row: Row) => {
    const errors = errorOf(index, field);
    const errorId = `${listId}-${index}-${field}-error`;
    return (
      <td>
        <input
          aria-label={`${label} ${index + 1}`}
          name={`params.${index}.${field}`}
          value={row[field]}
          onChange={(e) => (field === 'name' ? rename(index, e.target.value) : update(index, { value: e.target.value }))}
          {...(field === 'name' ? { list: listId } : {})}
          {...(errors ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
        {errors && (
          <span className="field-error" id={errorId}>
            {errors.join(' ')}
          </span>
        )}
      </td>
    );
  };

  return (
    <form onSubmit={submit} className="ctl-form" data-testid="params-form">
      <datalist id={listId}>
        {(names.data ?? []).map((n) => (
          <option key={n.id} value={n.name} />
        ))}
      </datalist>
      <div className="table-scroll">
        <table className="table table-compact ctl-params-table">
          <thead>
            <tr>
              <th scope="col">{t('cat.params.name')}</th>
              <th scope="col">{t('cat.params.value')}</th>
              <th scope="col">{t('cat.params.type')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('cat.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key}>
                {cell(index, 'name', t('cat.params.name'), row)}
                {cell(index, 'value', t('cat.params.value'), row)}
                <td>
                  <select
                    aria-label={`${t('cat.params.type')} ${index + 1}`}
                    name={`params.${index}.type`}
                    value={row.type}
                    onChange={(e) => update(index, { type: e.target.value as ParamType })}
                  >
                    {PARAM_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(PARAM_TYPE_LABELS[type])}
                      </option>
                    ))}
                  </select>
                  {errorOf(index, 'type') && <span className="field-error">{errorOf(index, 'type')?.join(' ')}</span>}
                </td>
                <td>
                  <div className="row-buttons">
                    <button
                      type="button"
                      className="btn btn-small btn-ghost"
                      aria-label={`${t('cat.up')} ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => setRows((current) => moveItem(current, index, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-ghost"
                      aria-label={`${t('cat.down')} ${index + 1}`}
                      disabled={index === rows.length - 1}
                      onClick={() => setRows((current) => moveItem(current, index, 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-danger-ghost"
                      onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                    >
                      {t('cat.remove')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormErrors form={form} known={Object.keys(form.errors).filter((key) => /^params\.\d+\.(name|value|type)$/.test(key))} />
      <div className="form-buttons">
        <button type="button" className="btn" onClick={add} data-testid="params-add">
          {t('cat.params.add')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="params-save">
          {t('cat.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}
