/** The discount form's pure parts: values to the API's body and back, the warning, the codes as CSV. */
import { wholeAmount } from '../catalogue/forms';

export const DISCOUNT_TYPES = ['percentage', 'absolute', 'fixed'] as const;
export const PRODUCT_KINDS = ['device', 'accessory', 'insurance', 'warranty_extension', 'service'] as const;
const FLAGS = [
  'is_active',
  'is_public',
  'is_combinable',
  'is_automatic_assignment',
  'is_isic',
  'is_discount_per_piece',
  'is_cumulative_bonus',
] as const;

/** A definition as `GET /api/admin/discounts/{id}` answers it. */
export interface DiscountView {
  readonly id: string;
  readonly title: string;
  readonly marketing_name: string | null;
  readonly is_active: boolean;
  readonly is_public: boolean;
  readonly is_combinable: boolean;
  readonly is_automatic_assignment: boolean;
  readonly is_isic: boolean;
  readonly discount_type: (typeof DISCOUNT_TYPES)[number];
  readonly discount_value: number;
  readonly valid_from: string | null;
  readonly valid_to: string | null;
  readonly codes: readonly string[];
  readonly minimal_order_total: number | null;
  readonly minimal_pieces: number | null;
  readonly product_codes: readonly string[];
  readonly product_kinds: readonly string[];
  /** Ids of the catalogue categories the discount is limited to (none: any). */
  readonly categories: readonly string[];
  readonly is_discount_per_piece: boolean;
  readonly is_cumulative_bonus: boolean;
  readonly discount_detail_url: string | null;
  readonly internal_note: string | null;
  readonly archived: boolean;
  readonly generated_codes: number;
  readonly stream_version: number;
  readonly updated_at: string;
  readonly warnings: readonly string[];
}

export type DiscountRow = Pick<
  DiscountView,
  | 'id'
  | 'title'
  | 'marketing_name'
  | 'discount_type'
  | 'discount_value'
  | 'is_active'
  | 'is_public'
  | 'is_combinable'
  | 'is_automatic_assignment'
  | 'valid_from'
  | 'valid_to'
  | 'codes'
  | 'archived'
  | 'generated_codes'
  | 'updated_at'
>;

export type DiscountValues = {
  title: string;
  marketing_name: string;
  discount_type: string;
  discount_value: string;
  valid_from: string;
  valid_to: string;
  codes: string;
  minimal_order_total: string;
  minimal_pieces: string;
  product_codes: string;
  /** The chosen categories' ids, one a line (a form value is text). */
  categories: string;
  discount_detail_url: string;
  internal_note: string;
  is_active: boolean;
  is_public: boolean;
  is_combinable: boolean;
  is_automatic_assignment: boolean;
  is_isic: boolean;
  is_discount_per_piece: boolean;
  is_cumulative_bonus: boolean;
} & { [kind in `kind_${(typeof PRODUCT_KINDS)[number]}`]: boolean };

export const EMPTY_DISCOUNT: DiscountValues = {
  title: '',
  marketing_name: '',
  discount_type: 'percentage',
  discount_value: '',
  valid_from: '',
  valid_to: '',
  codes: '',
  minimal_order_total: '',
  minimal_pieces: '',
  product_codes: '',
  categories: '',
  discount_detail_url: '',
  internal_note: '',
  is_active: true,
  is_public: false,
  is_combinable: false,
  is_automatic_assignment: false,
  is_isic: false,
  is_discount_per_piece: false,
  is_cumulative_bonus: false,
  kind_device: false,
  kind_accessory: false,
  kind_insurance: false,
  kind_warranty_extension: false,
  kind_service: false,
};

/** `datetime-local` shows local time without a zone; the API keeps instants. */
const toLocal = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
const fromLocal = (value: string): string | null => {
  if (value.trim() === '') return null;
  const date = new Date(value);
  // An unreadable date goes as typed: the API's refusal lands under the field.
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/** Codes typed with commas, semicolons, spaces or new lines. */
export const listOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

const optionalWhole = (text: string): number | string | null => (text.trim() === '' ? null : wholeAmount(text));
const optionalText = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export function valuesOf(view: DiscountView): DiscountValues {
  const values: DiscountValues = {
    ...EMPTY_DISCOUNT,
    title: view.title,
    marketing_name: view.marketing_name ?? '',
    discount_type: view.discount_type,
    discount_value: String(view.discount_value),
    valid_from: toLocal(view.valid_from),
    valid_to: toLocal(view.valid_to),
    codes: view.codes.join(', '),
    minimal_order_total: view.minimal_order_total === null ? '' : String(view.minimal_order_total),
    minimal_pieces: view.minimal_pieces === null ? '' : String(view.minimal_pieces),
    product_codes: view.product_codes.join(', '),
    categories: view.categories.join('\n'),
    discount_detail_url: view.discount_detail_url ?? '',
    internal_note: view.internal_note ?? '',
  };
  for (const flag of FLAGS) values[flag] = view[flag];
  for (const kind of PRODUCT_KINDS) values[`kind_${kind}`] = view.product_kinds.includes(kind);
  return values;
}

/** The body of POST / PUT: every field; what is typed wrong goes as typed so the error lands under its field. */
export function bodyOf(values: DiscountValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title.trim(),
    marketing_name: optionalText(values.marketing_name),
    discount_type: values.discount_type,
    discount_value: wholeAmount(values.discount_value),
    valid_from: fromLocal(values.valid_from),
    valid_to: fromLocal(values.valid_to),
    codes: listOf(values.codes),
    minimal_order_total: optionalWhole(values.minimal_order_total),
    minimal_pieces: optionalWhole(values.minimal_pieces),
    product_codes: listOf(values.product_codes),
    product_kinds: PRODUCT_KINDS.filter((kind) => values[`kind_${kind}`]),
    categories: listOf(values.categories),
    discount_detail_url: optionalText(values.discount_detail_url),
    internal_note: optionalText(values.internal_note),
  };
  for (const flag of FLAGS) body[flag] = values[flag];
  return body;
}

/** Spec 5/9: shown while typing, before the server answers the same in `warnings`. */
export const highPercentage = (values: Pick<DiscountValues, 'discount_type' | 'discount_value'>): boolean => {
  const value = wholeAmount(values.discount_value);
  return values.discount_type === 'percentage' && typeof value === 'number' && value >= 80;
};

/** The generated codes as a CSV file's text: a header and one code per line. */
export const codesCsv = (title: string, codes: readonly string[]): string =>
  [`code;discount`, ...codes.map((code) => `${code};"${title.replaceAll('"', '""')}"`)].join('\r\n') + '\r\n';

/** The grid's rows request: AG Grid's models as JSON, plus the quick search and the archive switch. */
export function discountsUrl(
  block: { readonly startRow: number; readonly endRow: number },
  sortModel: readonly { colId: string; sort: 'asc' | 'desc' }[],
  filterModel: Readonly<Record<string, unknown>>,
  quick: string,
  archived: boolean,
): string {
  const params = new URLSearchParams();
  params.set('startRow', String(block.startRow));
  params.set('endRow', String(block.endRow));
  if (sortModel.length > 0) params.set('sortModel', JSON.stringify(sortModel.map(({ colId, sort }) => ({ colId, sort }))));
  if (Object.keys(filterModel).length > 0) params.set('filterModel', JSON.stringify(filterModel));
  if (quick.trim()) params.set('quick', quick.trim());
  if (archived) params.set('archived', 'all');
  return `/api/admin/discounts?${params.toString()}`;
}
