// A catalogue from a spreadsheet: rows read into products, matched to the shop's (barcode, then name + brand), reported.
import type { Product, VatRate } from './entities.js';
import { barcodeIdentity, sameBarcode } from './gtin.js';
import { madFromCentimes } from './money.js';
import { productDraftSchema, type ProductDraft } from './validation.js';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_HEADERS,
  readExactNumberCell,
  readPriceCell,
  readQuantityCell,
  readTextCell,
  readUnitCell,
  readVatCell,
  type CatalogueColumn,
  type CellProblem,
  type ColumnMapping,
} from './catalogueSheetCells.js';

export * from './catalogueSheetCells.js';

/** Most rows one import takes: a hanout's catalogue is a few thousand products. */
export const MAX_CATALOGUE_ROWS = 20_000;
/** Reasons listed in the report, for skipped rows and for updated products each; the rest are counted. */
export const MAX_SHEET_REASONS = 20;

/** The quantity columns, read as typed and as written. */
const QUANTITY_COLUMNS = ['stock', 'reorderThreshold', 'packSize'] as const;
type QuantityColumn = (typeof QUANTITY_COLUMNS)[number];

/**
 * A quantity cell whose exact number is not what the typing rules read (or refuse): a unit product's
 * count of 18.035 from a backup of the original app, a stock below zero, beyond what a form takes, or with
 * more decimals than grams. It stands when it is the stored product's own value (an export read back);
 * otherwise the typing rules decide, and `problem` is why they refuse it.
 */
export type WrittenQuantity = { value: number; text: string; problem?: CellProblem };

/** The fields of one row that had something in them: an update changes only these. */
export type SheetProduct = Partial<Omit<ProductDraft, 'photoId'>> & {
  name: string;
  asWritten?: Partial<Record<QuantityColumn, WrittenQuantity>>;
};

export type SheetRowProblem =
  { code: 'name-missing' } | { code: 'cell'; column: CatalogueColumn; problem: CellProblem; text: string };
export type SheetRowRead = { ok: true; row: SheetProduct } | { ok: false; problem: SheetRowProblem };

const TEXT_LIMITS = { name: 200, brand: 200, category: 100, barcode: 64, description: 2000 } as const;
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** One row of cells (as text) into the fields it gives, or the first reason it cannot be taken. */
export function readCatalogueRow(cells: readonly string[], mapping: ColumnMapping): SheetRowRead {
  const cellOf = (column: CatalogueColumn): string => {
    const index = mapping.indexOf(column);
    return index < 0 ? '' : String(cells[index] ?? '');
  };
  const row: Partial<SheetProduct> = {};
  const fail = (column: CatalogueColumn, problem: CellProblem): SheetRowRead => ({
    ok: false,
    problem: { code: 'cell', column, problem, text: clip(cellOf(column).trim()) },
  });
  for (const column of ['name', 'brand', 'category', 'barcode', 'description'] as const) {
    if (cellOf(column).trim() === '') continue;
    const read = readTextCell(cellOf(column), TEXT_LIMITS[column]);
    if (!read.ok) return fail(column, read.problem);
    row[column] = column === 'barcode' ? read.value.replace(/\s/g, '') : read.value;
  }
  if (!row.name) return { ok: false, problem: { code: 'name-missing' } };
  if (cellOf('unit').trim() !== '') {
    const read = readUnitCell(cellOf('unit'));
    if (!read.ok) return fail('unit', read.problem);
    row.isBulk = read.value;
  }
  for (const column of ['purchasePrice', 'salePrice'] as const) {
    if (cellOf(column).trim() === '') continue;
    const read = readPriceCell(cellOf(column));
    if (!read.ok) return fail(column, read.problem);
    row[column] = read.value;
  }
  if (cellOf('vat').trim() !== '') {
    const read = readVatCell(cellOf('vat'));
    if (!read.ok) return fail('vat', read.problem);
    row.vat = read.value;
  }
  for (const column of QUANTITY_COLUMNS) {
    if (cellOf(column).trim() === '') continue;
    // Without a unit column the stored product decides: decimals are checked with it (draftFromSheetRow).
    const read = readQuantityCell(cellOf(column), column !== 'packSize' && row.isBulk !== false);
    const exact = readExactNumberCell(cellOf(column));
    if (column === 'packSize' && read.ok && read.value === 0) return fail(column, 'unreadable');
    if (read.ok) row[column] = read.value;
    if (exact === undefined || (read.ok && exact === read.value)) {
      if (!read.ok) return fail(column, read.problem);
      continue;
    }
    // The number as the file holds it, for draftFromSheetRow to compare with the stored product's.
    row.asWritten = {
      ...row.asWritten,
      [column]: {
        value: exact,
        text: clip(cellOf(column).trim()),
        ...(read.ok ? {} : { problem: read.problem }),
      },
    };
  }
  return { ok: true, row: row as SheetProduct };
}

export type SheetDefaults = { category: string; vat: VatRate };

export type SheetDraft = { ok: true; draft: ProductDraft } | { ok: false; reason: SheetSkipReason };

/**
 * What the product becomes: the stored product's fields where the row's cells were empty (or the
 * defaults for a new one), the row's where it gave them; or why that is not a valid product.
 */
export function draftFromSheetRow(
  row: SheetProduct,
  stored: Product | undefined,
  defaults: SheetDefaults,
): SheetDraft {
  const base = stored
    ? {
        name: stored.name,
        brand: stored.brand,
        category: stored.category,
        barcode: stored.barcode,
        purchasePrice: stored.purchasePrice,
        salePrice: stored.salePrice,
        vat: stored.vat,
        stock: stored.stock,
        reorderThreshold: stored.reorderThreshold,
        description: stored.description,
        photoId: stored.photoId,
        isBulk: stored.isBulk,
        packSize: stored.packSize,
      }
    : { category: defaults.category, vat: defaults.vat };
  const { asWritten, ...given } = row;
  // A quantity the row leaves empty, or gives as the stored product has it, stays exactly as stored
  // (a stock below zero, sold before it was counted; a count of 18.035 a backup gave a unit product): an
  // export read back changes nothing. Only a quantity the file changes is held to the typing rules.
  const kept: Partial<Record<QuantityColumn, number>> = {};
  for (const column of QUANTITY_COLUMNS) {
    const storedValue = stored?.[column];
    const written = asWritten?.[column];
    const fileValue = written?.value ?? given[column];
    if (storedValue !== undefined && (fileValue === undefined || fileValue === storedValue)) {
      kept[column] = storedValue;
    } else if (written?.problem) {
      return { ok: false, reason: { code: 'cell', column, problem: written.problem, text: written.text } };
    }
  }
  const parsed = productDraftSchema.safeParse({
    ...base,
    ...given,
    ...(kept.stock !== undefined ? { stock: 0 } : {}),
    ...(kept.reorderThreshold !== undefined ? { reorderThreshold: 0 } : {}),
    ...(kept.packSize !== undefined ? { packSize: 1 } : {}),
  });
  if (parsed.success) return { ok: true, draft: { ...parsed.data, ...kept } };
  const column = parsed.error.issues[0]?.path[0];
  if (column === 'stock' || column === 'reorderThreshold') {
    return {
      ok: false,
      reason: {
        code: 'cell',
        column,
        problem: 'not-whole',
        text: asWritten?.[column]?.text ?? String(given[column] ?? ''),
      },
    };
  }
  return { ok: false, reason: { code: 'invalid-product' } };
}

/** Name + brand as compared for duplicates: case, accents and spacing do not count. */
export function nameBrandKey(name: string, brand: string): string {
  const key = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return `${key(name)}\u0000${key(brand)}`;
}

export type SheetUpdateReason = 'same-barcode' | 'same-name-brand';
export type SheetSkipReason =
  | { code: 'name-missing' }
  | { code: 'cell'; column: CatalogueColumn; problem: CellProblem; text: string }
  | { code: 'invalid-product' }
  | { code: 'duplicate-in-file'; firstLine: number }
  | { code: 'too-many-rows' };

export type CatalogueImportReport = {
  /** Rows of the file with something in them (the header excluded). */
  rows: number;
  added: number;
  updated: number;
  /** Rows that match a product already identical: nothing to write. */
  unchanged: number;
  skipped: number;
  /** The first MAX_SHEET_REASONS updates, with the line of the file and the product they change. */
  updates: { line: number; reason: SheetUpdateReason; name: string }[];
  /** The first MAX_SHEET_REASONS skipped rows and why. */
  skips: ({ line: number } & SheetSkipReason)[];
};

/** A product to write: `id` is the stored product an update changes; absent for a new one. */
export type SheetWrite = { line: number; row: SheetProduct; id?: string };

export type CatalogueImportPlan = { writes: SheetWrite[]; report: CatalogueImportReport };

const sameDraft = (draft: ProductDraft, product: Product): boolean =>
  CATALOGUE_FIELDS.every((field) => draft[field] === product[field]);
const CATALOGUE_FIELDS = [
  'name',
  'brand',
  'category',
  'barcode',
  'purchasePrice',
  'salePrice',
  'vat',
  'stock',
  'reorderThreshold',
  'isBulk',
  'packSize',
  'description',
] as const;

/**
 * The import of a sheet's rows (header removed; `firstLine` is the line number of the first) into the
 * shop's catalogue. A row whose barcode a product has updates it; else one with the same name and brand
 * (when their barcodes do not differ); else it is a new product. A row repeating an earlier one of the
 * file (same barcode, or same name and brand, or the same product) is skipped: the first one wins.
 */
export function planCatalogueImport(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  catalogue: readonly Product[],
  defaults: SheetDefaults,
  firstLine = 2,
): CatalogueImportPlan {
  // A code matches in any of its spellings (a UPC-A with 12 or 13 digits, a UPC-E's 8 digits): a spreadsheet
  // may hold either.
  const byBarcode = new Map<string, Product>();
  const byNameBrand = new Map<string, Product>();
  for (const product of catalogue) {
    for (const key of product.barcode ? barcodeIdentity(product.barcode) : [])
      if (!byBarcode.has(key)) byBarcode.set(key, product);
    const key = nameBrandKey(product.name, product.brand);
    if (!byNameBrand.has(key)) byNameBrand.set(key, product);
  }
  const report: CatalogueImportReport = {
    rows: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    updates: [],
    skips: [],
  };
  const skip = (line: number, reason: SheetSkipReason) => {
    report.skipped += 1;
    if (report.skips.length < MAX_SHEET_REASONS) report.skips.push({ line, ...reason });
  };
  const seenBarcodes = new Map<string, number>();
  const seenNames = new Map<string, number>();
  const seenIds = new Map<string, number>();
  const writes: SheetWrite[] = [];
  rows.forEach((cells, index) => {
    const line = firstLine + index;
    if (cells.every((cell) => String(cell ?? '').trim() === '')) return;
    report.rows += 1;
    if (report.rows > MAX_CATALOGUE_ROWS) return skip(line, { code: 'too-many-rows' });
    const read = readCatalogueRow(cells, mapping);
    if (!read.ok) return skip(line, read.problem);
    const { row } = read;
    const nameKey = nameBrandKey(row.name, row.brand ?? '');
    const codeKeys = row.barcode ? barcodeIdentity(row.barcode) : [];
    const earlier =
      codeKeys.map((key) => seenBarcodes.get(key)).find((seen) => seen !== undefined) ??
      seenNames.get(nameKey);
    if (earlier !== undefined) return skip(line, { code: 'duplicate-in-file', firstLine: earlier });
    const byCode = codeKeys.map((key) => byBarcode.get(key)).find((product) => product !== undefined);
    const sameName = byNameBrand.get(nameKey);
    const stored =
      byCode ??
      (sameName && !(row.barcode && sameName.barcode && !sameBarcode(sameName.barcode, row.barcode))
        ? sameName
        : undefined);
    const earlierForProduct = stored ? seenIds.get(stored.id) : undefined;
    if (earlierForProduct !== undefined) {
      return skip(line, { code: 'duplicate-in-file', firstLine: earlierForProduct });
    }
    const result = draftFromSheetRow(row, stored, defaults);
    if (!result.ok) return skip(line, result.reason);
    const { draft } = result;
    for (const key of codeKeys) seenBarcodes.set(key, line);
    seenNames.set(nameKey, line);
    if (!stored) {
      report.added += 1;
      writes.push({ line, row });
      return;
    }
    seenIds.set(stored.id, line);
    if (sameDraft(draft, stored)) {
      report.unchanged += 1;
      return;
    }
    report.updated += 1;
    if (report.updates.length < MAX_SHEET_REASONS) {
      report.updates.push({
        line,
        reason: byCode ? 'same-barcode' : 'same-name-brand',
        name: stored.name,
      });
    }
    writes.push({ line, row, id: stored.id });
  });
  return { writes, report };
}

/** A cell of the export: text, or a number the spreadsheet can compute with. */
export type CatalogueCell = string | number;

/** The catalogue as a sheet: a header row in the shop's language, then one row per product. */
export function catalogueSheetRows(products: readonly Product[], language: 'fr' | 'ar'): CatalogueCell[][] {
  const headers = CATALOGUE_COLUMNS.map((column) => CATALOGUE_HEADERS[language][column]);
  const rows = products.map((product) =>
    CATALOGUE_COLUMNS.map((column): CatalogueCell => {
      switch (column) {
        case 'purchasePrice':
        case 'salePrice':
          return madFromCentimes(product[column]);
        case 'unit':
          return product.isBulk ? 'kg' : language === 'fr' ? 'unité' : 'وحدة';
        case 'packSize':
          return product.packSize ?? '';
        case 'barcode':
        case 'description':
          return product[column] ?? '';
        default:
          return product[column];
      }
    }),
  );
  return [headers, ...rows];
}

/** A cell as a CSV writes it: numbers with the decimal comma French spreadsheets expect. */
export function catalogueCellText(cell: CatalogueCell): string {
  return typeof cell === 'number' ? String(cell).replace('.', ',') : cell;
}
