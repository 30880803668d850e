import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, request } from '../../api/client';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { Forbidden } from '../Forbidden';
import { CategoriesField } from './CategoriesField';
import { Field, FormErrors, SelectField, TextField, useForm } from '../catalogue/ui';
import {
  bodyOf,
  codesCsv,
  DISCOUNT_TYPES,
  EMPTY_DISCOUNT,
  highPercentage,
  PRODUCT_KINDS,
  valuesOf,
  type DiscountValues,
  type DiscountView,
} from './form';

const FLAGS = [
  'is_active',
  'is_public',
  'is_combinable',
  'is_automatic_assignment',
  'is_isic',
  'is_discount_per_piece',
  'is_cumulative_bonus',
] as const;

/** A download of text made in the browser (the generated codes). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A definition with every field of spec 3 (new at /discounts/new), its archive and spec 9's generated codes. */
export function DiscountDetailPage({ manage }: { manage: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const [view, setView] = useState<DiscountView | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [failure, setFailure] = useState<'forbidden' | 'not_found' | 'error' | null>(null);
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  const form = useForm<DiscountValues>(EMPTY_DISCOUNT, 'disc.save_failed');
  const creating = id === undefined;

  const load = async (discountId: string) => {
    try {
      const answer = await request<DiscountView>(`/api/admin/discounts/${encodeURIComponent(discountId)}`);
      setView(answer.data);
      setEtag(answer.etag);
      setWarnings(answer.data.warnings);
      form.reset(valuesOf(answer.data));
      setFailure(null);
    } catch (error) {
      setFailure(
        isApiError(error) ? (error.status === 403 ? 'forbidden' : error.status === 404 ? 'not_found' : 'error') : 'error',
      );
    }
  };

  useEffect(() => {
    if (id) void load(id);
    else form.reset(EMPTY_DISCOUNT);
    // Loaded again when another definition is opened.
  }, [id]);

  const save = form.submit(async () => {
    const body = bodyOf(form.values);
    if (creating) {
      const answer = await request<{ id: string; warnings: string[] }>('/api/admin/discounts', { method: 'POST', body });
      setWarnings(answer.data.warnings);
      void navigate(`/discounts/${encodeURIComponent(answer.data.id)}`, { replace: true });
    } else {
      try {
        await request(`/api/admin/discounts/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body,
          ...(etag ? { headers: { 'if-match': etag } } : {}),
        });
      } finally {
        // A refusal of a stale version shows the newer one; a saved change shows what the server keeps.
        await load(id);
      }
    }
  });

  const archive = async () => {
    if (!id || !window.confirm(t('disc.archive_confirm'))) return;
    await form.submit(async () => {
      await request(`/api/admin/discounts/${encodeURIComponent(id)}/archive`, {
        method: 'POST',
        ...(etag ? { headers: { 'if-match': etag } } : {}),
      });
      await load(id);
    })();
  };

  if (failure === 'forbidden') return <Forbidden />;
  if (failure)
    return (
      <p className="banner banner-error" role="alert">
        {t('disc.load_failed')} <Link to="/discounts">{t('disc.back')}</Link>
      </p>
    );
  if (!creating && !view) return <p className="page-loading">{t('app.loading')}</p>;

  const editable = manage && !(view?.archived ?? false);
  const check = (name: keyof DiscountValues & string, label: MessageKey) => (
    <label className="ctl-check" key={name}>
      <input
        type="checkbox"
        name={name}
        checked={Boolean(form.values[name])}
        disabled={!editable}
        onChange={(e) => form.set(name, e.target.checked as never)}
      />{' '}
      {t(label)}
    </label>
  );
  const showWarning = highPercentage(form.values) || warnings.includes('discount.high_percentage');

  return (
    <section aria-labelledby="discount-title" className="ctl-detail">
      <p>
        <Link to="/discounts">{t('disc.back')}</Link>
      </p>
      <h1 id="discount-title">
        {creating ? t('disc.new') : `${t('disc.detail')}: ${view?.title ?? ''}`}
        {view?.archived ? ` (${t('disc.archived')})` : ''}
      </h1>
      <form onSubmit={(event: FormEvent) => void save(event)} noValidate data-testid="discount-form">
        <fieldset disabled={!editable || form.busy}>
          <legend>{t('disc.section.basic')}</legend>
          <TextField form={form} name="title" label={t('disc.field.title')} required maxLength={200} />
          <TextField form={form} name="marketing_name" label={t('disc.field.marketing_name')} maxLength={200} />
          <div className="ctl-checks">{FLAGS.map((flag) => check(flag, `disc.field.${flag}`))}</div>
        </fieldset>
        <fieldset disabled={!editable || form.busy}>
          <legend>{t('disc.section.value')}</legend>
          <SelectField
            form={form}
            name="discount_type"
            label={t('disc.field.discount_type')}
            choices={DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`disc.type.${type}`) }))}
          />
          <TextField
            form={form}
            name="discount_value"
            label={t('disc.field.discount_value')}
            inputMode="numeric"
            required
            hint={t('disc.value_hint')}
          />
          {showWarning && (
            <p className="banner banner-warning" role="status" data-testid="discount-warning">
              {t('disc.high_warning')}
            </p>
          )}
          <TextField form={form} name="valid_from" label={t('disc.field.valid_from')} type="datetime-local" />
          <TextField form={form} name="valid_to" label={t('disc.field.valid_to')} type="datetime-local" />
        </fieldset>
        <fieldset disabled={!editable || form.busy}>
          <legend>{t('disc.section.conditions')}</legend>
          <TextField form={form} name="minimal_order_total" label={t('disc.field.minimal_order_total')} inputMode="numeric" />
          <TextField form={form} name="minimal_pieces" label={t('disc.field.minimal_pieces')} inputMode="numeric" />
          <TextField form={form} name="product_codes" label={t('disc.field.product_codes')} hint={t('disc.codes_hint')} />
          <Field name="product_kinds" label={t('disc.field.product_kinds')} errors={form.errors}>
            {() => <div className="ctl-checks">{PRODUCT_KINDS.map((kind) => check(`kind_${kind}`, `disc.kind.${kind}`))}</div>}
          </Field>
          <CategoriesField form={form} disabled={!editable} />
          <TextField form={form} name="discount_detail_url" label={t('disc.field.discount_detail_url')} maxLength={500} />
          <Field name="internal_note" label={t('disc.field.internal_note')} errors={form.errors}>
            {(aria) => (
              <textarea
                {...aria}
                name="internal_note"
                rows={3}
                maxLength={2000}
                value={form.values.internal_note}
                onChange={(e) => form.set('internal_note', e.target.value)}
              />
            )}
          </Field>
        </fieldset>
        <fieldset disabled={!editable || form.busy}>
          <legend>{t('disc.section.codes')}</legend>
          <TextField form={form} name="codes" label={t('disc.field.codes')} hint={t('disc.codes_hint')} />
        </fieldset>
        <FormErrors form={form} known={Object.keys(EMPTY_DISCOUNT).concat(['product_kinds'])} />
        {editable && (
          <div className="ctl-actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="discount-save">
              {t('disc.save')}
            </button>
            {!creating && (
              <button type="button" className="btn" onClick={() => void archive()} disabled={form.busy}>
                {t('disc.archive')}
              </button>
            )}
          </div>
        )}
      </form>
      {!creating && view && editable && <GenerateCodes id={view.id} title={view.title} onDone={() => void load(view.id)} />}
      {!creating && view && (
        <p className="muted">
          {t('disc.field.generated_codes')}: {view.generated_codes}
        </p>
      )}
    </section>
  );
}

/** Spec 9's single-use codes: how many, then the list to copy or download as CSV. */
function GenerateCodes({ id, title, onDone }: { id: string; title: string; onDone: () => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<readonly string[]>([]);
  const form = useForm<{ count: string }>({ count: '10' }, 'disc.generate_failed');
  const generate = form.submit(async () => {
    const count = /^\d+$/.test(form.values.count.trim()) ? Number(form.values.count.trim()) : form.values.count;
    const answer = await request<{ codes: string[] }>(`/api/admin/discounts/${encodeURIComponent(id)}/codes`, {
      method: 'POST',
      body: { count },
    });
    setCodes(answer.data.codes);
    onDone();
  }, null);
  return (
    <div className="ctl-generate">
      <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="discount-generate">
        {t('disc.generate')}
      </button>
      {open && (
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="generate-title"
          className="ctl-dialog"
          data-testid="generate-dialog"
        >
          <h2 id="generate-title">{t('disc.generate')}</h2>
          <form onSubmit={(event) => void generate(event)} noValidate>
            <TextField form={form} name="count" label={t('disc.generate_count')} inputMode="numeric" autoFocus />
            <FormErrors form={form} known={['count']} />
            <div className="ctl-actions">
              <button type="submit" className="btn btn-primary" disabled={form.busy}>
                {t('disc.generate')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                {t('action.close')}
              </button>
            </div>
          </form>
          {codes.length > 0 && (
            <>
              <h3>{t('disc.generated').replace('{n}', String(codes.length))}</h3>
              <textarea
                readOnly
                rows={Math.min(12, codes.length)}
                value={codes.join('\n')}
                className="mono"
                data-testid="generated-codes"
              />
              <button
                type="button"
                className="btn"
                onClick={() => download(`slevove-kody-${id.slice(0, 8)}.csv`, codesCsv(title, codes))}
              >
                {t('disc.download_csv')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
