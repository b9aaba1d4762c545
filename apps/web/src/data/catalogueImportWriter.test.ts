import { guessColumnMapping, planCatalogueImport, type Product } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { writeCatalogueImport } from './catalogueImportWriter';
import { expandOutboxEntry } from './outbox';
import { pendingOperations } from './syncStore';
import { getProduct, listProducts } from './productsRepository';
import { adjustStock, listStockMovements } from './stockRepository';
import { aProduct, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);

const defaults = { category: 'Divers', vat: 20 as const };
const headers = ['Nom', 'Marque', 'Code-barres', 'Prix de vente', 'Stock'];

async function importRows(rows: string[][]) {
  const plan = planCatalogueImport(rows, guessColumnMapping(headers), await listProducts(), defaults);
  return { plan, result: await writeCatalogueImport(plan.writes, defaults) };
}

describe('writeCatalogueImport', () => {
  it('adds and updates products in one go, with their stock as movements and their operations for sync', async () => {
    const lait: Product = aProduct({
      name: 'Lait',
      brand: 'Centrale',
      barcode: '611',
      salePrice: 700,
      stock: 4,
    });
    await storeRecords({ products: [lait] });
    const { result } = await importRows([
      ['Lait', 'Centrale', '611', '7,50', ''],
      ['Huile', 'Lesieur', '622', '20.00', '3'],
    ]);
    expect(result).toEqual({ added: 1, updated: 1, unchanged: 0, skipped: 0 });
    expect(await getProduct(lait.id)).toMatchObject({ salePrice: 750, stock: 4, createdAt: lait.createdAt });
    const huile = (await listProducts()).find((product) => product.name === 'Huile');
    expect(huile).toMatchObject({ brand: 'Lesieur', category: 'Divers', vat: 20, salePrice: 2000, stock: 3 });
    expect((await listStockMovements(huile!.id)).map((m) => [m.kind, m.delta])).toEqual([['import', 3]]);
    const operations = (await pendingOperations()).flatMap(expandOutboxEntry);
    expect(operations.map((op) => op.type).sort()).toEqual([
      'product.upsert',
      'product.upsert',
      'stock.move',
    ]);
  });

  it('keeps a stock sold since the preview when the file gives none', async () => {
    const lait = aProduct({ name: 'Lait', brand: '', barcode: '611', stock: 10 });
    await storeRecords({ products: [lait] });
    const plan = planCatalogueImport(
      [['Lait', '', '611', '9', '']],
      guessColumnMapping(headers),
      [lait],
      defaults,
    );
    await adjustStock(lait.id, -1);
    await adjustStock(lait.id, -1);
    await writeCatalogueImport(plan.writes, defaults);
    expect(await getProduct(lait.id)).toMatchObject({ salePrice: 900, stock: 8 });
  });

  it('writes nothing when every row matches its product already', async () => {
    const lait = aProduct({ name: 'Lait', brand: 'Centrale', barcode: '611', salePrice: 700, stock: 4 });
    await storeRecords({ products: [lait] });
    const before = await tx('r', ['outbox'], (t) => t.outbox.count());
    const { plan, result } = await importRows([['Lait', 'Centrale', '611', '7', '4']]);
    expect(plan.report.unchanged).toBe(1);
    expect(result).toEqual({ added: 0, updated: 0, unchanged: 0, skipped: 0 });
    expect(await tx('r', ['outbox'], (t) => t.outbox.count())).toBe(before);
  });

  it('an update keeps a stock no form would type (a backup\'s 18.035 "units", a stock below zero) exactly', async () => {
    const lentilles = aProduct({
      name: 'Lentilles',
      brand: '',
      barcode: '611',
      salePrice: 900,
      stock: 18.035,
    });
    const pain = aProduct({ name: 'Pain', brand: '', barcode: '622', salePrice: 120, stock: -3 });
    await storeRecords({ products: [lentilles, pain] });
    const { plan, result } = await importRows([
      ['Lentilles', '', '611', '9,50', '18,035'],
      ['Pain', '', '622', '1,30', '-3'],
    ]);
    expect(plan.report.skips).toEqual([]);
    expect(result).toEqual({ added: 0, updated: 2, unchanged: 0, skipped: 0 });
    expect(await getProduct(lentilles.id)).toMatchObject({ salePrice: 950, stock: 18.035 });
    expect(await getProduct(pain.id)).toMatchObject({ salePrice: 130, stock: -3 });
    expect(await listStockMovements(lentilles.id)).toEqual([]);
  });
});
