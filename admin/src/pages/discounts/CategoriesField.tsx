import { useEffect, useState } from 'react';
import type { CategoryRow } from '@buyloop/contracts/catalogue/categories';
import { useT } from '../../app/lang';
import { Field, type Form } from '../catalogue/ui';
import { loadList } from '../categories/api';
import { listOf, type DiscountValues } from './form';

interface Choice {
  readonly id: string;
  readonly label: string;
}

/**
 * The categories a discount is limited to: a multiple choice over the
 * market's category tree, depth first, each named by its path. Staff who
 * may not read the catalogue still see (and may drop) the chosen ones.
 */
export function CategoriesField({ form, disabled }: { form: Form<DiscountValues>; disabled: boolean }) {
  const { t } = useT();
  const [rows, setRows] = useState<readonly CategoryRow[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    loadList(abort.signal)
      .then((list) => setRows(list.categories))
      .catch(() => {
        if (!abort.signal.aborted) setUnavailable(true);
      });
    return () => abort.abort();
  }, []);

  const chosen = listOf(form.values.categories);
  // The list's path runs from the top level down to the category itself.
  const known: Choice[] = (rows ?? []).map((row) => ({
    id: row.id,
    label: (row.path.at(-1) === row.name ? row.path : [...row.path, row.name]).join(' › '),
  }));
  // A chosen category the list does not hold (deleted since, or no list) stays visible so it can be dropped.
  const choices = [
    ...known,
    ...chosen.filter((id) => !known.some((choice) => choice.id === id)).map((id) => ({ id, label: id })),
  ];
  return (
    <Field
      name="categories"
      label={t('disc.field.categories')}
      errors={form.errors}
      hint={unavailable ? `${t('disc.categories_hint')} ${t('disc.categories_unavailable')}` : t('disc.categories_hint')}
    >
      {(aria) => (
        <select
          {...aria}
          name="categories"
          multiple
          size={Math.min(10, Math.max(3, choices.length))}
          disabled={disabled}
          value={chosen}
          data-testid="discount-categories"
          onChange={(event) => form.set('categories', [...event.target.selectedOptions].map((option) => option.value).join('\n'))}
        >
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
