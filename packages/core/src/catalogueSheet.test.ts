import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_COLUMNS,
  catalogueCellText,
  catalogueSheetRows,
  draftFromSheetRow,
  guessColumnMapping,
  MAX_SHEET_REASONS,
  planCatalogueImport,
  readCatalogueRow,
  readPriceCell,
  readQuantityCell,
  readVatCell,
  type CatalogueColumn,
} from './catalogueSheet.js';
import { VAT_RATES, type Product } from './entities.js';
import { MAX_AMOUNT_CENTIMES, MAX_QUANTITY } from './limits.js';

const defaults = { category: 'Divers', vat: 20 as const };
const NOW = '2026-01-01T00:00:00.000Z';

function product(fields: Partial<Product> & { name: string }): Product {
  return {
    id: `0190f0a0-0000-7000-8000-${String(Math.abs(hash(fields.name)))
      .padStart(12, '0')
      .slice(0, 12)}`,
    brand: '',
    category: 'Épicerie',
    purchasePrice: 0,
    salePrice: 100,
    vat: 20,
    stock: 0,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  };
}
function hash(text: string): number {
  let h = 7;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) | 0;
  return h;
}

describe('guessColumnMapping', () => {
  it('reads French, Arabic and English headers, the longest name first', () => {
    expect(
      guessColumnMapping(['Désignation', 'Prix de vente (MAD)', "Prix d'achat", 'Code barre', 'TVA %']),
    ).toEqual(['name', 'salePrice', 'purchasePrice', 'barcode', 'vat']);
    expect(guessColumnMapping(['الاسم', 'السعر', 'الباركود', 'العلامة', 'الفئة', 'المخزون'])).toEqual([
      'name',
      'salePrice',
      'barcode',
      'brand',
      'category',
      'stock',
    ]);
    expect(
      guessColumnMapping(['Item name', 'Category', 'Price', 'Cost', 'Barcode', 'In stock', 'Low stock']),
    ).toEqual(['name', 'category', 'salePrice', 'purchasePrice', 'barcode', 'stock', 'reorderThreshold']);
  });

  it('gives a field to one column only and leaves unknown columns out', () => {
    expect(guessColumnMapping(['Nom', 'Nom', 'Couleur', ''])).toEqual(['name', null, null, null]);
  });

  it('finds its own export headers in both languages', () => {
    for (const language of ['fr', 'ar'] as const) {
      const [headers] = catalogueSheetRows([], language);
      expect(guessColumnMapping(headers!.map(String))).toEqual([...CATALOGUE_COLUMNS]);
    }
  });
});

describe('cells', () => {
  it('reads prices with a comma or a dot, thousands, currencies and Arabic digits', () => {
    const price = (text: string) => readPriceCell(text);
    expect(price('12,50')).toEqual({ ok: true, value: 1250 });
    expect(price('12.50')).toEqual({ ok: true, value: 1250 });
    expect(price('1 234,50')).toEqual({ ok: true, value: 123450 });
    expect(price('1.234,50 DH')).toEqual({ ok: true, value: 123450 });
    expect(price('1,234.50')).toEqual({ ok: true, value: 123450 });
    expect(price('١٢٫٥٠ د.م.')).toEqual({ ok: true, value: 1250 });
    expect(price('-3')).toEqual({ ok: false, problem: 'negative' });
    expect(price('NaN')).toEqual({ ok: false, problem: 'unreadable' });
    expect(price('douze')).toEqual({ ok: false, problem: 'unreadable' });
    expect(price('99999999999')).toEqual({ ok: false, problem: 'too-large' });
  });

  it('reads quantities, VAT and refuses what is not one', () => {
    expect(readQuantityCell('2,5', true)).toEqual({ ok: true, value: 2.5 });
    expect(readQuantityCell('2,5', false)).toEqual({ ok: false, problem: 'not-whole' });
    expect(readQuantityCell('-1', false)).toEqual({ ok: false, problem: 'negative' });
    expect(readVatCell('20 %')).toEqual({ ok: true, value: 20 });
    expect(readVatCell('0,07')).toEqual({ ok: true, value: 7 });
    expect(readVatCell('19')).toEqual({ ok: false, problem: 'unknown-vat' });
  });
});

describe('planCatalogueImport', () => {
  const mapping = ['name', 'brand', 'barcode', 'salePrice', 'stock'] as const;

  it('adds, updates by barcode or by name + brand, and skips with the reason and the line', () => {
    const catalogue = [
      product({ name: 'Lait', brand: 'Centrale', barcode: '611', salePrice: 700 }),
      product({ name: 'Sucre', brand: 'Cosumar', salePrice: 1200 }),
      product({ name: 'Thé', brand: 'Sultan', salePrice: 1500 }),
    ];
    const rows = [
      ['Lait demi-écrémé', 'Centrale', '611', '7,50', ''],
      ['sucre ', 'COSUMAR', '', '12.5', '10'],
      ['Thé', 'Sultan', '', '15', ''],
      ['Farine', '', '', 'abc', ''],
      ['', '', '', '', ''],
      ['Huile', 'Lesieur', '622', '20', '3'],
      ['Huile', 'Lesieur', '', '21', '3'],
      ['', 'X', '', '1', ''],
    ];
    const { writes, report } = planCatalogueImport(rows, mapping, catalogue, defaults);
    expect(report).toMatchObject({ rows: 7, added: 1, updated: 2, unchanged: 1, skipped: 3 });
    expect(report.updates).toEqual([
      { line: 2, reason: 'same-barcode', name: 'Lait' },
      { line: 3, reason: 'same-name-brand', name: 'Sucre' },
    ]);
    expect(report.skips).toEqual([
      { line: 5, code: 'cell', column: 'salePrice', problem: 'unreadable', text: 'abc' },
      { line: 8, code: 'duplicate-in-file', firstLine: 7 },
      { line: 9, code: 'name-missing' },
    ]);
    expect(writes.map((write) => [write.line, write.id])).toEqual([
      [2, catalogue[0]!.id],
      [3, catalogue[1]!.id],
      [7, undefined],
    ]);
  });

  it('an update changes only the cells the row gives', () => {
    const stored = product({
      name: 'Sucre',
      brand: 'Cosumar',
      stock: -2,
      salePrice: 1200,
      reorderThreshold: 9,
    });
    const read = readCatalogueRow(['Sucre', 'Cosumar', '', '13'], ['name', 'brand', 'barcode', 'salePrice']);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const result = draftFromSheetRow(read.row, stored, defaults);
    expect(result).toMatchObject({
      ok: true,
      draft: { salePrice: 1300, stock: -2, reorderThreshold: 9, vat: 20 },
    });
  });

  it('lists the first reasons and counts the rest', () => {
    const rows = Array.from({ length: 50 }, (_, index) => [`P${index}`, '', '', '-1', '']);
    const { report } = planCatalogueImport(rows, mapping, [], defaults);
    expect(report.skipped).toBe(50);
    expect(report.skips).toHaveLength(MAX_SHEET_REASONS);
  });

  it('never throws on any cells, whatever the mapping', () => {
    const mappingArb = fc.array(fc.option(fc.constantFrom(...CATALOGUE_COLUMNS), { nil: null }), {
      maxLength: 14,
    });
    const cell = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('1e400', '-0', ',', '.', '%'),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 14 }), { maxLength: 20 }), mappingArb, (rows, map) => {
        const { report, writes } = planCatalogueImport(rows, map, [], defaults);
        expect(report.added + report.updated + report.unchanged + report.skipped).toBe(report.rows);
        expect(writes).toHaveLength(report.added + report.updated);
      }),
    );
  });
});

/** A catalogue the shop could have: distinct barcodes and names, texts as a form would keep them. */
const text = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: max, unit: 'grapheme' })
    .map((value) => value.trim())
    .filter((value) => value.length > 0 && value.length <= max);
const productArb = fc
  .record({
    name: text(30),
    brand: fc.oneof(fc.constant(''), text(20)),
    category: text(20),
    barcode: fc.option(fc.stringMatching(/^[0-9A-Za-z-]{1,20}$/), { nil: undefined }),
    purchasePrice: fc.integer({ min: 0, max: MAX_AMOUNT_CENTIMES }),
    salePrice: fc.integer({ min: 0, max: MAX_AMOUNT_CENTIMES }),
    vat: fc.constantFrom(...VAT_RATES),
    isBulk: fc.boolean(),
    stockMilli: fc.integer({ min: 0, max: MAX_QUANTITY * 1000 }),
    thresholdMilli: fc.integer({ min: 0, max: 100_000 }),
    packSize: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
    description: fc.option(text(60), { nil: undefined }),
  })
  .map(({ stockMilli, thresholdMilli, barcode, packSize, description, ...fields }) =>
    product({
      ...fields,
      stock: fields.isBulk ? stockMilli / 1000 : Math.floor(stockMilli / 1000),
      reorderThreshold: fields.isBulk ? thresholdMilli / 1000 : Math.floor(thresholdMilli / 1000),
      ...(barcode ? { barcode } : {}),
      ...(packSize ? { packSize } : {}),
      ...(description ? { description } : {}),
    }),
  );
const catalogueArb = fc
  .uniqueArray(productArb, {
    maxLength: 15,
    selector: (p) => `${p.name.toLowerCase()}|${p.brand.toLowerCase()}`,
  })
  .filter((products) => {
    const codes = products.flatMap((p) => (p.barcode ? [p.barcode] : []));
    return new Set(codes).size === codes.length;
  });

const FIELDS: (keyof Product)[] = [
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
];
const fieldsOf = (p: object) => Object.fromEntries(FIELDS.map((field) => [field, (p as Product)[field]]));

describe('export then import', () => {
  it('gives the same products, in French and in Arabic; into the same shop it changes nothing', () => {
    fc.assert(
      fc.property(catalogueArb, fc.constantFrom('fr' as const, 'ar' as const), (catalogue, language) => {
        const [headers, ...rows] = catalogueSheetRows(catalogue, language).map((row) =>
          row.map(catalogueCellText),
        );
        const mapping = guessColumnMapping(headers!);
        const fresh = planCatalogueImport(rows, mapping, [], defaults);
        expect(fresh.report.skips).toEqual([]);
        const imported = fresh.writes.map((write) => {
          const result = draftFromSheetRow(write.row, undefined, defaults);
          if (!result.ok) throw new Error('refused');
          return fieldsOf(result.draft);
        });
        expect(imported).toEqual(catalogue.map(fieldsOf));
        const again = planCatalogueImport(rows, mapping, catalogue, defaults);
        expect(again.report).toMatchObject({ unchanged: catalogue.length, added: 0, updated: 0, skipped: 0 });
      }),
    );
  });

  it('every column the export writes is one the import reads', () => {
    const columns: CatalogueColumn[] = [...CATALOGUE_COLUMNS];
    expect(catalogueSheetRows([], 'fr')[0]).toHaveLength(columns.length);
  });
});
