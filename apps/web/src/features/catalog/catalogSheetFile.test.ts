import {
  draftFromSheetRow,
  guessColumnMapping,
  planCatalogueImport,
  textProblem,
  VAT_RATES,
  type Product,
} from '@hanouti/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../data/testDatabase';
import { catalogueCsv, catalogueXlsx, readSheetFile } from './catalogSheetFile';

const defaults = { category: 'Divers', vat: 20 as const };
const FIELDS = [
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
const fieldsOf = (product: object) =>
  Object.fromEntries(FIELDS.map((field) => [field, (product as Product)[field]]));

/** The products a file gives back when imported into an empty shop. */
async function importedFrom(file: File): Promise<Record<string, unknown>[]> {
  const sheet = await readSheetFile(file);
  if (!sheet.ok) throw new Error(sheet.error);
  const plan = planCatalogueImport(
    sheet.rows,
    guessColumnMapping(sheet.headers),
    [],
    defaults,
    sheet.firstLine,
  );
  expect(plan.report.skips).toEqual([]);
  return plan.writes.map((write) => {
    const draft = draftFromSheetRow(write.row, undefined, defaults);
    if (!draft.ok) throw new Error('refused');
    return fieldsOf(draft.draft);
  });
}

const text = fc
  .string({ minLength: 1, maxLength: 24, unit: 'grapheme' })
  .map((value) => value.trim())
  .filter((value) => value.length > 0);
const productArb = fc
  .record({
    name: fc.oneof(
      text,
      text.map((value) => `=${value}`),
      fc.constantFrom('Thé "vert"; 200 g', 'حليب', '-1', 'valueOf', 'constructor', '__proto__'),
    ),
    brand: fc.oneof(fc.constant(''), text),
    category: text,
    barcode: fc.option(fc.stringMatching(/^[0-9]{8,13}$/), { nil: undefined }),
    salePrice: fc.integer({ min: 0, max: 100_000_000 }),
    vat: fc.constantFrom(...VAT_RATES),
    isBulk: fc.boolean(),
    milli: fc.integer({ min: 0, max: 10_000_000 }),
  })
  .map(({ milli, barcode, ...fields }) =>
    aProduct({
      ...fields,
      stock: fields.isBulk ? milli / 1000 : Math.floor(milli / 1000),
      ...(barcode ? { barcode } : {}),
    }),
  );
const catalogueArb = fc
  .uniqueArray(productArb, {
    minLength: 1,
    maxLength: 8,
    selector: (p) => `${p.name.toLowerCase()}|${p.brand.toLowerCase()}`,
  })
  .filter((products) => {
    const codes = products.flatMap((p) => (p.barcode ? [p.barcode] : []));
    return new Set(codes).size === codes.length;
  });

describe('catalogue files', () => {
  it('a CSV export imports back as the same products (accents, Arabic, quotes, formulas)', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        fc.constantFrom('fr' as const, 'ar' as const),
        async (products, language) => {
          const blob = catalogueCsv(products, language);
          const bytes = new Uint8Array(await blob.arrayBuffer());
          expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
          const imported = await importedFrom(new File([blob], 'catalogue.csv'));
          expect(imported).toEqual(products.map(fieldsOf));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('an Excel export imports back as the same products', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueArb, async (products) => {
        const blob = await catalogueXlsx(products, 'ar');
        const imported = await importedFrom(new File([blob], 'catalogue.xlsx'));
        expect(imported).toEqual(products.map(fieldsOf));
      }),
      { numRuns: 10 },
    );
  });

  it('an Excel export keeps the characters an XML file cannot hold, and texts that look like its escapes', async () => {
    const texts = [
      'a\u0001b',
      '\u001f',
      '\ufffd',
      'x\u007f\u0085\u009f',
      'a\rb',
      '_x0041_',
      '_x0041_x0042_',
      '__x005F_',
      '\ufdd0\uffff',
      'f\u{1fffe}',
      'tab\tline\nend',
    ];
    const products = texts.map((text, index) =>
      aProduct({ name: `${index}${text}`, brand: text, category: text, description: text }),
    );
    const imported = await importedFrom(new File([await catalogueXlsx(products, 'fr')], 'c.xlsx'));
    expect(
      imported.map(({ name, brand, category, description }) => ({ name, brand, category, description })),
    ).toEqual(
      products.map(({ name, brand, category, description }) => ({ name, brand, category, description })),
    );
  });

  it('a CSV or Excel export imports back any storable text', async () => {
    const storable = fc
      .string({ minLength: 1, maxLength: 16, unit: 'binary' })
      .filter((value) => textProblem(value) === undefined && value.trim() === value && value.length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(storable, { minLength: 1, maxLength: 6, selector: (v) => v.toLowerCase() }),
        fc.boolean(),
        async (names, asExcel) => {
          const products = names.map((name) => aProduct({ name, category: name, brand: '' }));
          const file = asExcel
            ? new File([await catalogueXlsx(products, 'fr')], 'c.xlsx')
            : new File([catalogueCsv(products, 'fr')], 'c.csv');
          const imported = await importedFrom(file);
          expect(imported.map(({ name, category }) => [name, category])).toEqual(
            names.map((name) => [name, name]),
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it('reads a Windows-1252 CSV with semicolons, and says why a file cannot be read', async () => {
    const latin1 = new Uint8Array([...'Nom;Prix\r\nThé;12,50\r\n'].map((char) => char.charCodeAt(0)));
    const sheet = await readSheetFile(new File([latin1], 'vieux.csv'));
    expect(sheet).toEqual({
      ok: true,
      headers: ['Nom', 'Prix'],
      rows: [['Thé', '12,50'], ['']],
      firstLine: 2,
    });
    expect(await readSheetFile(new File(['Nom;Prix\n'], 'vide.csv'))).toEqual({ ok: false, error: 'empty' });
    expect(await readSheetFile(new File(['x'], 'old.xls'))).toEqual({ ok: false, error: 'old-excel' });
    expect(await readSheetFile(new File(['PK garbage'], 'broken.xlsx'))).toEqual({
      ok: false,
      error: 'unreadable',
    });
  });
});
