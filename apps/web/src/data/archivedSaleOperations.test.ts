import {
  addProductToCart,
  emptyCart,
  newId,
  parseBackupText,
  parseHlc,
  type Sale,
  type StockMovement,
} from '@hanouti/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isSaleReference,
  recordArchivedSaleOperations,
  writeOutArchivedSaleOperations,
} from './archivedSaleOperations';
import { exportAll, importBackupFile } from './backupService';
import { completeSale } from './checkoutRepository';
import { removeCorruptEntries } from './corruptEntries';
import { tx } from './db';
import { META } from './meta';
import { expandOutboxEntry } from './outbox';
import { pendingOperations } from './syncStore';
import { listProducts } from './productsRepository';
import { ARCHIVE_TABLES } from './saleArchive';
import { markPrinted } from './salesRepository';
import { prepareLocalData } from './startup';
import { resetDatabase, useStorableBlobs } from './testDatabase';

const NOW = new Date('2025-05-20T12:00:00Z');

type FileShape = { sales: Sale[]; stockMovements: StockMovement[] } & Record<string, unknown>;

/** Three sales of the sample shop, as a backup file. */
async function aBackup(): Promise<FileShape> {
  await resetDatabase();
  await prepareLocalData({ sweep: 'off' });
  const products = await listProducts();
  for (const [index, product] of products.slice(0, 3).entries()) {
    await completeSale(addProductToCart(emptyCart(), product), {
      now: new Date(Date.parse('2025-05-18T10:00:00Z') + index * 86_400_000),
    });
  }
  const file = JSON.parse(await (await exportAll({ now: NOW })).blob.text()) as FileShape;
  await resetDatabase();
  return file;
}

async function importFile(file: FileShape): Promise<void> {
  const text = JSON.stringify(file);
  const outcome = await importBackupFile(new File([text], 'sauvegarde.json', { type: 'application/json' }));
  if (!outcome.ok) throw new Error(outcome.reason);
}

const outboxEntries = () => tx('r', ['outbox'], (t) => t.outbox.orderBy('seq').toArray());
const referenceSeqs = async () => (await tx('r', ['meta'], (t) => t.meta.get(META.saleReferenceSeqs)))?.value;

describe("an import's sale operations", () => {
  let file: FileShape;
  beforeEach(async () => {
    useStorableBlobs();
    file = await aBackup();
  });

  it('are recorded by reference, then written out as the operations of the file, in seq order', async () => {
    await importFile(file);
    const references = (await outboxEntries()).filter((entry) => isSaleReference(entry.payload));
    expect(references).toHaveLength(1);
    expect(references[0]).toMatchObject({ type: 'sale.record', batch: 3, status: 'pending' });
    expect(await referenceSeqs()).toBe(JSON.stringify([references[0]!.seq]));

    const ops = await pendingOperations();
    expect(await referenceSeqs()).toBeUndefined();
    expect(ops.map((op) => op.seq)).toEqual(ops.map((_, index) => index + 1));
    const stamps = ops.map((op) => op.hlc ?? '');
    expect([...stamps].sort()).toEqual(stamps);
    expect(stamps.every((stamp) => parseHlc(stamp) !== undefined)).toBe(true);
    expect(new Set(ops.map((op) => op.opId)).size).toBe(ops.length);

    const parsed = parseBackupText(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.error);
    const saleOps = ops.filter((op) => op.type === 'sale.record');
    expect(saleOps.map((op) => (op.payload as { sale: Sale }).sale)).toEqual(parsed.backup.sales);
    for (const op of saleOps) {
      const { sale, movements } = op.payload as { sale: Sale; movements: StockMovement[] };
      expect(movements).toEqual(
        parsed.backup.stockMovements.filter((movement) => movement.saleId === sale.id),
      );
    }
    // Written out once: a second call finds nothing to do, and the entries read back as before.
    expect(await writeOutArchivedSaleOperations()).toBe(0);
    expect(await pendingOperations()).toEqual(ops);
  });

  it("carry a sale's movements that could not ride inside its record", async () => {
    const sale = file.sales[0]!;
    const noted: StockMovement = {
      ...file.stockMovements.find((movement) => movement.saleId === sale.id)!,
      id: newId(),
      note: 'Casse au déballage',
    };
    await importFile({ ...file, stockMovements: [...file.stockMovements, noted] });
    const op = (await pendingOperations()).find(
      (candidate) =>
        candidate.type === 'sale.record' && (candidate.payload as { sale: Sale }).sale.id === sale.id,
    );
    const movements = (op!.payload as { movements: StockMovement[] }).movements;
    expect(movements).toContainEqual(noted);
    expect(movements).toHaveLength(2);
  });

  it('take the sale as it is when it changed before they were written out', async () => {
    await importFile(file);
    await markPrinted(file.sales[1]!.id);
    const ops = await pendingOperations();
    const printed = ops.find(
      (op) => op.type === 'sale.record' && (op.payload as { sale: Sale }).sale.id === file.sales[1]!.id,
    );
    expect((printed!.payload as { sale: Sale }).sale.printed).toBe(true);
  });

  it('keep the seq of a sale removed as corrupt, with a payload the server refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await importFile(file);
    await tx('rw', ARCHIVE_TABLES, async (t) => {
      const [page] = await t.saleArchive.toArray();
      await t.saleArchive.put({ ...page!, sales: [{ ...page!.sales[0]!, total: Number.NaN }] });
    });
    expect((await removeCorruptEntries(['saleArchive'])).total).toBe(1);
    const ops = await pendingOperations();
    expect(ops.map((op) => op.seq)).toEqual(ops.map((_, index) => index + 1));
    const lost = ops.find(
      (op) => op.type === 'sale.record' && (op.payload as { sale: Sale }).sale.id === file.sales[0]!.id,
    );
    expect(lost?.payload).toEqual({ sale: { id: file.sales[0]!.id }, movements: [] });
    vi.restoreAllMocks();
  });

  it('are never read while still references', async () => {
    await prepareLocalData({ sweep: 'off' });
    const [entry] = await tx('rw', ['meta', 'outbox'], (t) =>
      recordArchivedSaleOperations(t, [newId()], NOW.toISOString()),
    );
    expect(() => expandOutboxEntry(entry!)).toThrow(/not written out/);
  });
});
