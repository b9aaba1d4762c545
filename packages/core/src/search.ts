// Searching the catalogue and customers the way a shopkeeper types: no case, accents or Arabic vowel marks.
import type { Customer, Product } from './entities.js';
import { QUICK_ADD_LIMIT } from './constants.js';
import { gtinsOfPrintedCode } from './gtin.js';
import { latinDigits } from './digits.js';

// NFD splits accented letters and hamza/madda alef forms into base + mark; the marks then go, which also
// removes Arabic harakat (U+064B–U+065F) and the superscript alef (U+0670).
const MARKS = /\p{M}/gu;
const TATWEEL = /\u0640/g;
const WHITESPACE = /\s+/g;
const LETTER_FOLDS: Record<string, string> = {
  '\u0671': '\u0627', // ٱ alef wasla → ا (no decomposition of its own)
  '\u0649': '\u064a', // ى → ي
  '\u0629': '\u0647', // ة → ه
  œ: 'oe',
  æ: 'ae',
};
const FOLDABLE = /[\u0671\u0649\u0629œæ]/g;

/** Text as compared by every search: lower case, no accents, no Arabic diacritics, folded letter forms. */
export function normalizeForSearch(text: string): string {
  // Arabic-Indic and Persian digits as Latin ones, so that a phone or barcode typed either way matches.
  return latinDigits(text)
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(TATWEEL, '')
    .toLowerCase()
    .replace(FOLDABLE, (c) => LETTER_FOLDS[c] ?? c)
    .replace(WHITESPACE, ' ')
    .trim();
}

function queryWords(query: string): string[] {
  const normalized = normalizeForSearch(query);
  return normalized === '' ? [] : normalized.split(' ');
}

function everyWordFound(normalizedFields: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => normalizedFields.some((field) => field.includes(word)));
}

/** Every word of the query appears in one of the fields; an empty query matches everything. */
export function matchesQuery(fields: readonly (string | undefined)[], query: string): boolean {
  const words = queryWords(query);
  if (words.length === 0) return true;
  return everyWordFound(
    fields.map((field) => normalizeForSearch(field ?? '')),
    words,
  );
}

export type SearchField = 'name' | 'brand' | 'category' | 'barcode';
type IndexedProduct = { product: Product; fields: Record<SearchField, string> };
export type SearchIndex = { entries: IndexedProduct[] };
export type SearchOptions = {
  /** Fields the query is matched against (default name and brand). */
  fields?: readonly SearchField[];
  /** Only products with stock above 0 (quick add, review picker). */
  inStockOnly?: boolean;
  /** Only this category (the catalogue's chips). */
  category?: string;
  limit?: number;
};

/** The catalogue with its search fields normalised once, so a keystroke only compares strings. */
export function buildSearchIndex(products: readonly Product[]): SearchIndex {
  return {
    entries: products.map((product) => ({
      product,
      fields: {
        name: normalizeForSearch(product.name),
        brand: normalizeForSearch(product.brand),
        category: normalizeForSearch(product.category),
        barcode: product.barcode ?? '',
      },
    })),
  };
}

/** Products matching the query, in catalogue order. */
export function searchIndex(index: SearchIndex, query: string, options: SearchOptions = {}): Product[] {
  const words = queryWords(query);
  const fields = options.fields ?? ['name', 'brand'];
  const limit = options.limit ?? Infinity;
  const results: Product[] = [];
  const values: string[] = [];
  for (const entry of index.entries) {
    if (results.length >= limit) break;
    if (options.inStockOnly && !(entry.product.stock > 0)) continue;
    if (options.category !== undefined && entry.product.category !== options.category) continue;
    values.length = 0;
    for (const field of fields) values.push(entry.fields[field]);
    if (everyWordFound(values, words)) results.push(entry.product);
  }
  return results;
}

/** Catalogue search: name or brand. */
export function searchCatalog(products: readonly Product[], query: string): Product[] {
  return products.filter((p) => matchesQuery([p.name, p.brand], query));
}

/** Inventory search: name, brand or category. */
export function searchInventory(products: readonly Product[], query: string): Product[] {
  return products.filter((p) => matchesQuery([p.name, p.brand, p.category], query));
}

/** Quick add and review picker: name or brand, stock above 0, at most 10. */
export function quickAddSearch(products: readonly Product[], query: string): Product[] {
  const results: Product[] = [];
  for (const product of products) {
    if (results.length >= QUICK_ADD_LIMIT) break;
    if (product.stock > 0 && matchesQuery([product.name, product.brand], query)) results.push(product);
  }
  return results;
}

/** Phone digits in national form: separators dropped, +212 / 00212 written as the leading 0. */
export function phoneDigits(text: string): string {
  const digits = normalizeForSearch(text).replace(/[^\d+]/g, '');
  const national = digits.replace(/^(?:\+|00)212/, '0').replace(/\D/g, '');
  return national;
}

const PHONE_QUERY = /^[\d\s.+()-]+$/;

/** Customer search: name, or phone compared digit by digit (06 12… ≡ +212 6 12…). */
export function searchCustomers(customers: readonly Customer[], query: string): Customer[] {
  const normalized = normalizeForSearch(query);
  const digits = PHONE_QUERY.test(normalized) ? phoneDigits(normalized) : '';
  return customers.filter(
    (c) => (digits !== '' && phoneDigits(c.phone).includes(digits)) || matchesQuery([c.name, c.phone], query),
  );
}

/** A barcode as GTIN-13 when it is one: digits only, a 12-digit UPC-A gets its leading 0. */
export function normalizeGtin(code: string): string {
  const digits = normalizeForSearch(code).replace(/\D/g, '');
  if (digits.length === 12) return `0${digits}`;
  if (digits.length === 14 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * The keys a barcode matches by: `normalizeGtin`'s, and for the 8 digits printed under a UPC-E the GTIN-13 of
 * the UPC-A it stands for (what a scanner gives for that symbol).
 */
function barcodeKeys(code: string): string[] {
  const key = normalizeGtin(code);
  return key === '' ? [] : [key, ...gtinsOfPrintedCode(key).filter((gtin) => gtin !== key)];
}

/** The product carrying this barcode (EAN-13, UPC-A, UPC-E or EAN-8), if any. */
export function findByBarcode(products: readonly Product[], code: string): Product | undefined {
  const wanted = new Set(barcodeKeys(code));
  if (wanted.size === 0) return undefined;
  return products.find(
    (p) => p.barcode !== undefined && barcodeKeys(p.barcode).some((key) => wanted.has(key)),
  );
}
