import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { Forbidden } from '../Forbidden';
import { get, keys, paths, send } from './api';
import { useMetaMasters } from './hooks';
import { MasterPicker } from './MasterPicker';
import type { CatalogueRights } from './rights';
import type { MetaMaster, MetaMasterList } from './types';
import { Field, FormErrors, LoadState, TextField, useForm, type Form } from './ui';

type MetaMasterItem = MetaMasterList['items'][number];

/** Meta masters (spec 7): groups of master products; create, rename, delete, add a master, see its masters. */
export function MetaMastersPage({ rights }: { rights: CatalogueRights }) {
  const { t } = useT();
  const list = useMetaMasters();
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useState('');
  const open = search.get('open');
  const setOpen = (id: string | null) => setSearch(id ? { open: id } : {}, { replace: true });
  if (list.isError && isApiError(list.error) && list.error.status === 403) return <Forbidden />;
  const needle = filter.trim().toLowerCase();
  const shown = (list.data ?? []).filter((mm) => !needle || mm.name.toLowerCase().includes(needle));
  return (
    <section className="page" aria-labelledby="meta-masters-title">
      <div className="page-head">
        <h1 id="meta-masters-title">{t('cat.meta.title')}</h1>
        {list.data && <span className="muted">{t('common.total', { n: list.data.length })}</span>}
        {rights.manage && (
          <div className="page-head-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setCreating((c) => !c)}
              aria-expanded={creating}
              data-testid="meta-create-open"
            >
              {t('cat.meta.create')}
            </button>
          </div>
        )}
      </div>
      {creating && <MetaMasterForm item={null} onClose={() => setCreating(false)} />}
      <div className="card">
        <div className="toolbar">
          <label className="search">
            <span className="visually-hidden">{t('cat.filter')}</span>
            <input type="search" placeholder={t('cat.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
        </div>
        <LoadState
          pending={list.isPending}
          error={list.error}
          retry={() => void list.refetch()}
          empty={shown.length === 0}
          emptyText={t('cat.meta.none_yet')}
        />
        {shown.length > 0 && (
          <ul className="ctl-rows" data-testid="meta-masters">
            {shown.map((mm) => (
              <li key={mm.id} className="ctl-row" data-meta={mm.id}>
                <MetaMasterRow
                  item={mm}
                  open={open === mm.id}
                  onToggle={() => setOpen(open === mm.id ? null : mm.id)}
                  canManage={rights.manage}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Creates a meta master (item null) or renames one and changes its description; closes once saved. */
function MetaMasterForm({ item, onClose }: { item: MetaMasterItem | null; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ name: item?.name ?? '', description: item?.description ?? '' });
  const submit = form.submit(async () => {
    const body = { name: form.values.name, description: form.values.description.trim() || null };
    if (item) await send('PATCH', paths.metaMaster(item.id), body);
    else await send('POST', paths.metaMasters, body);
    await client.invalidateQueries({ queryKey: keys.metaMasters });
    if (item) await client.invalidateQueries({ queryKey: keys.metaMaster(item.id) });
    onClose();
  });
  return (
    <form
      className={item ? 'ctl-form' : 'card ctl-form'}
      onSubmit={(e) => void submit(e)}
      data-testid={item ? 'meta-rename' : 'meta-create'}
    >
      <div className="form-row form-row-top">
        <TextField form={form} name="name" label={t('cat.field.name')} required autoFocus />
      </div>
      <DescriptionField form={form} />
      <FormErrors form={form} known={['name', 'description']} />
      <div className="form-buttons">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={form.busy}
          data-testid={item ? 'meta-rename-submit' : 'meta-create-submit'}
        >
          {item ? t('cat.save') : t('cat.create')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}

function DescriptionField({ form }: { form: Form<{ name: string; description: string }> }) {
  const { t } = useT();
  return (
    <Field name="description" label={t('cat.field.description')} errors={form.errors}>
      {(aria) => (
        <textarea
          {...aria}
          name="description"
          rows={2}
          value={form.values.description}
          onChange={(e) => form.set('description', e.target.value)}
        />
      )}
    </Field>
  );
}

function MetaMasterRow(props: { item: MetaMasterItem; open: boolean; onToggle(): void; canManage: boolean }) {
  const { t } = useT();
  const client = useQueryClient();
  const mm = props.item;
  const [renaming, setRenaming] = useState(false);
  const detail = useQuery({
    queryKey: keys.metaMaster(mm.id),
    queryFn: ({ signal }) => get<MetaMaster>(paths.metaMaster(mm.id), signal),
    enabled: props.open,
  });
  const add = useForm({});
  const remove = useForm({});
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: keys.metaMasters });
    await client.invalidateQueries({ queryKey: keys.metaMaster(mm.id) });
  };
  const deleteIt = async () => {
    if (!window.confirm(t('cat.meta.delete_confirm', { name: mm.name }))) return;
    await remove.submit(async () => {
      await send('DELETE', paths.metaMaster(mm.id));
      await client.invalidateQueries({ queryKey: keys.metaMasters });
    }, 'deleted')();
  };
  const masters = detail.data?.masters ?? [];

  return (
    <div className="ctl-row-body">
      <div className="ctl-row-head">
        <button
          type="button"
          className="ctl-row-title"
          aria-expanded={props.open}
          onClick={props.onToggle}
          data-testid={`meta-open-${mm.id}`}
        >
          <strong>{mm.name}</strong> <span className="muted small">{t('cat.meta.count', { n: mm.master_count })}</span>
        </button>
        {props.canManage && !renaming && (
          <div className="row-buttons">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setRenaming(true)}
              data-testid={`meta-rename-${mm.id}`}
            >
              {t('cat.edit')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger-ghost"
              onClick={() => void deleteIt()}
              data-testid={`meta-delete-${mm.id}`}
            >
              {t('cat.delete')}
            </button>
          </div>
        )}
      </div>
      {mm.description && !renaming && <p className="small muted ctl-row-description">{mm.description}</p>}
      {renaming && <MetaMasterForm item={mm} onClose={() => setRenaming(false)} />}
      <FormErrors form={remove} known={[]} />
      {props.open && (
        <div className="ctl-row-detail">
          <LoadState pending={detail.isPending} error={detail.error} retry={() => void detail.refetch()} />
          {detail.data &&
            (masters.length === 0 ? (
              <p className="muted">{t('cat.meta.no_masters')}</p>
            ) : (
              <ul className="ctl-tags" data-testid={`meta-masters-of-${mm.id}`}>
                {masters.map((m) => (
                  <li key={m.id}>
                    <Link to={`/catalogue/masters/${encodeURIComponent(m.id)}`} className="tag">
                      {m.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ))}
          {props.canManage && (
            <>
              <MasterPicker
                label={t('cat.meta.add_master')}
                testId={`meta-add-${mm.id}`}
                disabled={add.busy}
                onPick={(master) =>
                  void add.submit(async () => {
                    await send('PATCH', paths.metaMasterAdd(mm.id), { master_product_id: master.id });
                    await refresh();
                    await client.invalidateQueries({ queryKey: keys.master(master.id) });
                  })()
                }
              />
              <FormErrors form={add} known={[]} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
