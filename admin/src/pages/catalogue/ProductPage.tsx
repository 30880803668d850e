import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { formatDateTime } from '../../i18n/format';
import { Forbidden } from '../Forbidden';
import { get, ifMatch, keys, paths, send } from './api';
import { KIND_LABELS, QUALITY_LABELS } from './labels';
import { PricePanel } from './PricePanel';
import { RelationsPanel } from './RelationsPanel';
import type { CatalogueRights } from './rights';
import { StockPanel } from './StockPanel';
import type { CatalogueProductView } from './types';
import { Field, FormErrors, LoadState, useForm } from './ui';
import { VariantForm } from './VariantForm';

/** A catalogue product (a sellable variant): its fields, price with history, stock per location and relations. */
export function ProductPage({ rights }: { rights: CatalogueRights }) {
  const { code = '' } = useParams();
  const { t } = useT();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [discontinuing, setDiscontinuing] = useState(false);
  const product = useQuery({
    queryKey: keys.product(code),
    queryFn: ({ signal }) => get<CatalogueProductView>(paths.product(code), signal),
  });

  if (product.isError && isApiError(product.error) && product.error.status === 403) return <Forbidden />;
  if (!product.data)
    return (
      <section className="page">
        <nav className="crumbs">
          <Link to="/catalogue">{t('cat.back_to_masters')}</Link>
        </nav>
        <LoadState
          pending={product.isPending}
          error={product.error}
          failedText="cat.product.load_failed"
          retry={() => void product.refetch()}
        />
      </section>
    );
  const p = product.data;
  const discontinued = p.status === 'discontinued';
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: keys.product(p.code) });
    await client.invalidateQueries({ queryKey: keys.master(p.master_product_id) });
  };

  return (
    <section className="page detail ctl-detail" aria-labelledby="product-title" data-testid="product-detail">
      <nav className="crumbs">
        <Link to={`/catalogue/masters/${encodeURIComponent(p.master_product_id)}`} data-testid="product-master-link">
          ← {p.master_name ?? t('cat.product.back_to_master')}
        </Link>
      </nav>
      <header className="detail-head">
        <div>
          <h1 id="product-title">
            {p.long_name}{' '}
            {discontinued && (
              <span className="status-badge status-cancelled" data-testid="product-discontinued">
                {t('cat.variants.discontinued')}
              </span>
            )}
          </h1>
          <p className="muted">
            <span className="mono">{p.code}</span> · {t(KIND_LABELS[p.kind])} · {t(QUALITY_LABELS[p.quality])}
            {p.grade ? ` ${p.grade}` : ''}
            {p.colour ? ` · ${p.colour}` : ''}
            {p.capacity ? ` · ${p.capacity}` : ''}
          </p>
          {discontinued && p.discontinued_reason && <p className="small">{p.discontinued_reason}</p>}
        </div>
        {rights.manage && !discontinued && !discontinuing && (
          <div className="row-buttons">
            <button
              type="button"
              className="btn btn-danger-ghost"
              onClick={() => setDiscontinuing(true)}
              data-testid="product-discontinue"
            >
              {t('cat.variants.discontinue')}
            </button>
          </div>
        )}
      </header>
      {discontinuing && <DiscontinueForm code={p.code} onClose={() => setDiscontinuing(false)} onDone={refresh} />}
      <div className="detail-grid">
        <div className="detail-main">
          <PricePanel code={p.code} canSet={rights.prices && !discontinued} />
          {rights.stockRead && <StockPanel code={p.code} canManage={rights.stockManage} />}
        </div>
        <div className="detail-side">
          <section className="card" aria-labelledby="product-fields-title" data-testid="product-fields">
            <div className="card-head">
              <h2 className="card-title" id="product-fields-title">
                {t('cat.product.fields')}
              </h2>
              {rights.manage && !discontinued && !editing && (
                <button type="button" className="btn btn-small" onClick={() => setEditing(true)} data-testid="product-edit">
                  {t('cat.edit')}
                </button>
              )}
            </div>
            {editing ? (
              <VariantForm
                product={p}
                testId="product-form"
                onClose={() => setEditing(false)}
                onSubmit={async (body) => {
                  try {
                    await send('PATCH', paths.product(p.code), body, ifMatch(p.stream_version));
                  } catch (error) {
                    if (isApiError(error) && error.status === 412) await refresh();
                    throw error;
                  }
                  await refresh();
                }}
              />
            ) : (
              <ProductFacts product={p} />
            )}
          </section>
          <RelationsPanel code={p.code} relations={p.relations} canManage={rights.manage && !discontinued} />
        </div>
      </div>
    </section>
  );
}

/** Ends the variant's sale, with an optional reason; it stays readable but is sold no more. */
function DiscontinueForm({ code, onClose, onDone }: { code: string; onClose(): void; onDone(): Promise<void> }) {
  const { t } = useT();
  const form = useForm({ reason: '' });
  const submit = form.submit(async () => {
    await send('POST', paths.discontinue(code), { reason: form.values.reason.trim() || null });
    await onDone();
    onClose();
  });
  return (
    <form className="card ctl-form" onSubmit={(e) => void submit(e)} data-testid="discontinue-form">
      <p>{t('cat.variants.discontinue_confirm', { code })}</p>
      <Field name="reason" label={t('cat.variants.discontinue_reason')} errors={form.errors}>
        {(aria) => (
          <textarea
            {...aria}
            name="reason"
            rows={2}
            value={form.values.reason}
            onChange={(e) => form.set('reason', e.target.value)}
          />
        )}
      </Field>
      <FormErrors form={form} known={['reason']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="discontinue-submit">
          {t('cat.variants.discontinue')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}

function ProductFacts({ product: p }: { product: CatalogueProductView }) {
  const { t } = useT();
  const yes = (flag: boolean) => t(flag ? 'common.yes' : 'common.no');
  const facts: [string, string][] = [
    [t('cat.field.manufacturer'), p.manufacturer_name ?? '—'],
    [t('cat.field.type_device'), p.type_device_name ?? '—'],
    [t('cat.field.short_name'), p.short_name],
    [t('cat.field.ean'), p.ean ?? '—'],
    [t('cat.field.vat_rate'), `${p.vat_rate} %`],
    [t('cat.field.warranty_months'), String(p.legal_warranty_months)],
    ...(p.kind === 'warranty_extension'
      ? [[t('cat.field.extension_months'), String(p.extension_months ?? '—')] as [string, string]]
      : []),
    [t('cat.field.pre_order'), yes(p.pre_order)],
    [t('cat.field.electronic_licence'), yes(p.electronic_licence)],
    [t('cat.field.external_stock'), yes(p.external_stock)],
    [t('cat.field.updated'), formatDateTime(p.updated_at)],
  ];
  return (
    <dl className="facts ctl-facts">
      {facts.map(([label, value]) => (
        <div className="fact" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
