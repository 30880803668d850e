import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { keys, paths, send } from './api';
import { parseCodes } from './forms';
import type { Relations } from './types';
import { FormErrors, useForm } from './ui';

export const RELATION_KINDS = ['accessories', 'gifts', 'special_offers', 'insurance', 'warranty_extensions'] as const;
type RelationKind = (typeof RELATION_KINDS)[number];

const LABELS: Readonly<Record<RelationKind, MessageKey>> = {
  accessories: 'cat.relations.accessories',
  gifts: 'cat.relations.gifts',
  special_offers: 'cat.relations.special_offers',
  insurance: 'cat.relations.insurance',
  warranty_extensions: 'cat.relations.warranty_extensions',
};

export const EMPTY_RELATIONS: Relations = {
  accessories: [],
  gifts: [],
  special_offers: [],
  insurance: [],
  warranty_extensions: [],
};

/** What the cart offers with this variant: accessories, gifts, special offers, insurance and warranty extensions (other products' codes). */
export function RelationsPanel({ code, relations, canManage }: { code: string; relations: Relations; canManage: boolean }) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  return (
    <section className="card" aria-labelledby="relations-title" data-testid="relations-panel">
      <div className="card-head">
        <h2 className="card-title" id="relations-title">
          {t('cat.relations.title')}
        </h2>
        {canManage && !editing && (
          <button type="button" className="btn btn-small" onClick={() => setEditing(true)} data-testid="relations-edit">
            {t('cat.edit')}
          </button>
        )}
      </div>
      {editing ? (
        <RelationsForm code={code} relations={relations} onClose={() => setEditing(false)} />
      ) : (
        <dl className="facts ctl-facts">
          {RELATION_KINDS.map((kind) => (
            <div className="fact" key={kind}>
              <dt>{t(LABELS[kind])}</dt>
              <dd data-testid={`relations-${kind}`}>
                {relations[kind].length === 0 ? (
                  <span className="muted">—</span>
                ) : (
                  relations[kind].map((other, index) => (
                    <span key={other}>
                      {index > 0 && ', '}
                      <Link to={`/catalogue/products/${encodeURIComponent(other)}`} className="mono">
                        {other}
                      </Link>
                    </span>
                  ))
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function RelationsForm({ code, relations, onClose }: { code: string; relations: Relations; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm(
    Object.fromEntries(RELATION_KINDS.map((kind) => [kind, relations[kind].join(', ')])) as Record<RelationKind, string>,
  );
  const submit = form.submit(async () => {
    await send(
      'PUT',
      paths.relations(code),
      Object.fromEntries(RELATION_KINDS.map((kind) => [kind, parseCodes(form.values[kind])])),
    );
    await client.invalidateQueries({ queryKey: keys.product(code) });
    onClose();
  });
  // A refusal names a code by its place (`accessories.2`): it is shown under its list.
  const errorsOf = (kind: RelationKind) =>
    Object.entries(form.errors)
      .filter(([key]) => key === kind || key.startsWith(`${kind}.`))
      .flatMap(([key, texts]) => {
        const index = /\.(\d+)$/.exec(key)?.[1];
        const named = index !== undefined ? parseCodes(form.values[kind])[Number(index)] : undefined;
        return texts.map((text) => (named ? `${named}: ${text}` : text));
      });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form" data-testid="relations-form">
      <p className="muted small">{t('cat.relations.hint')}</p>
      {RELATION_KINDS.map((kind) => {
        const errors = errorsOf(kind);
        return (
          <div className="field" key={kind}>
            <label htmlFor={`relations-${kind}`}>{t(LABELS[kind])}</label>
            <textarea
              id={`relations-${kind}`}
              name={kind}
              rows={2}
              value={form.values[kind]}
              onChange={(e) => form.set(kind, e.target.value)}
              {...(errors.length > 0 ? { 'aria-invalid': true, 'aria-describedby': `relations-${kind}-error` } : {})}
            />
            {errors.length > 0 && (
              <span className="field-error" id={`relations-${kind}-error`} data-testid={`error-${kind}`}>
                {errors.join(' ')}
              </span>
            )}
          </div>
        );
      })}
      <FormErrors form={form} known={[...RELATION_KINDS]} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="relations-save">
          {t('cat.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}
