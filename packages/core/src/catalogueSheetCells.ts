// A spreadsheet's cells read the shop's way: column headers in French, Arabic or English, prices with a comma or a dot.
import { VAT_RATES, type VatRate } from './entities.js';
import { textProblem } from './limits.js';
import { parseMadInput, parseQuantityInput } from './money.js';
import { latinNumberText } from './digits.js';

/** The columns a catalogue sheet may have, in the order the export writes them. */
export const CATALOGUE_COLUMNS = [
  'name',
  'brand',
  'category',
  'barcode',
  'purchasePrice',
  'salePrice',
  'vat',
  'stock',
  'reorderThreshold',
  'unit',
  'packSize',
  'description',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];
/** For each column of the file, the product field it fills, or null when it is left out. */
export type ColumnMapping = readonly (CatalogueColumn | null)[];

/** What the export writes as headers: the first name of each column in the shop's language. */
export const CATALOGUE_HEADERS: Record<'fr' | 'ar', Record<CatalogueColumn, string>> = {
  fr: {
    name: 'Nom',
    brand: 'Marque',
    category: 'Catégorie',
    barcode: 'Code-barres',
    purchasePrice: "Prix d'achat",
    salePrice: 'Prix de vente',
    vat: 'TVA',
    stock: 'Stock',
    reorderThreshold: "Seuil d'alerte",
    unit: 'Unité',
    packSize: 'Unités par paquet',
    description: 'Description',
  },
  ar: {
    name: 'الاسم',
    brand: 'العلامة',
    category: 'الفئة',
    barcode: 'الباركود',
    purchasePrice: 'سعر الشراء',
    salePrice: 'سعر البيع',
    vat: 'الضريبة',
    stock: 'المخزون',
    reorderThreshold: 'حد التنبيه',
    unit: 'الوحدة',
    packSize: 'الوحدات في العلبة',
    description: 'الوصف',
  },
};

// Other names shops and other tills (Loyverse, Odoo, a supplier's price list) give the same columns.
const SYNONYMS: Record<CatalogueColumn, readonly string[]> = {
  name: [
    'nom',
    'nom du produit',
    'produit',
    'article',
    'désignation',
    'libellé',
    'name',
    'product',
    'product name',
    'item',
    'item name',
    'اسم',
    'اسم المنتج',
    'المنتج',
    'السلعة',
  ],
  brand: ['marque', 'fabricant', 'brand', 'manufacturer', 'الماركة', 'العلامة التجارية'],
  category: ['catégorie', 'famille', 'rayon', 'category', 'product category', 'التصنيف', 'الصنف', 'فئة'],
  barcode: [
    'code-barres',
    'code barre',
    'code barres',
    'codebarre',
    'ean',
    'ean13',
    'gtin',
    'upc',
    'barcode',
    'bar code',
    'الرمز الشريطي',
    'رمز شريطي',
    'باركود',
  ],
  purchasePrice: [
    "prix d'achat",
    'prix achat',
    'achat',
    'coût',
    "coût d'achat",
    'prix de revient',
    'cost',
    'purchase price',
    'سعر الشراء',
    'ثمن الشراء',
    'التكلفة',
  ],
  salePrice: [
    'prix de vente',
    'prix vente',
    'prix',
    'pv',
    'price',
    'sale price',
    'selling price',
    'sales price',
    'السعر',
    'سعر البيع',
    'ثمن البيع',
    'الثمن',
  ],
  vat: ['tva', 'taux tva', 'taxe', 'vat', 'tax', 'الضريبة', 'الضريبة على القيمة المضافة', 'ض.ق.م'],
  stock: [
    'stock',
    'quantité',
    'qté',
    'quantité en stock',
    'quantity',
    'qty',
    'in stock',
    'المخزون',
    'الكمية',
  ],
  reorderThreshold: [
    "seuil d'alerte",
    'seuil',
    'stock minimum',
    'stock min',
    'threshold',
    'low stock',
    'reorder point',
    'low stock alert',
    'حد التنبيه',
    'الحد الأدنى',
  ],
  unit: ['unité', 'unité de mesure', 'vente', 'unit', 'sold by', 'الوحدة', 'وحدة'],
  packSize: ['unités par paquet', 'colisage', 'pack', 'pack size', 'units per pack', 'الوحدات في العلبة'],
  description: ['description', 'détails', 'note', 'notes', 'الوصف', 'وصف'],
};

const MARKS = /[\p{M}\u0640]/gu; // accents, Arabic short vowels and the tatweel
const NOT_LETTERS = /[^\p{L}\p{N}]+/gu;

/** A header as compared: lower case, no accents, no spaces, punctuation or units in brackets. */
export function headerKey(header: string): string {
  return header
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(NOT_LETTERS, '');
}

const KNOWN_HEADERS: ReadonlyArray<{ key: string; column: CatalogueColumn }> = CATALOGUE_COLUMNS.flatMap(
  (column) =>
    [CATALOGUE_HEADERS.fr[column], CATALOGUE_HEADERS.ar[column], ...SYNONYMS[column]].map((name) => ({
      key: headerKey(name),
      column,
    })),
)
  // Longest first, so that "prix d'achat" is not taken for "prix".
  .sort((a, b) => b.key.length - a.key.length);

/**
 * Which product field each column of the file fills, from its header: the exact name first, then a
 * header that contains a known name ("Prix de vente TTC"). A field is given to one column only.
 */
export function guessColumnMapping(headers: readonly string[]): (CatalogueColumn | null)[] {
  const mapping: (CatalogueColumn | null)[] = headers.map(() => null);
  const taken = new Set<CatalogueColumn>();
  const keys = headers.map((header) => headerKey(String(header)));
  const pass = (matches: (key: string, known: string) => boolean) =>
    keys.forEach((key, index) => {
      if (mapping[index] !== null || key === '') return;
      const found = KNOWN_HEADERS.find((known) => !taken.has(known.column) && matches(key, known.key));
      if (!found) return;
      mapping[index] = found.column;
      taken.add(found.column);
    });
  pass((key, known) => key === known);
  pass((key, known) => known.length >= 3 && key.includes(known));
  return mapping;
}

const SPACES = /[\s\u00a0\u202f]+/g;
// A currency written with the amount ("12,50 DH", "MAD 12.50", "12 د.م.").
const CURRENCY = /mad|dhs?|dirhams?|د\.?\s?م\.?|درهم|€|eur|\$|usd/gi;

/** A cell's text with Arabic-Indic digits and separators as Latin ones, spaces trimmed. */
export function cellText(cell: string): string {
  return latinNumberText(cell).replace(SPACES, ' ').trim();
}

/**
 * A number as typed in a sheet with one decimal mark: "1 234,50", "1.234,50", "1,234.50", "12.5".
 * When both a comma and a dot appear, the last one is the decimal mark; a mark repeated is thousands.
 */
function decimalText(text: string): string {
  const compact = text.replace(SPACES, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? /\./g : /,/g;
    return compact.replace(thousands, '');
  }
  for (const mark of [',', '.']) {
    if (compact.indexOf(mark) !== compact.lastIndexOf(mark)) return compact.split(mark).join('');
  }
  return compact;
}

/** Why a cell could not be read; the report says it in the shopkeeper's words. */
export type CellProblem =
  'unreadable' | 'negative' | 'too-large' | 'not-whole' | 'unknown-vat' | 'unknown-unit';
export type CellRead<T> = { ok: true; value: T } | { ok: false; problem: CellProblem };

const NEGATIVE = /^[-−]/;
const PERCENT = /%$/;

/** A price in MAD as centimes; empty cells are left to the caller. */
export function readPriceCell(cell: string): CellRead<number> {
  const text = cellText(cell).replace(CURRENCY, '').trim();
  if (NEGATIVE.test(text)) return { ok: false, problem: 'negative' };
  const decimal = decimalText(text);
  const parsed = parseMadInput(decimal);
  if (!parsed.invalid) return { ok: true, value: parsed.value };
  return { ok: false, problem: /^\d*[.,]?\d+$/.test(decimal) ? 'too-large' : 'unreadable' };
}

const EXACT_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

/** "5.55e-17" (how a number's shortest text writes it when tiny) as plain digits: "0.000000". */
function plainDecimal(decimal: string): string {
  if (!/e/i.test(decimal) || !EXACT_NUMBER.test(decimal.replace(',', '.'))) return decimal;
  const value = Number(decimal.replace(',', '.'));
  return Number.isFinite(value) && Math.abs(value) < 1e21 ? value.toFixed(6) : decimal;
}

/** A stock or threshold: whole units, or kg to the gram for products sold by weight. */
export function readQuantityCell(cell: string, isBulk: boolean): CellRead<number> {
  const text = cellText(cell);
  if (NEGATIVE.test(text)) return { ok: false, problem: 'negative' };
  const decimal = plainDecimal(decimalText(text));
  const parsed = parseQuantityInput(decimal, isBulk);
  if (!parsed.invalid) return { ok: true, value: parsed.value };
  if (!/^\d*[.,]?\d+$/.test(decimal)) return { ok: false, problem: 'unreadable' };
  return parseQuantityInput(decimal, true).invalid
    ? { ok: false, problem: 'too-large' }
    : { ok: false, problem: 'not-whole' };
}

/**
 * The number a cell holds, exactly as written, sign and exponent included ("-3", "18,035",
 * "18.035000000000004", "5.55e-17"): what the export writes for any stored quantity. No rule applied.
 */
export function readExactNumberCell(cell: string): number | undefined {
  const text = decimalText(cellText(cell).replace(/^−/, '-')).replace(',', '.');
  if (!EXACT_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A VAT rate: "20", "20 %", "20,0" or a fraction "0.2". */
export function readVatCell(cell: string): CellRead<VatRate> {
  const text = decimalText(cellText(cell).replace(PERCENT, '').trim()).replace(',', '.');
  const number = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const percent = number > 0 && number < 1 ? Math.round(number * 1000) / 10 : number;
  const rate = VAT_RATES.find((known) => known === percent);
  return rate === undefined ? { ok: false, problem: 'unknown-vat' } : { ok: true, value: rate };
}

const BY_WEIGHT = new Set(
  [
    'kg',
    'kilo',
    'kilogramme',
    'kilogram',
    'vrac',
    'poids',
    'aupoids',
    'bulk',
    'weight',
    'كغ',
    'كلغ',
    'كيلو',
    'كيلوغرام',
    'بالوزن',
  ].map(headerKey),
);
const BY_UNIT = new Set(
  [
    'u',
    'un',
    'unité',
    'unite',
    'pièce',
    'piece',
    'pc',
    'pcs',
    'unit',
    'each',
    'ea',
    'وحدة',
    'قطعة',
    'بالوحدة',
  ].map(headerKey),
);

/** Sold by weight (kg) or by the unit. */
export function readUnitCell(cell: string): CellRead<boolean> {
  const key = headerKey(cell);
  if (BY_WEIGHT.has(key)) return { ok: true, value: true };
  if (BY_UNIT.has(key)) return { ok: true, value: false };
  return { ok: false, problem: 'unknown-unit' };
}

/** A text cell, or why it cannot be kept: longer than `max`, or characters no database stores. */
export function readTextCell(cell: string, max: number): CellRead<string> {
  const text = cell.trim();
  if (textProblem(text)) return { ok: false, problem: 'unreadable' };
  if (text.length > max) return { ok: false, problem: 'too-large' };
  return { ok: true, value: text };
}
