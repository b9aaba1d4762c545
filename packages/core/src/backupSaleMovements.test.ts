import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBackupText } from './backupImport.js';
import { movementFromFile, saleMovementFromFile, salesOfFile, type ReadContext } from './backupRecords.js';
import { RecordRejected } from './backupConvert.js';
import { newId } from './ids.js';

const DATE = '2025-03-10T09:15:00.000Z';
const DEVICE = '01900000-0000-7000-8000-000000000001';

function context(): ReadContext {
  return { exportDate: DATE, maxPhotoChars: 1000, regeneratedIds: new Set(), productVat: new Map() };
}

/** A sale as the file writes it (MAD decimals). */
function rawSale(over: Record<string, unknown> = {}) {
  return {
    id: newId(),
    ticketNumber: 'AB-000001',
    date: DATE,
    items: [
      { productId: newId(), productName: 'Thé', quantity: 2, unitPrice: 15, total: 30, vatRate: 20, vat: 6 },
    ],
    subtotal: 30,
    vat: 6,
    discount: 0,
    total: 36,
    paymentMethod: 'cash',
    printed: false,
    shared: false,
    deviceId: DEVICE,
    ...over,
  };
}

function lineMovement(sale: ReturnType<typeof rawSale>, over: Record<string, unknown> = {}) {
  return {
    id: newId(),
    productId: sale.items[0]!.productId,
    kind: 'sale',
    delta: -2,
    at: sale.date,
    saleId: sale.id,
    deviceId: sale.deviceId,
    ...over,
  };
}

/** The file's sales as the import reads them, by their id in the file. */
function salesMap(sales: ReturnType<typeof rawSale>[]) {
  const parsed = parseBackupText(JSON.stringify({ formatVersion: 2, exportDate: DATE, sales }));
  if (!parsed.ok) throw new Error(parsed.error);
  const rows = parsed.backup.sales.map((value) => ({
    value,
    index: sales.findIndex((sale) => sale.id.toLowerCase() === value.id),
  }));
  return salesOfFile(rows, sales);
}

describe('a sale line movement read against its sale', () => {
  it('is read exactly as in full when it repeats its sale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<string | undefined>(DEVICE, undefined),
        fc.constantFrom('2025-03-10T09:15:00.000Z', '2025-03-10T10:15:00+01:00'),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.boolean(),
        (deviceId, date, delta, upperCase) => {
          const sale = rawSale({ deviceId, date });
          const movement = lineMovement(sale, { delta, deviceId });
          if (upperCase) movement.id = movement.id.toUpperCase();
          const ctx = context();
          const quick = saleMovementFromFile(movement, ctx, salesMap([sale]));
          expect(quick).toBeDefined();
          expect(quick).toEqual(movementFromFile(movement, context()));
        },
      ),
    );
  });

  it('is read in full when it does not repeat its sale', () => {
    const sale = rawSale();
    const ctx = context();
    const sales = salesMap([sale]);
    for (const over of [
      { at: '2025-03-10T09:16:00.000Z' },
      { deviceId: 'another-phone' },
      { note: 'Casse' },
      { kind: 'restock' },
      { saleId: newId() },
    ]) {
      expect(
        saleMovementFromFile(lineMovement(sale, over), ctx, sales),
        JSON.stringify(over),
      ).toBeUndefined();
    }
  });

  it('still refuses a bad id, product or delta', () => {
    const sale = rawSale();
    const ctx = context();
    const sales = salesMap([sale]);
    for (const over of [
      { id: '' },
      { productId: null },
      { delta: 'beaucoup' },
      { delta: Number.POSITIVE_INFINITY },
    ]) {
      expect(() => saleMovementFromFile(lineMovement(sale, over), ctx, sales)).toThrow(RecordRejected);
      expect(() => movementFromFile(lineMovement(sale, over), context())).toThrow(RecordRejected);
    }
  });

  it('gives the same import plan as reading every movement in full', () => {
    const sales = [
      rawSale(),
      rawSale({ deviceId: undefined }),
      rawSale({ date: '2025-03-11T08:00:00.000Z' }),
    ];
    const movements = [
      ...sales.map((sale) => lineMovement(sale)),
      lineMovement(sales[0]!, { note: 'Casse', id: newId() }),
      {
        id: 'mouvement-7',
        productId: sales[1]!.items[0]!.productId,
        kind: 'sale',
        delta: -1,
        at: DATE,
        saleId: sales[1]!.id,
      },
    ];
    const parsed = parseBackupText(
      JSON.stringify({ formatVersion: 2, exportDate: DATE, sales, stockMovements: movements }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const ctx = context();
    const inFull = movements.map((movement) => movementFromFile(movement, ctx).value);
    expect(parsed.backup.stockMovements.filter((m) => m.kind === 'sale')).toEqual(inFull);
    expect(parsed.report.rejectedCount).toBe(0);
  });
});
