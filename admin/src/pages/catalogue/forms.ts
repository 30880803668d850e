/** The catalogue forms' pure parts: server field errors, whole-unit amounts, CSV files, dates and lists. */

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

interface ProblemLike {
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  readonly messages?: Readonly<Record<string, readonly string[]>>;
}

/**
 * A refusal's field errors as texts: the API's own messages (already in the
 * asker's language) where it sent them, else each code translated here.
 * Keys stay as the request named them (`package.width`, `params.0.name`).
 */
export function fieldErrorsOf(problem: ProblemLike, translate: (code: string) => string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const keys = new Set([...Object.keys(problem.errors ?? {}), ...Object.keys(problem.messages ?? {})]);
  for (const key of keys) {
    const messages = problem.messages?.[key];
    out[normaliseKey(key)] = messages && messages.length > 0 ? [...messages] : (problem.errors?.[key] ?? []).map(translate);
  }
  return out;
}

/** `params[0].name` and `params.0.name` name the same field; the forms use the dotted form. */
export const normaliseKey = (key: string): string => key.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/** The errors no field of the form shows (its keys are `known`, or prefixes of them), to list above its buttons. */
export function otherErrors(errors: FieldErrors, known: readonly string[]): [string, readonly string[]][] {
  return Object.entries(errors).filter(([key]) => !known.some((name) => key === name || key.startsWith(`${name}.`)));
}

/**
 * A typed amount as the API wants it: whole CZK / Lei. Spaces and a
 * thousands separator are forgiven; anything else (decimals, letters) is
 * sent as typed so the server's refusal lands under the field in its words.
 */
export function wholeAmount(text: string): number | string {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (/^-?\d+$/.test(compact)) return Number(compact);
  if (/^-?\d{1,3}([.,]\d{3})+$/.test(compact)) return Number(compact.replace(/[.,]/g, ''));
  if (/^-?\d+[.,]\d+$/.test(compact)) return Number(compact.replace(',', '.'));
  return text;
}

/** An optional number field: empty is null. */
export const optionalNumber = (text: string): number | string | null => (text.trim() === '' ? null : wholeOrDecimal(text));

/** Dimensions and weights may have decimals (cm, kg); a comma is a decimal point. */
export function wholeOrDecimal(text: string): number | string {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : text;
}

/**
 * The package as the API takes it: all four sizes or none (null). A size
 * typed wrong goes as typed, so its error lands under its own field.
 */
export function packageBody(values: {
  readonly width: string;
  readonly height: string;
  readonly depth: string;
  readonly weight: string;
}): Record<'width' | 'height' | 'depth' | 'weight', number | string | null> | null {
  const sizes = [values.width, values.height, values.depth, values.weight];
  if (sizes.every((size) => size.trim() === '')) return null;
  return {
    width: optionalNumber(values.width),
    height: optionalNumber(values.height),
    depth: optionalNumber(values.depth),
    weight: optionalNumber(values.weight),
  };
}

/** A seo_name suggested from a name: lower-case ASCII words joined by dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** Only .csv files go to the import (the server checks again; this saves an upload of the wrong file). */
export function isCsvFile(file: { readonly name: string; readonly type: string }): boolean {
  if (!/\.csv$/i.test(file.name)) return false;
  return file.type === '' || /^(text\/csv|text\/plain|application\/vnd\.ms-excel|application\/csv)$/i.test(file.type);
}

/** A `datetime-local` input's value (the person's own clock) as an ISO instant; empty is undefined. */
export function isoFromLocal(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The item at `index` moved by `delta` places (photos' order); out of range leaves the list as it is. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** Codes typed into a relation list: split on commas, spaces or lines, trimmed, unique, in order. */
export function parseCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}
