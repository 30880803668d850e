import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { can } from '../../api/permissions';
import { useT } from '../../app/lang';
import type { Me } from '../../app/session';
import { errorText } from '../../i18n';
import { Forbidden } from '../Forbidden';
import { deleteCategory, loadTree, moveCategory, TREE_KEY } from './api';
import { CategoryForm, type FormOutcome, type FormTarget } from './CategoryForm';
import { CategoryTree } from './CategoryTree';
import {
  downMove,
  expandedFor,
  indentMove,
  indexTree,
  outdentMove,
  subtreeOf,
  upMove,
  type CategoryRow,
  type Move,
} from './tree';
import './categories.css';

const AssignmentPanel = lazy(() => import('./AssignmentPanel').then((m) => ({ default: m.AssignmentPanel })));

type Tab = 'tree' | 'assign';
type Notice = { readonly kind: 'success' | 'error'; readonly text: string; readonly detail?: string };

const tabOfHash = (): Tab => (typeof window !== 'undefined' && window.location.hash === '#assign' ? 'assign' : 'tree');

/** The category tree editor and the product-to-category assignment grid (spec 2). */
export function CategoriesPage({ user }: { user: Me }) {
  const { t, lang } = useT();
  const client = useQueryClient();
  const canManage = can(user.roles, 'catalogue.manage');
  const [tab, setTab] = useState<Tab>(tabOfHash);
  const [selected, setSelected] = useState<string | null>(null);
  const [form, setForm] = useState<{ target: FormTarget; key: number } | null>(null);
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const tree = useQuery({ queryKey: TREE_KEY, queryFn: ({ signal }) => loadTree(signal) });
  const index = useMemo(() => indexTree(tree.data?.categories ?? []), [tree.data]);
  const rows = useMemo<CategoryRow[]>(() => [...index.byId.values()].map(({ subcategories: _children, ...row }) => row), [index]);
  const open = expanded ?? expandedFor(index, 2);
  const current = selected ? index.byId.get(selected) : undefined;

  useEffect(() => {
    const onHash = () => setTab(tabOfHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (deleting && !dialog.open) dialog.showModal();
    if (!deleting && dialog.open) dialog.close();
  }, [deleting]);

  if (tree.isError && isApiError(tree.error) && tree.error.status === 403) return <Forbidden />;

  const chooseTab = (next: Tab) => {
    setTab(next);
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${next}`);
  };

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['catalogue'] });
  };

  const reveal = (id: string | null) => {
    if (id === null) return;
    setExpanded((current) => {
      const next = new Set(current ?? open);
      next.add(id);
      return next;
    });
  };

  const failed = (caught: unknown): Notice => {
    if (!isApiError(caught)) return { kind: 'error', text: t('categories.save_failed') };
    const fields = Object.values(caught.problem.messages ?? {}).flat();
    const own = errorText(caught.problem.code, lang);
    const detail = fields.length > 0 ? fields.join(' ') : own !== caught.problem.code ? own : caught.problem.title;
    return { kind: 'error', text: t('categories.save_failed'), ...(detail ? { detail } : {}) };
  };

  const move = async (id: string, where: Move | null) => {
    if (!where) return;
    setBusy(true);
    setNotice(null);
    try {
      await moveCategory(id, where);
      reveal(where.target);
      await refresh();
      setNotice({ kind: 'success', text: t('categories.saved') });
    } catch (caught) {
      setNotice(failed(caught));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const saved = async (outcome: FormOutcome) => {
    setForm(null);
    setSelected(outcome.id);
    reveal(outcome.parent);
    await refresh();
    setNotice({ kind: 'success', text: t('categories.saved') });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setNotice(null);
    try {
      await deleteCategory(deleting);
      // Spec 4: the form closes after a deletion.
      setForm(null);
      setSelected(null);
      setDeleting(null);
      await refresh();
      setNotice({ kind: 'success', text: t('categories.deleted') });
    } catch (caught) {
      setDeleting(null);
      setNotice(failed(caught));
    } finally {
      setBusy(false);
    }
  };

  const openForm = (target: FormTarget) => {
    setNotice(null);
    setForm((current) => ({ target, key: (current?.key ?? 0) + 1 }));
  };

  const select = (id: string) => {
    setSelected(id);
    if (canManage) openForm({ mode: 'edit', id });
  };

  const deletingRow = deleting ? index.byId.get(deleting) : undefined;
  const below = deleting ? subtreeOf(index, deleting).length - 1 : 0;
  const moveButtons: readonly [string, string, Move | null][] = current
    ? [
        ['up', t('categories.move_up'), upMove(index, current.id)],
        ['down', t('categories.move_down'), downMove(index, current.id)],
        ['outdent', t('categories.outdent'), outdentMove(index, current.id)],
        ['indent', t('categories.indent'), indentMove(index, current.id)],
      ]
    : [];
  const glyphs: Readonly<Record<string, string>> = { up: '↑', down: '↓', outdent: '←', indent: '→' };

  return (
    <section className="page categories-page" aria-labelledby="categories-title">
      <div className="page-head">
        <h1 id="categories-title">{t('menu.categories')}</h1>
        {tree.data && (
          <span className="muted" aria-live="polite">
            {t('categories.count', { n: rows.length })}
          </span>
        )}
      </div>

      <div className="cat-tabs" role="tablist" aria-label={t('categories.tabs')}>
        {(['tree', 'assign'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`categories-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`categories-panel-${key}`}
            className={`cat-tab${tab === key ? ' on' : ''}`}
            onClick={() => chooseTab(key)}
            data-testid={`categories-tab-${key}`}
          >
            {t(key === 'tree' ? 'categories.tab_tree' : 'categories.tab_assign')}
          </button>
        ))}
      </div>

      {notice && (
        <div
          className={`banner ${notice.kind === 'success' ? 'banner-success' : 'banner-error'}`}
          role={notice.kind === 'success' ? 'status' : 'alert'}
          data-testid="categories-notice"
          data-kind={notice.kind}
        >
          <p>{notice.text}</p>
          {notice.detail && <p>{notice.detail}</p>}
        </div>
      )}

      {tab === 'tree' && (
        <div id="categories-panel-tree" role="tabpanel" aria-labelledby="categories-tab-tree" className="cat-editor">
          <div className="card cat-tree-card">
            <div className="toolbar cat-toolbar">
              <label className="search">
                <span className="visually-hidden">{t('categories.filter')}</span>
                <input
                  type="search"
                  placeholder={t('categories.filter')}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  data-testid="category-filter"
                />
              </label>
              <div className="row-buttons">
                <button type="button" className="btn btn-small btn-ghost" onClick={() => setExpanded(expandedFor(index, 99))}>
                  {t('categories.expand_all')}
                </button>
                <button type="button" className="btn btn-small btn-ghost" onClick={() => setExpanded(new Set())}>
                  {t('categories.collapse_all')}
                </button>
                {canManage && (
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    onClick={() => openForm({ mode: 'new', parent: null })}
                    data-testid="category-add-root"
                  >
                    + {t('categories.add_root')}
                  </button>
                )}
              </div>
            </div>

            {canManage && current && (
              <div className="cat-selection" role="group" aria-label={t('categories.moves')} data-testid="category-actions">
                <span className="cat-selection-name">{t('categories.selected', { name: current.name })}</span>
                <div className="row-buttons">
                  {moveButtons.map(([key, label, where]) => (
                    <button
                      key={key}
                      type="button"
                      className="btn btn-small"
                      aria-label={label}
                      title={label}
                      disabled={busy || where === null}
                      onClick={() => void move(current.id, where)}
                      data-testid={`category-move-${key}`}
                    >
                      <span aria-hidden="true">{glyphs[key]}</span>
                      <span className="cat-button-text">{label}</span>
                    </button>
                  ))}
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => openForm({ mode: 'new', parent: current.id })}
                    data-testid="category-add-child"
                  >
                    + {t('categories.add_child')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger-ghost"
                    onClick={() => setDeleting(current.id)}
                    data-testid="category-delete-selected"
                  >
                    {t('categories.delete')}
                  </button>
                </div>
              </div>
            )}

            {tree.isPending && (
              <p className="muted" role="status">
                {t('app.loading')}
              </p>
            )}
            {tree.isError && (
              <div className="banner banner-error" role="alert" data-testid="categories-load-error">
                <p>{t('categories.load_failed')}</p>
                <button type="button" className="btn btn-small" onClick={() => void tree.refetch()}>
                  {t('app.retry')}
                </button>
              </div>
            )}
            {tree.data && rows.length === 0 && (
              <div className="cat-empty" data-testid="categories-empty">
                <p className="muted">{t('categories.empty')}</p>
                {canManage && (
                  <button type="button" className="btn btn-primary" onClick={() => openForm({ mode: 'new', parent: null })}>
                    + {t('categories.add_root')}
                  </button>
                )}
              </div>
            )}
            {tree.data && rows.length > 0 && (
              <>
                {canManage && <p className="muted small cat-hint">{t('categories.select_hint')}</p>}
                <CategoryTree
                  nodes={tree.data.categories}
                  index={index}
                  expanded={open}
                  selected={selected}
                  filter={filter}
                  busy={busy || !canManage}
                  onToggle={(id) =>
                    setExpanded(() => {
                      const next = new Set(open);
                      if (next.has(id)) next.delete(id);
                      else next.add(id);
                      return next;
                    })
                  }
                  onSelect={select}
                  onMove={(id, where) => void move(id, where)}
                />
              </>
            )}
          </div>

          {form && canManage && (
            <CategoryForm
              key={form.key}
              target={form.target}
              rows={rows}
              index={index}
              onSaved={saved}
              onCancel={() => setForm(null)}
              onDelete={(id) => setDeleting(id)}
            />
          )}
        </div>
      )}

      {tab === 'assign' && (
        <div id="categories-panel-assign" role="tabpanel" aria-labelledby="categories-tab-assign">
          <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
            <AssignmentPanel
              rows={rows}
              treeState={tree.isPending ? 'loading' : tree.isError ? 'error' : 'ready'}
              canManage={canManage}
              onRetry={() => void tree.refetch()}
              onChanged={refresh}
            />
          </Suspense>
        </div>
      )}

      <dialog
        ref={dialogRef}
        className="cat-dialog"
        aria-labelledby="category-delete-title"
        onClose={() => setDeleting(null)}
        data-testid="category-delete-dialog"
      >
        <h2 id="category-delete-title">{t('categories.confirm_title')}</h2>
        <p>{t('categories.confirm_text', { name: deletingRow?.name ?? '' })}</p>
        {below > 0 && <p className="cat-dialog-warning">{t('categories.confirm_subtree', { n: below })}</p>}
        <div className="form-buttons">
          <button
            type="button"
            className="btn btn-danger-ghost"
            disabled={busy}
            onClick={() => void confirmDelete()}
            data-testid="category-delete-confirm"
          >
            {t('categories.confirm_delete')}
          </button>
          <button type="button" className="btn" onClick={() => setDeleting(null)} autoFocus>
            {t('categories.cancel')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
