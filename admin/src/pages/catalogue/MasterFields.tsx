import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useT } from '../../app/lang';
import { ifMatch, keys, paths, send } from './api';
import { isApiError } from '../../api/client';
import { packageBody } from './forms';
import { choicesOf, nameOf, useReference } from './hooks';
import { RichTextEditor } from './RichTextEditor';
import type { MasterDetail, MasterUpdateRequest } from './types';
import { FormErrors, SelectField, TextField, useForm, useNotice } from './ui';

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
/** 7.5 as the person's language writes it. */
const decimal = (value: number) => String(value).replace('.', ',');

const FIELDS = ['name', 'seo_name', 'manufacturer_id', 'type_device_id', 'description', 'package'];

/** The master's own fields: shown as facts, edited in a form that closes on save; the master deleted from here. */
export function MasterFields({ master, canManage }: { master: MasterDetail; canManage: boolean }) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const manufacturers = useReference('manufacturers');
  const typeDevices = useReference('type-devices');
  const notify = useNotice();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = async () => {
    if (!window.confirm(t('cat.master.delete_confirm', { name: master.name }))) return;
    setDeleteError(null);
    try {
      await send('DELETE', paths.master(master.id));
      notify('deleted');
      client.removeQueries({ queryKey: keys.master(master.id) });
      void navigate('/catalogue');
    } catch {
      setDeleteError(t('cat.save_failed'));
    }
  };

  const pkg = master.package;
  return (
    <section className="card" aria-labelledby="master-fields-title" data-testid="master-fields">
      <div className="card-head">
        <h2 className="card-title" id="master-fields-title">
          {t('cat.master.fields')}
        </h2>
        {canManage && !editing && (
          <div className="row-buttons">
            <button type="button" className="btn btn-small" onClick={() => setEditing(true)} data-testid="master-edit">
              {t('cat.edit')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger-ghost"
              onClick={() => void remove()}
              data-testid="master-delete"
            >
              {t('cat.delete')}
            </button>
          </div>
        )}
      </div>
      {deleteError && (
        <p className="form-error" role="alert">
          {deleteError}
        </p>
      )}
      {editing ? (
        <MasterForm
          master={master}
          manufacturers={choicesOf(manufacturers.data)}
          typeDevices={choicesOf(typeDevices.data)}
          onClose={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="facts ctl-facts">
            <div className="fact">
              <dt>{t('cat.field.manufacturer')}</dt>
              <dd>{nameOf(manufacturers.data, master.manufacturer_id)}</dd>
            </div>
            <div className="fact">
              <dt>{t('cat.field.type_device')}</dt>
              <dd>{nameOf(typeDevices.data, master.type_device_id)}</dd>
            </div>
            <div className="fact">
              <dt>{t('cat.field.seo_name')}</dt>
              <dd className="mono">{master.seo_name}</dd>
            </div>
            <div className="fact">
              <dt>{t('cat.field.package')}</dt>
              <dd data-testid="master-package">
                {pkg
                  ? `${decimal(pkg.width)} × ${decimal(pkg.height)} × ${decimal(pkg.depth)} cm · ${decimal(pkg.weight)} kg`
                  : '—'}
              </dd>
            </div>
          </dl>
          {master.description ? (
            // The API stores the description sanitised (its allowed tags only), so it is shown as it came.
            <div className="ctl-description" dangerouslySetInnerHTML={{ __html: master.description }} />
          ) : (
            <p className="muted">{t('cat.master.no_description')}</p>
          )}
        </>
      )}
    </section>
  );
}

function MasterForm(props: {
  master: MasterDetail;
  manufacturers: { value: string; label: string }[];
  typeDevices: { value: string; label: string }[];
  onClose(): void;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const { master } = props;
  const form = useForm({
    name: master.name,
    seo_name: master.seo_name,
    manufacturer_id: master.manufacturer_id,
    type_device_id: master.type_device_id,
    description: master.description,
    width: text(master.package?.width),
    height: text(master.package?.height),
    depth: text(master.package?.depth),
    weight: text(master.package?.weight),
  });
  const submit = form.submit(async () => {
    const v = form.values;
    // Typed against the contract except where a mistyped number is sent as typed for the server to refuse under its field.
    const body: Omit<MasterUpdateRequest, 'package'> & { package: ReturnType<typeof packageBody> } = {
      name: v.name,
      seo_name: v.seo_name,
      manufacturer_id: v.manufacturer_id,
      type_device_id: v.type_device_id,
      description: v.description,
      package: packageBody(v),
    };
    try {
      await send('PATCH', paths.master(master.id), body, ifMatch(master.stream_version));
    } catch (error) {
      if (isApiError(error) && error.status === 412) await client.invalidateQueries({ queryKey: keys.master(master.id) });
      throw error;
    }
    await client.invalidateQueries({ queryKey: keys.master(master.id) });
    props.onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form" data-testid="master-form">
      <div className="form-row form-row-top">
        <TextField form={form} name="name" label={t('cat.field.name')} required />
        <TextField form={form} name="seo_name" label={t('cat.field.seo_name')} required />
      </div>
      <div className="form-row form-row-top">
        <SelectField form={form} name="manufacturer_id" label={t('cat.field.manufacturer')} choices={props.manufacturers} />
        <SelectField form={form} name="type_device_id" label={t('cat.field.type_device')} choices={props.typeDevices} />
      </div>
      <RichTextEditor
        name="description"
        label={t('cat.field.description')}
        value={form.values.description}
        onChange={(html) => form.set('description', html)}
        error={form.errors.description}
      />
      <fieldset className="ctl-fieldset">
        <legend>{t('cat.field.package')}</legend>
        <p className="small muted">{t('cat.master.package_hint')}</p>
        <div className="form-row form-row-top">
          <TextField
            form={form}
            name="width"
            errorKey="package.width"
            label={t('cat.field.width_cm')}
            inputMode="decimal"
            className="ctl-field-short"
          />
          <TextField
            form={form}
            name="height"
            errorKey="package.height"
            label={t('cat.field.height_cm')}
            inputMode="decimal"
            className="ctl-field-short"
          />
          <TextField
            form={form}
            name="depth"
            errorKey="package.depth"
            label={t('cat.field.depth_cm')}
            inputMode="decimal"
            className="ctl-field-short"
          />
          <TextField
            form={form}
            name="weight"
            errorKey="package.weight"
            label={t('cat.field.weight_kg')}
            inputMode="decimal"
            className="ctl-field-short"
          />
        </div>
      </fieldset>
      <FormErrors form={form} known={FIELDS} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="master-save">
          {t('cat.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}
