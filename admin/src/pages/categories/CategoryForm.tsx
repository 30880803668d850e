import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { useT } from '../../app/lang';
import { errorText } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { ImageUpload } from '../catalogue/images/ImageUpload';
import { addCategory, loadChoices, updateCategory, type Choice } from './api';
import { fieldOf, parentChoices, pathLabel, type CategoryRow, type TreeIndex } from './tree';
import type { AddCategoryRequest, UpdateCategoryRequest } from '@buyloop/contracts/catalogue/categories';

/** What the form edits: a new category (under `parent`) or an existing one. */
export type FormTarget =
  { readonly mode: 'new'; readonly parent: string | null } | { readonly mode: 'edit'; readonly id: string };

interface Draft {
  name: string;
  seo_name: string;
  parent: string;
  type_device: string;
  manufacturers: string[];
  photo_id: string;
  for_display: boolean;
  for_buyout: boolean;
  for_service: boolean;
  filterable: boolean;
}

const FLAGS = ['for_display', 'for_buyout', 'for_service', 'filterable'] as const;
const FLAG_LABELS: Readonly<Record<(typeof FLAGS)[number], MessageKey>> = {
  for_display: 'categories.field_for_display',
  for_buyout: 'categories.field_for_buyout',
  for_service: 'categories.field_for_service',
  filterable: 'categories.field_filterable',
};
/** The form's own fields; a refusal under any other key is shown above the buttons. */
const FIELDS = new Set(['name', 'seo_name', 'parent', 'type_device', 'manufacturers', 'photo_id', ...FLAGS]);

function draftOf(target: FormTarget, row: CategoryRow | undefined): Draft {
  if (target.mode === 'edit' && row)
    return {
      name: row.name,
      seo_name: row.seo_name,
      parent: row.parent ?? '',
      type_device: row.type_device ?? '',
      manufacturers: [...row.manufacturers],
      photo_id: row.photo_id ?? '',
      for_display: row.for_display,
      for_buyout: row.for_buyout,
      for_service: row.for_service,
      filterable: row.filterable,
    };
  return {
    name: '',
    seo_name: '',
    parent: target.mode === 'new' ? (target.parent ?? '') : '',
    type_device: '',
    manufacturers: [],
    photo_id: '',
    // Spec 3's defaults: shown in the shop, not a filter.
    for_display: true,
    for_buyout: false,
    for_service: false,
    filterable: false,
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The new category's request: every field of the form. */
function addBody(draft: Draft): AddCategoryRequest {
  return {
    parent: orNull(draft.parent),
    name: draft.name,
    seo_name: orNull(draft.seo_name),
    type_device: orNull(draft.type_device),
    manufacturers: draft.manufacturers,
    photo_id: orNull(draft.photo_id),
    for_display: draft.for_display,
    for_buyout: draft.for_buyout,
    for_service: draft.for_service,
    filterable: draft.filterable,
  };
}

/**
 * Only what the person changed: the tree may have moved on meanwhile (a drag
 * in another tab), and an unchanged parent sent back would undo that move.
 */
function updateBody(draft: Draft, initial: Draft): UpdateCategoryRequest {
  const body: Record<string, unknown> = {};
  if (draft.name !== initial.name) body.name = draft.name;
  if (draft.seo_name !== initial.seo_name) body.seo_name = orNull(draft.seo_name);
  if (draft.parent !== initial.parent) body.parent = orNull(draft.parent);
  if (draft.type_device !== initial.type_device) body.type_device = orNull(draft.type_device);
  if (draft.photo_id !== initial.photo_id) body.photo_id = orNull(draft.photo_id);
  if (draft.manufacturers.join('\n') !== initial.manufacturers.join('\n')) body.manufacturers = draft.manufacturers;
  for (const flag of FLAGS) if (draft[flag] !== initial[flag]) body[flag] = draft[flag];
  return body as UpdateCategoryRequest;
}

export interface FormOutcome {
  readonly id: string;
  readonly parent: string | null;
}

export function CategoryForm({
  target,
  rows,
  index,
  onSaved,
  onCancel,
  onDelete,
}: {
  target: FormTarget;
  rows: readonly CategoryRow[];
  index: TreeIndex;
  onSaved: (outcome: FormOutcome) => Promise<void>;
  onCancel: () => void;
  onDelete: (id: string) => void;
}) {
  const { t, lang } = useT();
  const formId = useId();
  const editing = target.mode === 'edit' ? rows.find((row) => row.id === target.id) : undefined;
  const initial = useMemo(() => draftOf(target, editing), [target, editing?.id]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [makerFilter, setMakerFilter] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const manufacturers = useQuery({
    queryKey: ['catalogue', 'manufacturers'],
    queryFn: ({ signal }) => loadChoices('manufacturers', signal),
    staleTime: 60_000,
  });
  const typeDevices = useQuery({
    queryKey: ['catalogue', 'type-devices'],
    queryFn: ({ signal }) => loadChoices('type-devices', signal),
    staleTime: 60_000,
  });

  // A form opened from a row far down the tree (or below it on a phone) is brought into view, ready to type.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    nameRef.current?.focus();
  }, [target]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      if (target.mode === 'new') {
        const added = await addCategory(addBody(draft));
        await onSaved({ id: added.category.id, parent: added.category.parent });
      } else {
        const updated = await updateCategory(target.id, updateBody(draft, initial));
        await onSaved({ id: updated.category.id, parent: updated.category.parent });
      }
    } catch (caught) {
      // Spec 8: the save failure's message, and (spec 5) each server message under its field.
      setFailure(t('categories.save_failed'));
      if (isApiError(caught) && caught.problem.errors) {
        const byField: Record<string, string[]> = {};
        for (const [key, codes] of Object.entries(caught.problem.errors)) {
          const messages = caught.problem.messages?.[key] ?? codes.map((code) => errorText(code, lang));
          (byField[FIELDS.has(fieldOf(key)) ? fieldOf(key) : '_'] ??= []).push(...messages);
        }
        setErrors(byField);
      } else if (isApiError(caught)) {
        const text = errorText(caught.problem.code, lang);
        setErrors({ _: [text !== caught.problem.code ? text : (caught.problem.title ?? t('app.error'))] });
      }
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: string) =>
    errors[field] ? (
      <span className="field-error" id={`${formId}-${field}-error`}>
        {errors[field].join(' ')}
      </span>
    ) : null;
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${formId}-${field}-error` } : {};

  const parents = parentChoices(rows, index, target.mode === 'edit' ? target.id : null);
  const shownMakers = (manufacturers.data ?? []).filter((choice: Choice) =>
    choice.name.toLowerCase().includes(makerFilter.trim().toLowerCase()),
  );
  const title = target.mode === 'edit' ? t('categories.form_edit', { name: editing?.name ?? '' }) : t('categories.form_new');

  return (
    <form
      ref={formRef}
      className="card category-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${formId}-title`}
      data-testid="category-form"
      noValidate
    >
      <div className="card-head">
        <h2 className="category-form-title" id={`${formId}-title`}>
          {title}
        </h2>
        <button type="button" className="btn btn-small btn-ghost" onClick={onCancel} aria-label={t('categories.close')}>
          ✕
        </button>
      </div>

      {failure && (
        <div className="banner banner-error" role="alert" data-testid="category-form-error">
          <p>{failure}</p>
          {errors._ && <p>{errors._.join(' ')}</p>}
        </div>
      )}

      <label className="field">
        <span>{t('categories.field_name')}</span>
        <input
          ref={nameRef}
          name="name"
          value={draft.name}
          maxLength={100}
          required
          onChange={(e) => set('name', e.target.value)}
          {...invalid('name')}
        />
        {errorOf('name')}
      </label>

      <label className="field">
        <span>{t('categories.field_seo_name')}</span>
        <input
          name="seo_name"
          value={draft.seo_name}
          maxLength={100}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => set('seo_name', e.target.value)}
          aria-describedby={`${formId}-seo-hint${errors.seo_name ? ` ${formId}-seo_name-error` : ''}`}
          {...(errors.seo_name ? { 'aria-invalid': true } : {})}
        />
        <span className="muted small" id={`${formId}-seo-hint`}>
          {t('categories.field_seo_hint')}
        </span>
        {errorOf('seo_name')}
      </label>

      <label className="field">
        <span>{t('categories.field_parent')}</span>
        <select name="parent" value={draft.parent} onChange={(e) => set('parent', e.target.value)} {...invalid('parent')}>
          <option value="">{t('categories.top_level')}</option>
          {parents.map((row) => (
            <option key={row.id} value={row.id}>
              {pathLabel(row)}
            </option>
          ))}
        </select>
        {errorOf('parent')}
      </label>

      <label className="field">
        <span>{t('categories.field_type_device')}</span>
        <select
          name="type_device"
          value={draft.type_device}
          onChange={(e) => set('type_device', e.target.value)}
          {...invalid('type_device')}
        >
          <option value="">{t('categories.none')}</option>
          {(typeDevices.data ?? []).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
          {/* A type device the list no longer offers still shows what the category holds. */}
          {draft.type_device && !typeDevices.data?.some((choice) => choice.id === draft.type_device) && (
            <option value={draft.type_device}>{draft.type_device}</option>
          )}
        </select>
        {errorOf('type_device')}
      </label>

      <fieldset className="field category-makers" {...(errors.manufacturers ? { 'aria-invalid': true } : {})}>
        <legend>
          {t('categories.field_manufacturers')}{' '}
          <span className="muted small">{t('categories.manufacturers_chosen', { n: draft.manufacturers.length })}</span>
        </legend>
        <input
          type="search"
          placeholder={t('categories.manufacturers_filter')}
          aria-label={t('categories.manufacturers_filter')}
          value={makerFilter}
          onChange={(e) => setMakerFilter(e.target.value)}
        />
        <div className="category-makers-list" data-testid="category-manufacturers">
          {manufacturers.isPending && <span className="muted small">{t('app.loading')}</span>}
          {manufacturers.isError && <span className="field-error">{t('app.error')}</span>}
          {manufacturers.data && shownMakers.length === 0 && (
            <span className="muted small">{t('categories.manufacturers_none')}</span>
          )}
          {shownMakers.map((choice) => (
            <label key={choice.id} className="inline-field">
              <input
                type="checkbox"
                name="manufacturers"
                value={choice.id}
                checked={draft.manufacturers.includes(choice.id)}
                onChange={(e) =>
                  set(
                    'manufacturers',
                    e.target.checked ? [...draft.manufacturers, choice.id] : draft.manufacturers.filter((id) => id !== choice.id),
                  )
                }
              />
              {choice.name}
            </label>
          ))}
        </div>
        {errorOf('manufacturers')}
      </fieldset>

      <div className="field category-photo">
        <label htmlFor={`${formId}-photo`}>{t('categories.field_photo')}</label>
        <div className="category-photo-row">
          {draft.photo_id.trim() && (
            <img
              className="category-photo-thumb"
              src={`/media/catalogue/${encodeURIComponent(draft.photo_id.trim())}/thumb.webp`}
              alt=""
              width={56}
              height={56}
            />
          )}
          <input
            id={`${formId}-photo`}
            name="photo_id"
            value={draft.photo_id}
            maxLength={100}
            spellCheck={false}
            onChange={(e) => set('photo_id', e.target.value)}
            aria-describedby={`${formId}-photo-hint${errors.photo_id ? ` ${formId}-photo_id-error` : ''}`}
            {...(errors.photo_id ? { 'aria-invalid': true } : {})}
          />
          {draft.photo_id && (
            <button type="button" className="btn btn-small btn-ghost" onClick={() => set('photo_id', '')}>
              {t('categories.photo_remove')}
            </button>
          )}
        </div>
        <span className="muted small" id={`${formId}-photo-hint`}>
          {t('categories.field_photo_hint')}
        </span>
        {errorOf('photo_id')}
        <ImageUpload multiple={false} disabled={busy} onUploaded={(image) => set('photo_id', image.id)} />
      </div>

      <fieldset className="field category-flags">
        <legend>{t('categories.flags')}</legend>
        {FLAGS.map((flag) => (
          <label key={flag} className="inline-field">
            <input type="checkbox" name={flag} checked={draft[flag]} onChange={(e) => set(flag, e.target.checked)} />
            {t(FLAG_LABELS[flag])}
            {errorOf(flag)}
          </label>
        ))}
      </fieldset>

      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="category-save">
          {busy ? t('categories.saving') : t('categories.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t('categories.cancel')}
        </button>
        {target.mode === 'edit' && (
          <button
            type="button"
            className="btn btn-danger-ghost category-delete"
            onClick={() => onDelete(target.id)}
            disabled={busy}
            data-testid="category-delete"
          >
            {t('categories.delete')}
          </button>
        )}
      </div>
    </form>
  );
}
