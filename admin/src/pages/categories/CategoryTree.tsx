import { useState, type DragEvent } from 'react';
import { useT } from '../../app/lang';
import { dropMove, type CategoryTreeNode, type DropZone, type Move, type TreeIndex } from './tree';

interface DropHint {
  readonly id: string;
  readonly zone: DropZone;
}

/** Which part of the row the pointer is over: the top and bottom quarters place beside it, the middle inside. */
function zoneOf(event: DragEvent<HTMLElement>): DropZone {
  const rect = event.currentTarget.getBoundingClientRect();
  const offset = (event.clientY - rect.top) / Math.max(rect.height, 1);
  return offset < 0.25 ? 'before' : offset > 0.75 ? 'after' : 'inside';
}

/**
 * The category tree: nested lists, each category a row that can be
 * selected (and so edited), expanded, and dragged onto another row (its
 * top quarter: before it, bottom quarter: after it, middle: inside it, as
 * the last child). Moves that would put a category under itself are never
 * offered as drop targets.
 */
export function CategoryTree({
  nodes,
  index,
  expanded,
  selected,
  filter,
  busy,
  onToggle,
  onSelect,
  onMove,
}: {
  nodes: readonly CategoryTreeNode[];
  index: TreeIndex;
  expanded: ReadonlySet<string>;
  selected: string | null;
  filter: string;
  busy: boolean;
  onToggle: (id: string) => void;
  onSelect: (id: string) => void;
  onMove: (id: string, move: Move) => void;
}) {
  const { t } = useT();
  const [dragging, setDragging] = useState<string | null>(null);
  const [hint, setHint] = useState<DropHint | null>(null);
  const needle = filter.trim().toLocaleLowerCase();

  /** With a filter, the matching categories and the way to them; everything otherwise. */
  const visible = (node: CategoryTreeNode): boolean =>
    needle === '' || node.name.toLocaleLowerCase().includes(needle) || node.subcategories.some(visible);

  const endDrag = () => {
    setDragging(null);
    setHint(null);
  };

  const renderNode = (node: CategoryTreeNode) => {
    if (!visible(node)) return null;
    const open = needle !== '' || expanded.has(node.id);
    const isSelected = selected === node.id;
    const zone = hint?.id === node.id ? hint.zone : null;
    const flags = [
      !node.for_display && ['hidden', t('categories.badge_hidden')],
      node.for_buyout && ['buyout', t('categories.badge_buyout')],
      node.for_service && ['service', t('categories.badge_service')],
      node.filterable && ['filterable', t('categories.badge_filterable')],
    ].filter((flag): flag is [string, string] => Array.isArray(flag));
    return (
      <li key={node.id} className="cat-node" data-category-id={node.id}>
        <div
          className={`cat-row${isSelected ? ' selected' : ''}${zone ? ` drop-${zone}` : ''}${dragging === node.id ? ' dragging' : ''}`}
          data-testid={`category-row-${node.id}`}
          data-name={node.name}
          draggable={!busy}
          onDragStart={(event) => {
            event.dataTransfer.setData('text/plain', node.id);
            event.dataTransfer.effectAllowed = 'move';
            setDragging(node.id);
          }}
          onDragEnd={endDrag}
          onDragOver={(event) => {
            if (!dragging) return;
            const where = zoneOf(event);
            if (!dropMove(index, dragging, node.id, where)) {
              if (hint?.id === node.id) setHint(null);
              return;
            }
            // Allowing the drop is what makes the browser fire `drop` here.
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            if (hint?.id !== node.id || hint.zone !== where) setHint({ id: node.id, zone: where });
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null) && hint?.id === node.id) setHint(null);
          }}
          onDrop={(event) => {
            event.preventDefault();
            const source = dragging ?? event.dataTransfer.getData('text/plain');
            const move = source ? dropMove(index, source, node.id, zoneOf(event)) : null;
            endDrag();
            if (source && move) onMove(source, move);
          }}
        >
          {node.children ? (
            <button
              type="button"
              className="cat-toggle"
              aria-expanded={open}
              aria-label={t('categories.toggle', { name: node.name })}
              onClick={() => onToggle(node.id)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          ) : (
            <span className="cat-toggle cat-leaf" aria-hidden="true" />
          )}
          <span className="cat-grip" aria-hidden="true" title={t('categories.drag', { name: node.name })}>
            ⠿
          </span>
          <button
            type="button"
            className="cat-name"
            aria-pressed={isSelected}
            onClick={() => onSelect(node.id)}
            data-testid={`category-select-${node.id}`}
          >
            {node.name}
          </button>
          {flags.length > 0 && (
            <span className="cat-flags">
              {flags.map(([key, label]) => (
                <span key={key} className={`cat-flag cat-flag-${key}`}>
                  {label}
                </span>
              ))}
            </span>
          )}
          <span
            className="cat-count"
            title={t('categories.products_title', { n: node.product_count, m: node.subtree_product_count })}
            data-testid={`category-count-${node.id}`}
          >
            {t('categories.products', { n: node.subtree_product_count })}
          </span>
        </div>
        {node.children && open && <ul className="cat-list">{node.subcategories.map(renderNode)}</ul>}
      </li>
    );
  };

  const shown = nodes.map(renderNode).filter(Boolean);
  return (
    <>
      <ul className="cat-list cat-root" aria-label={t('categories.tree_label')} data-testid="category-tree">
        {shown}
      </ul>
      {needle !== '' && shown.length === 0 && <p className="muted">{t('categories.no_match')}</p>}
    </>
  );
}
