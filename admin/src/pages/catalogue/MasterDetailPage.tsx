import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { Forbidden } from '../Forbidden';
import { get, keys, paths, send } from './api';
import { nameOf, useCategories, useMetaMasters } from './hooks';
import { MasterFields } from './MasterFields';
import { ParamsEditor } from './ParamsEditor';
import { PhotosPanel } from './PhotosPanel';
import type { CatalogueRights } from './rights';
import type { MasterDetail } from './types';
import { FormErrors, LoadState, SelectField, useForm } from './ui';
import { QUALITY_LABELS } from './labels';
import { VariantForm } from './VariantForm';

/** A master product: its fields, params, photos, variants, meta master and categories. */
export function MasterDetailPage({ rights }: { rights: CatalogueRights }) {
  const { id = '' } = useParams();
  const { t } = useT();
  const master = useQuery({
    queryKey: keys.master(id),
    queryFn: ({ signal }) => get<MasterDetail>(paths.master(id), signal),
  });

  if (master.isError && isApiError(master.error) && master.error.status === 403) return <Forbidden />;
  if (!master.data)
    return (
      <section className="page">
        <nav className="crumbs">
          <Link to="/catalogue">{t('cat.back_to_masters')}</Link>
        </nav>
        <LoadState pending={master.isPending} error={master.error} retry={() => void master.refetch()} />
      </section>
    );
  const m = master.data;
  return (
    <section className="page detail ctl-detail" aria-labelledby="master-title" data-testid="master-detail">
      <nav className="crumbs">
        <Link to="/catalogue">{t('cat.back_to_masters')}</Link>
      </nav>
      <header className="detail-head">
        <div>
          <h1 id="master-title">{m.name}</h1>
          <p className="muted mono">{m.id}</p>
        </div>
      </header>
      <div className="detail-grid">
        <div className="detail-main">
          <MasterFields master={m} canManage={rights.manage} />
          <VariantsPanel master={m} canManage={rights.manage} />
          <ParamsEditor masterId={m.id} params={m.params} canManage={rights.manage} />
        </div>
        <div className="detail-side">
          <PhotosPanel masterId={m.id} photoIds={m.photo_ids} canManage={rights.manage} />
          <MetaMasterPanel master={m} canManage={rights.manage} />
          <CategoriesPanel categoryIds={m.category_ids} />
        </div>
      </div>
    </section>
  );
}

function VariantsPanel({ master, canManage }: { master: MasterDetail; canManage: boolean }) {
  const { t } = useT();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  return (
    <section className="card" aria-labelledby="variants-title" data-testid="master-variants">
      <div className="card-head">
        <h2 className="card-title" id="variants-title">
          {t('cat.variants.title')} ({master.variants.length})
        </h2>
        {canManage && !adding && (
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={() => setAdding(true)}
            data-testid="variant-add-open"
          >
            {t('cat.variants.add')}
          </button>
        )}
      </div>
      {adding && (
        <VariantForm
          product={null}
          defaultName={master.name}
          testId="variant-create"
          onClose={() => setAdding(false)}
          onSubmit={async (body) => {
            await send('POST', paths.masterVariants(master.id), body);
            await client.invalidateQueries({ queryKey: keys.master(master.id) });
          }}
        />
      )}
      {master.variants.length === 0 ? (
        <p className="muted" data-testid="variants-empty">
          {t('cat.variants.none')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="variants-table">
            <thead>
              <tr>
                <th scope="col">{t('cat.field.code')}</th>
                <th scope="col">{t('cat.field.short_name')}</th>
                <th scope="col">{t('cat.field.colour')}</th>
                <th scope="col">{t('cat.field.capacity')}</th>
                <th scope="col">{t('cat.field.quality')}</th>
                <th scope="col">{t('cat.field.ean')}</th>
                <th scope="col">{t('cat.field.state')}</th>
              </tr>
            </thead>
            <tbody>
              {master.variants.map((v) => (
                <tr key={v.code} data-code={v.code} className={v.status === 'discontinued' ? 'ctl-discontinued' : ''}>
                  <th scope="row">
                    <Link
                      to={`/catalogue/products/${encodeURIComponent(v.code)}`}
                      className="cell-link"
                      data-testid={`variant-${v.code}`}
                    >
                      {v.code}
                    </Link>
                  </th>
                  <td>{v.short_name}</td>
                  <td>{v.colour ?? ''}</td>
                  <td>{v.capacity ?? ''}</td>
                  <td>
                    {t(QUALITY_LABELS[v.quality])}
                    {v.grade ? ` · ${v.grade}` : ''}
                  </td>
                  <td className="mono">{v.ean ?? ''}</td>
                  <td>
                    <span className={`tag ${v.status === 'discontinued' ? 'tag-failed' : 'tag-sent'}`}>
                      {t(v.status === 'discontinued' ? 'cat.variants.discontinued' : 'cat.variants.active')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The meta master the master belongs to, swapped for another (spec 7's swap; the others come from the exclude call). */
function MetaMasterPanel({ master, canManage }: { master: MasterDetail; canManage: boolean }) {
  const { t } = useT();
  const client = useQueryClient();
  const current = master.meta_master_id;
  // Spec 7's exclude call: the meta masters it could move to.
  const others = useMetaMasters(current, canManage);
  const form = useForm({ meta_master_id: '' });
  const submit = form.submit(async () => {
    await send('PATCH', paths.swapMetaMaster(master.id), { meta_master_id: form.values.meta_master_id });
    form.reset({ meta_master_id: '' });
    await client.invalidateQueries({ queryKey: keys.master(master.id) });
    await client.invalidateQueries({ queryKey: keys.metaMasters });
  });
  return (
    <section className="card" aria-labelledby="meta-title" data-testid="master-meta">
      <h2 className="card-title" id="meta-title">
        {t('cat.field.meta_master')}
      </h2>
      <p data-testid="master-meta-current">
        {current ? (
          <Link to={`/catalogue/meta-masters?open=${encodeURIComponent(current)}`}>{master.meta_master_name ?? current}</Link>
        ) : (
          <span className="muted">{t('cat.meta.none')}</span>
        )}
      </p>
      {canManage && (
        <form onSubmit={(e) => void submit(e)} className="form-row">
          <SelectField
            form={form}
            name="meta_master_id"
            label={t('cat.meta.swap_to')}
            empty={t('cat.choose')}
            choices={(others.data ?? []).map((mm) => ({ value: mm.id, label: mm.name }))}
            required
          />
          <button type="submit" className="btn" disabled={form.busy || !form.values.meta_master_id} data-testid="meta-swap">
            {t('cat.meta.swap')}
          </button>
          <FormErrors form={form} known={['meta_master_id']} />
        </form>
      )}
    </section>
  );
}

/** The categories the master is in (assigned in the categories section). */
function CategoriesPanel({ categoryIds }: { categoryIds: readonly string[] }) {
  const { t } = useT();
  const categories = useCategories();
  return (
    <section className="card" aria-labelledby="master-categories-title" data-testid="master-categories">
      <h2 className="card-title" id="master-categories-title">
        {t('cat.field.categories')}
      </h2>
      {categoryIds.length === 0 ? (
        <p className="muted">{t('cat.categories.none')}</p>
      ) : (
        <ul className="ctl-tags">
          {categoryIds.map((id) => (
            <li key={id} className="tag">
              {nameOf(categories.data, id)}
            </li>
          ))}
        </ul>
      )}
      <Link to="/categories" className="small">
        {t('cat.categories.manage')}
      </Link>
    </section>
  );
}
