// Spreadsheet files of the catalogue: a CSV (Papa Parse) or an .xlsx (read-excel-file) read into rows of text,
// and the catalogue written back as CSV (UTF-8 with BOM, for Excel) or .xlsx (write-excel-file).
import {
  catalogueCellText,
  catalogueSheetRows,
  MAX_CATALOGUE_ROWS,
  type CatalogueCell,
  type Product,
} from '@hanouti/core';
import Papa from 'papaparse';

/** Largest file read: a catalogue of 20,000 lines is a few MB. */
export const MAX_SHEET_FILE_BYTES = 10 * 1024 * 1024;

export type SheetFileError = 'too-large' | 'old-excel' | 'unreadable' | 'empty' | 'too-many-rows';
/** The header row, the rows under it, and the line number (from 1) of the first of them. */
export type SheetFile =
  { ok: true; headers: string[]; rows: string[][]; firstLine: number } | { ok: false; error: SheetFileError };

// A cell that a spreadsheet would run as a formula is written with a leading apostrophe (Papa's
// escapeFormulae); reading takes it off again, so that a name starting with "=" comes back as it was.
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

const isXlsxName = (name: string) => /\.xlsx$/i.test(name);
const isOldExcelName = (name: string) => /\.xls$/i.test(name);

async function startsLikeZip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b; // "PK": an .xlsx is a zip
}

/** The file's text: UTF-8 (with or without BOM), else Windows-1252 as older Excel saves CSV. */
async function csvText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const DELIMITERS = [';', ',', '\t', '|'] as const;

/**
 * The separator of the header line: the one it has most of (semicolons first, as French Excel writes).
 * Papa's own guess weighs every line, and a decimal comma in the prices made it pick the comma.
 */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (mark: string) => header.split(mark).length - 1;
  return DELIMITERS.reduce((best, mark) => (count(mark) > count(best) ? mark : best), DELIMITERS[0]);
}

function readCsv(text: string): string[][] {
  // Blank lines are kept (and passed over by the plan) so that line numbers are the file's.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) });
  return parsed.data.map((row) => row.map((cell) => String(cell).replace(ESCAPED_FORMULA, '')));
}

/**
 * write-excel-file (4.1.1, the latest) finds its shared strings in a plain object, so a text that names a member
 * of Object.prototype ("valueOf", "constructor", "toString"…) is written as that member's source. Such a text is
 * written with an invisible word joiner (U+2060) at its end, and the joiner is taken off again when read.
 */
const WORD_JOINER = '\u2060';
const namesObjectMember = (text: string) => Object.prototype.hasOwnProperty.call(Object.prototype, text);

/**
 * OOXML's escaped string (ST_Xstring): a character an XML file cannot hold is written `_xHHHH_` (one per UTF-16
 * unit, as Excel does), and a text's own `_` before `xHHHH_` is written `_x005F_` so that it keeps its meaning;
 * read-excel-file decodes both. write-excel-file itself would drop such characters, and with them U+FFFD, the
 * C1 controls and the non-characters it calls discouraged — a category "\u0001" came back empty (so "Divers"),
 * and a name "_x0041_" came back "A".
 */
const XLSX_ESCAPED =
  // eslint-disable-next-line no-control-regex -- the control characters XML cannot hold are what it finds
  /_(?=x[0-9A-Fa-f]{4}_)|[\0-\x08\x0B\x0C\x0D\x0E-\x1F\x7F-\x84\x86-\x9F\uFDD0-\uFDEF\uFFFD-\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]/g;
const xlsxEscapedUnit = (unit: string) =>
  `_x${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
const xlsxEscaped = (text: string) =>
  text.replace(XLSX_ESCAPED, (found) => found.split('').map(xlsxEscapedUnit).join(''));
const xlsxSafeText = (text: string) => xlsxEscaped(namesObjectMember(text) ? `${text}${WORD_JOINER}` : text);
const xlsxReadText = (text: string) =>
  text.endsWith(WORD_JOINER) && namesObjectMember(text.slice(0, -1)) ? text.slice(0, -1) : text;

async function readXlsx(file: Blob): Promise<string[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  // Numbers come back as the text the file holds ("12.5", "6111234567890"): core reads them as typed.
  const data = await readSheet(file, { parseNumber: (text: string) => text });
  return data.map((row) =>
    row.map((cell) => {
      if (cell === null || cell === undefined) return '';
      if (cell instanceof Date) return cell.toISOString().slice(0, 10);
      return xlsxReadText(String(cell));
    }),
  );
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/** A chosen file as a header row and the rows under it, or why it cannot be read. */
export async function readSheetFile(file: File): Promise<SheetFile> {
  if (file.size > MAX_SHEET_FILE_BYTES) return { ok: false, error: 'too-large' };
  if (isOldExcelName(file.name)) return { ok: false, error: 'old-excel' };
  let rows: string[][];
  try {
    rows =
      isXlsxName(file.name) || (await startsLikeZip(file))
        ? await readXlsx(file)
        : readCsv(await csvText(file));
  } catch (error) {
    console.warn('Spreadsheet not read', error);
    return { ok: false, error: 'unreadable' };
  }
  const start = rows.findIndex((row) => !isBlank(row));
  const body = start < 0 ? [] : rows.slice(start + 1);
  const filled = body.filter((row) => !isBlank(row)).length;
  if (filled === 0) return { ok: false, error: 'empty' };
  if (filled > MAX_CATALOGUE_ROWS) return { ok: false, error: 'too-many-rows' };
  return { ok: true, headers: rows[start]!, rows: body, firstLine: start + 2 };
}

/** The catalogue as a CSV: semicolons and decimal commas as French Excel expects, UTF-8 with a BOM. */
export function catalogueCsv(products: readonly Product[], language: 'fr' | 'ar'): Blob {
  const rows = catalogueSheetRows(products, language).map((row) => row.map(catalogueCellText));
  const text = Papa.unparse(rows, { delimiter: ';', newline: '\r\n', escapeFormulae: true });
  return new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' });
}

/** The catalogue as an .xlsx: prices and stock as numbers, texts (barcodes too) as text. */
export async function catalogueXlsx(products: readonly Product[], language: 'fr' | 'ar'): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const rows = catalogueSheetRows(products, language).map((row, index) =>
    row.map((cell: CatalogueCell) =>
      index === 0
        ? { value: String(cell), fontWeight: 'bold' as const }
        : { value: typeof cell === 'string' ? xlsxSafeText(cell) : cell },
    ),
  );
  return writeXlsxFile(rows, {
    sheet: language === 'fr' ? 'Catalogue' : 'المنتجات',
    rightToLeft: language === 'ar',
    stickyRowsCount: 1,
    columns: rows[0]!.map((_, index) => ({ width: index === 0 || index === 11 ? 32 : 16 })),
  }).toBlob();
}

/** A dated file name: "catalogue-2026-11-26.csv". */
export function catalogueFileName(extension: 'csv' | 'xlsx', now = new Date()): string {
  return `catalogue-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Hands a file to the browser as a download. */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the URL can go once the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
