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
import { barcodeIdentity } from './gtin.js';
import { MAX_AMOUNT_CENTIMES, MAX_QUANTITY, MAX_STOCK } from './limits.js';

const defaults = { category: 'Divers', vat: 20 as const };
const NOW = '2026-01-01T00:00:00.000Z';

function product(fields: Partial<Product> & { name: string }): Product {
  return {
    // Two products of the same name (other brands) are two products: the brand is in the id too.
    id: `0190f0a0-0000-7000-8000-${hash(`${fields.name}\u0000${fields.brand ?? ''}`)}`,
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
/**
 * 48 bits of FNV-1a (64-bit) over the UTF-8 bytes: distinct names do not share an id in practice (a 32-bit sum of
 * UTF-16 units did: "🐀" and "🐁" have the same first unit, and two products got one id).
 */
function hash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text))
    h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return (h >> 16n).toString(16).padStart(12, '0');
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

  it('matches a code in any of its spellings: a UPC-A with 12 or 13 digits, the 8 digits under a UPC-E', () => {
    const catalogue = [
      product({ name: 'Chips', brand: 'Lay', barcode: '0042100005264', salePrice: 500 }),
      product({ name: 'Soda', brand: 'Cola', barcode: '036000291452', salePrice: 800 }),
    ];
    const rows = [
      ['Chips nature', 'Lay', '04252614', '5', ''],
      ['Soda', 'Cola', '0036000291452', '9', ''],
      // The file's first row again, its code spelled otherwise: skipped.
      ['Chips', 'Lay', '0042100005264', '6', ''],
      // The same name and brand again, with another code: skipped too (the file's first row wins).
      ['Soda', 'Cola', '5449000000996', '9', ''],
    ];
    const { writes, report } = planCatalogueImport(rows, mapping, catalogue, defaults);
    expect(report.updates).toEqual([
      { line: 2, reason: 'same-barcode', name: 'Chips' },
      { line: 3, reason: 'same-barcode', name: 'Soda' },
    ]);
    expect(report.skips).toEqual([
      { line: 4, code: 'duplicate-in-file', firstLine: 2 },
      { line: 5, code: 'duplicate-in-file', firstLine: 3 },
    ]);
    expect(writes.map((write) => write.id)).toEqual([catalogue[0]!.id, catalogue[1]!.id]);
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
    // Distinct codes, in any spelling (a UPC-A with 12 digits and with 13 is one code).
    const codes = products.flatMap((p) => (p.barcode ? barcodeIdentity(p.barcode) : []));
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

/** Quantities a stored product may hold that no form would type: what backups and years of sales leave. */
const storedQuantityArb = fc.oneof(
  fc.integer({ min: 1000, max: MAX_QUANTITY }),
  fc.integer({ min: 0, max: MAX_QUANTITY * 1000 }).map((milli) => milli / 1000),
  fc.integer({ min: -MAX_QUANTITY, max: -1 }).map((milli) => milli / 1000),
  fc.integer({ min: MAX_QUANTITY, max: MAX_STOCK }),
  fc.double({ min: -MAX_STOCK, max: MAX_STOCK, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(18.035000000000004, 0.1 + 0.2 - 0.3, 1e-7, -0.035, 18035.125),
);
const oddProductArb = fc
  .record({
    name: text(30),
    brand: fc.oneof(fc.constant(''), text(20)),
    isBulk: fc.boolean(),
    stock: storedQuantityArb,
    reorderThreshold: fc.oneof(
      fc.integer({ min: 0, max: MAX_QUANTITY }),
      fc.double({ min: 0, max: MAX_QUANTITY, noNaN: true }),
    ),
    packSize: fc.option(fc.double({ min: 0.001, max: MAX_QUANTITY, noNaN: true }), { nil: undefined }),
  })
  .map(({ packSize, ...fields }) => product({ ...fields, ...(packSize ? { packSize } : {}) }));

/** The file the export writes, read back as a CSV reader gives it (every cell as text). */
function exported(catalogue: readonly Product[], language: 'fr' | 'ar') {
  const [headers, ...rows] = catalogueSheetRows(catalogue, language).map((row) => row.map(catalogueCellText));
  return { rows, mapping: guessColumnMapping(headers!) };
}

describe('export then import: any stored quantity', () => {
  it('a large shop\'s stocks (18 035 units, 18,035 kg, 18,035 "units" from a backup) come back as they were', () => {
    const shop = [
      product({ name: 'Lait 1 L', stock: 18035, reorderThreshold: 1200 }),
      product({ name: 'Semoule', isBulk: true, stock: 18.035, reorderThreshold: 2.5, packSize: 25 }),
      product({ name: 'Olives', isBulk: true, stock: 18035.125 }),
      product({ name: 'Lentilles', stock: 18.035 }), // a backup without is_bulk: a weight counted as units
      product({ name: 'Pain', stock: -3 }), // sold before it was counted
      product({ name: 'Sucre', isBulk: true, stock: 18.035000000000004 }),
      product({ name: 'Sel', isBulk: true, stock: 0.1 + 0.2 - 0.3 }),
      product({ name: 'Eau', stock: 250_000_000 }),
      product({ name: 'Thé', stock: 12, reorderThreshold: 2.5, packSize: 0.5 }),
    ];
    for (const language of ['fr', 'ar'] as const) {
      const { rows, mapping } = exported(shop, language);
      const again = planCatalogueImport(rows, mapping, shop, defaults);
      expect(again.report).toMatchObject({ unchanged: shop.length, added: 0, updated: 0, skipped: 0 });
      // A price changed in the spreadsheet updates the product and keeps every quantity as stored.
      const repriced = rows.map((row) =>
        row.map((cell, index) => (mapping[index] === 'salePrice' ? '9,90' : cell)),
      );
      const update = planCatalogueImport(repriced, mapping, shop, defaults);
      expect(update.report).toMatchObject({ updated: shop.length, skipped: 0 });
      update.writes.forEach((write, index) => {
        const result = draftFromSheetRow(write.row, shop[index], defaults);
        if (!result.ok) throw new Error('refused');
        expect(fieldsOf(result.draft)).toEqual({ ...fieldsOf(shop[index]!), salePrice: 990 });
      });
      // Into an empty shop, what a product form could hold comes back as it was; the rest says why.
      const fresh = planCatalogueImport(rows, mapping, [], defaults);
      expect(fresh.writes.map((write) => write.row.name)).toEqual([
        'Lait 1 L',
        'Semoule',
        'Olives',
        'Sucre',
        'Sel',
      ]);
      expect(fresh.report.skips.map(({ line: _line, ...skip }) => skip)).toEqual([
        { code: 'cell', column: 'stock', problem: 'not-whole', text: '18,035' },
        { code: 'cell', column: 'stock', problem: 'negative', text: '-3' },
        { code: 'cell', column: 'stock', problem: 'too-large', text: '250000000' },
        { code: 'cell', column: 'reorderThreshold', problem: 'not-whole', text: '2,5' },
      ]);
    }
  });

  it('into the same shop, any stored stock, threshold or pack size changes nothing, in French and in Arabic', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(oddProductArb, {
          maxLength: 10,
          selector: (p) => `${p.name.toLowerCase()}|${p.brand.toLowerCase()}`,
        }),
        fc.constantFrom('fr' as const, 'ar' as const),
        (catalogue, language) => {
          const { rows, mapping } = exported(catalogue, language);
          const again = planCatalogueImport(rows, mapping, catalogue, defaults);
          expect(again.report).toMatchObject({ unchanged: catalogue.length, skipped: 0 });
          rows.forEach((row, index) => {
            const read = readCatalogueRow(row, mapping);
            if (!read.ok) throw new Error('unread');
            const result = draftFromSheetRow(read.row, catalogue[index], defaults);
            if (!result.ok) throw new Error('refused');
            expect(fieldsOf(result.draft)).toEqual(fieldsOf(catalogue[index]!));
          });
        },
      ),
    );
  });
});
