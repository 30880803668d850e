import { createHash } from 'node:crypto';
import { DomainError, ValidationError, type Actor, type Checkpoint } from '@buyloop/kit';
import { PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_OPTIONAL_COLUMNS } from '@buyloop/contracts/catalogue/vocabulary';
import type { PackageDimensions } from '../events';
import { masterDecider } from '../master/decider';
import { productDecider } from '../product/decider';
import { GRADES, PRODUCT_KINDS, QUALITIES, type Grade, type ProductKind, type ProductQuality } from '../rules';
import { derivedId, normaliseCode, variantFields, type MasterInput, type ProductsService, type VariantInput } from '../service';
import { masterStream, productStream } from '../streams';
import { readProductCsv, type CsvRow, type ImportColumn, type ImportError } from './csv';

export type ProductImportResult =
  | {
      readonly ok: true;
      readonly mastersCreated: number;
      readonly productsCreated: number;
      readonly rows: number;
      /** The newest event written, for read-your-writes. */
      readonly checkpoint: Checkpoint | null;
    }
  | { readonly ok: false; readonly missingColumns: readonly string[]; readonly errors: readonly ImportError[] };

/** The decider's field names (the API's) → the file's columns. */
const MASTER_COLUMNS: Readonly<Record<string, ImportColumn>> = {
  id: 'master_seo_name',
  name: 'master_name',
  seo_name: 'master_seo_name',
  manufacturer_id: 'manufacturer_id',
  type_device_id: 'type_device_id',
  description: 'description',
  seo_title: 'seo_title',
  seo_description: 'seo_description',
  'package.width': 'width_cm',
  'package.height': 'height_cm',
  'package.depth': 'depth_cm',
  'package.weight': 'weight_kg',
};
const MASTER_ROW_COLUMNS = [
  'master_name',
  'manufacturer_id',
  'type_device_id',
  'description',
  'seo_title',
  'seo_description',
  'width_cm',
  'height_cm',
  'depth_cm',
  'weight_kg',
] as const satisfies readonly ImportColumn[];

const BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  ano: true,
  ne: false,
  da: true,
  nu: false,
};
const DECIMAL = /^\d+(?:[.,]\d+)?$/;
const WHOLE = /^\d+$/;

interface PlannedMaster {
  readonly seoName: string;
  readonly line: number;
  /** The live master that has this seo_name already (its row's other master cells are not applied), or null. */
  readonly existingId: string | null;
  readonly input: MasterInput;
}

interface PlannedVariant {
  readonly line: number;
  readonly seoName: string;
  readonly input: VariantInput;
}

/** Reads the cells of one row into a master's and a variant's input, noting each bad cell. */
function readRow(row: CsvRow, fail: (column: ImportColumn, code: string, params?: Record<string, string | number>) => void) {
  const cell = (column: ImportColumn) => row.cells[column];
  const optional = (column: ImportColumn) => cell(column) || null;
  const bool = (column: ImportColumn): boolean | undefined => {
    const value = cell(column).toLowerCase();
    if (value === '') return undefined;
    if (value in BOOLEANS) return BOOLEANS[value];
    fail(column, 'catalogue.product.import.boolean_invalid');
    return undefined;
  };
  const whole = (column: ImportColumn): number | undefined => {
    const value = cell(column);
    if (value === '') return undefined;
    if (WHOLE.test(value)) return Number(value);
    fail(column, 'validation.not_a_positive_integer');
    return undefined;
  };
  const decimal = (column: ImportColumn): number | undefined => {
    const value = cell(column);
    if (value === '') return undefined;
    if (DECIMAL.test(value)) return Number(value.replace(',', '.'));
    fail(column, 'validation.not_a_number');
    return undefined;
  };

  const dimensions = (['width_cm', 'height_cm', 'depth_cm', 'weight_kg'] as const).map(
    (column) => [column, decimal(column)] as const,
  );
  let pack: PackageDimensions | null = null;
  if (dimensions.some(([column]) => cell(column) !== '')) {
    for (const [column] of dimensions) if (cell(column) === '') fail(column, 'validation.required');
    const [w, h, d, kg] = dimensions.map(([, value]) => value ?? 0);
    pack = { width: w!, height: h!, depth: d!, weight: kg! };
  }
  const master: MasterInput = {
    name: cell('master_name'),
    seoName: cell('master_seo_name'),
    manufacturerId: cell('manufacturer_id'),
    typeDeviceId: cell('type_device_id'),
    description: cell('description'),
    package: pack,
    seoTitle: optional('seo_title'),
    seoDescription: optional('seo_description'),
  };

  const quality = cell('quality');
  if (!(QUALITIES as readonly string[]).includes(quality))
    fail('quality', quality === '' ? 'validation.required' : 'validation.invalid_value');
  const grade = cell('grade').toUpperCase();
  if (grade !== '' && !(GRADES as readonly string[]).includes(grade)) fail('grade', 'validation.invalid_value');
  const kind = cell('kind');
  if (kind !== '' && !(PRODUCT_KINDS as readonly string[]).includes(kind)) fail('kind', 'validation.invalid_value');
  const vat = cell('vat_rate');
  if (vat === '') fail('vat_rate', 'validation.required');
  else if (!DECIMAL.test(vat)) fail('vat_rate', 'validation.not_a_number');
  const variant: VariantInput = {
    code: normaliseCode(cell('code')),
    ean: optional('ean'),
    colour: optional('colour'),
    capacity: optional('capacity'),
    quality: quality as ProductQuality,
    grade: grade === '' ? null : (grade as Grade),
    longName: cell('long_name'),
    shortName: cell('short_name'),
    vatRate: Number(vat.replace(',', '.')),
    ...(kind !== '' ? { kind: kind as ProductKind } : {}),
    ...definedOnly({
      preOrder: bool('pre_order'),
      electronicLicence: bool('electronic_licence'),
      externalStock: bool('external_stock'),
      legalWarrantyMonths: whole('legal_warranty_months'),
      extensionMonths: whole('extension_months'),
    }),
  };
  return { master, variant };
}

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A decider's refusal as errors at the row's cells. */
function refusalAt(
  error: unknown,
  line: number,
  columns: (field: string) => ImportColumn | undefined,
  fallback: ImportColumn,
): ImportError[] {
  if (error instanceof ValidationError)
    return Object.entries(error.fieldErrors).flatMap(([field, codes]) =>
      codes.map((code) => ({ line, column: columns(field) ?? fallback, code })),
    );
  if (error instanceof DomainError) {
    const params = Object.fromEntries(
      Object.entries(error.params).flatMap(([name, value]) =>
        value === null || value === undefined ? [] : [[name, typeof value === 'number' ? value : String(value)]],
      ),
    );
    return [{ line, column: fallback, code: error.code, ...(Object.keys(params).length > 0 ? { params } : {}) }];
  }
  throw error;
}

const importIdOf = (csv: string): string => derivedId('product-import', createHash('sha256').update(csv).digest('hex'));

/**
 * Imports masters and catalogue products from a CSV, all or nothing.
 *
 * Every row is read and decided first, against the store as it stands
 * (codes and EANs free, manufacturers and type devices known, rows of one
 * master agreeing), and the whole file is refused with every error by line
 * and column if anything is wrong: nothing is written then. Only a file
 * that passes is written, master by master, each master before its
 * variants.
 *
 * The event store has no transaction across streams, so an append can
 * still fail midway (the database goes away, someone takes a code in the
 * moment between the check and the write). Every write is keyed by the
 * file (its hash) and the row, so sending the same file again finishes
 * the import: what was written is recognised as the file's own and
 * skipped, the rest is written. Until then the masters and products that
 * were written are complete and consistent on their own (each master with
 * the variants it lists).
 */
export async function importProducts(service: ProductsService, csv: string, actor: Actor): Promise<ProductImportResult> {
  const reading = readProductCsv(csv);
  if (!reading.ok) return reading;
  const importId = importIdOf(csv);
  const errors: ImportError[] = [];
  const masters = new Map<string, PlannedMaster>();
  const variants: PlannedVariant[] = [];
  const codeLines = new Map<string, number>();
  const eanLines = new Map<string, number>();
  const masterKey = (seoName: string) => ({ actor, idempotencyKey: `import:${importId}:master:${seoName}` });
  const variantKey = (code: string) => ({ actor, idempotencyKey: `import:${importId}:product:${code}` });
  const references = new Map<string, Promise<boolean>>();
  const known = (kind: 'manufacturer' | 'type_device', id: string) => {
    const key = `${kind}:${id}`;
    if (!references.has(key)) references.set(key, service.referenceExists(kind, id));
    return references.get(key)!;
  };

  for (const row of reading.rows) {
    const fail = (column: ImportColumn, code: string, params?: Record<string, string | number>) =>
      errors.push({ line: row.line, column, code, ...(params ? { params } : {}) });
    const { master, variant } = readRow(row, fail);

    const seoName = master.seoName;
    const planned = masters.get(seoName);
    if (planned) {
      // Rows of one master repeat its cells; one that says otherwise is a mistake in the sheet, not a choice.
      for (const column of MASTER_ROW_COLUMNS)
        if (row.cells[column] !== reading.rows.find((r) => r.line === planned.line)!.cells[column])
          fail(column, 'catalogue.product.import.master_mismatch', { first_line: planned.line });
    } else if (seoName === '') fail('master_seo_name', 'validation.required');
    else {
      const existingId = await service.masterBySeoName(seoName);
      const ours = derivedId('import-master', importId, seoName).toLowerCase();
      const input: MasterInput = { ...master, id: ours };
      const sentBefore =
        existingId === ours && (await service.createdBy('master', masterStream(ours), input, masterKey(seoName)));
      masters.set(seoName, { seoName, line: row.line, existingId: sentBefore ? null : existingId, input });
      if (!existingId || sentBefore) {
        const [manufacturerExists, typeDeviceExists] = await Promise.all([
          known('manufacturer', master.manufacturerId),
          known('type_device', master.typeDeviceId),
        ]);
        try {
          masterDecider.decide(
            {
              type: 'CreateMaster',
              masterProductId: ours,
              fields: {
                ...input,
                description: input.description ?? '',
                params: [],
                photoIds: [],
                package: input.package ?? null,
                seoTitle: input.seoTitle ?? null,
                seoDescription: input.seoDescription ?? null,
              },
              references: { manufacturerExists, typeDeviceExists, existingPhotoIds: [] },
              at: new Date(0).toISOString(),
            },
            masterDecider.initialState(),
          );
        } catch (error) {
          errors.push(...refusalAt(error, row.line, (field) => MASTER_COLUMNS[field], 'master_seo_name'));
        }
      }
    }

    const code = variant.code;
    if (code !== '' && codeLines.has(code))
      fail('code', 'catalogue.product.import.code_duplicate', { first_line: codeLines.get(code)! });
    else if (code !== '') codeLines.set(code, row.line);
    if (variant.ean) {
      if (eanLines.has(variant.ean))
        fail('ean', 'catalogue.product.import.ean_duplicate', { first_line: eanLines.get(variant.ean)! });
      else eanLines.set(variant.ean, row.line);
    }
    const masterId = masters.get(seoName)?.existingId ?? masters.get(seoName)?.input.id ?? '';
    const request = { masterProductId: masterId, ...variant };
    const stream = productStream(code || '_');
    const sentBefore = code !== '' && (await service.createdBy('variant', stream, request, variantKey(code)));
    if (!sentBefore) {
      const { state } = code === '' ? { state: productDecider.initialState() } : await service.productState(code);
      try {
        productDecider.decide(
          {
            type: 'CreateProduct',
            code,
            masterProductId: masterId,
            fields: variantFields(variant),
            masterActive: true,
            market: service.market,
            at: new Date(0).toISOString(),
          },
          state,
        );
        const holder = variant.ean ? await service.productByEan(variant.ean) : null;
        if (holder !== null && holder !== code) fail('ean', 'catalogue.product.ean_taken', { holder });
      } catch (error) {
        errors.push(...refusalAt(error, row.line, (field) => (field === 'at' ? undefined : (field as ImportColumn)), 'code'));
      }
    }
    variants.push({ line: row.line, seoName, input: variant });
  }

  if (errors.length > 0) return { ok: false, missingColumns: [], errors: sortErrors(dedupe(errors)) };

  let mastersCreated = 0;
  let productsCreated = 0;
  let checkpoint: Checkpoint | null = null;
  for (const master of masters.values()) {
    if (master.existingId) continue;
    const written = await service.createMaster(master.input, masterKey(master.seoName));
    checkpoint = written.checkpoint ?? checkpoint;
    if (!written.duplicate) mastersCreated++;
  }
  for (const variant of variants) {
    const master = masters.get(variant.seoName)!;
    const written = await service.addVariant(
      master.existingId ?? master.input.id!,
      variant.input,
      variantKey(variant.input.code),
    );
    checkpoint = written.checkpoint ?? checkpoint;
    if (!written.duplicate) productsCreated++;
  }
  return { ok: true, mastersCreated, productsCreated, rows: reading.rows.length, checkpoint };
}

// Errors of a line in the order its columns are documented.
const ORDER: readonly string[] = [...PRODUCT_IMPORT_COLUMNS, ...PRODUCT_IMPORT_OPTIONAL_COLUMNS];
const rank = (column: string | undefined) =>
  column === undefined ? -1 : ORDER.indexOf(column) < 0 ? ORDER.length : ORDER.indexOf(column);
const sortErrors = (errors: ImportError[]) => [...errors].sort((a, b) => a.line - b.line || rank(a.column) - rank(b.column));
const dedupe = (errors: ImportError[]) => {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.line}|${error.column}|${error.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
