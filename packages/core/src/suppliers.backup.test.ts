// The supplier notebook survives a backup: export → import gives the same suppliers, entries and balances;
// hostile values refuse the record, an entry without its supplier is left out, balance = Σ entries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportBackup, type BackupSource } from './backup.js';
import { parseBackupText, type ImportPlan, type ImportReport } from './backupImport.js';
import type { Supplier, SupplierEntry } from './entities.js';
import { isUuid, newId } from './ids.js';
import { emptyShop } from './testing/backupShops.js';
import { supplierBalance } from './suppliers.js';

const T0 = '2025-03-01T08:00:00.000Z';
const EXPORT = '2025-03-14T18:00:00.000Z';

function source(suppliers: Supplier[], supplierEntries: SupplierEntry[]): BackupSource {
  return { ...emptyShop(), suppliers, supplierEntries };
}

function imported(text: string): { plan: ImportPlan; report: ImportReport } {
  const result = parseBackupText(text);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return { plan: result.backup, report: result.report };
}

function supplier(over: Partial<Supplier> = {}): Supplier {
  return {
    id: newId(),
    name: 'Centrale Laitière',
    phone: '0612345678',
    balance: 0,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

function entry(supplierId: string, over: Partial<SupplierEntry> = {}): SupplierEntry {
  return {
    id: newId(),
    supplierId,
    type: 'delivery',
    amount: 125_050,
    description: 'Lait',
    date: T0,
    ...over,
  };
}

const byId = <T extends { id: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('the supplier notebook in a backup', () => {
  it('comes back from its own export: the same suppliers, entries and balances', () => {
    const dairy = supplier({ balance: 125_050 - 50_000 });
    const water = supplier({ name: 'Sidi Ali', phone: '', balance: -2_000 });
    const movementId = newId();
    const entries = [
      entry(dairy.id, { movementIds: [movementId] }),
      entry(dairy.id, { type: 'payment', amount: 50_000, description: '', date: '2025-03-02T08:00:00.000Z' }),
      entry(water.id, { type: 'payment', amount: 2_000, description: 'Avance' }),
    ];
    const text = JSON.stringify(exportBackup(source([dairy, water], entries), EXPORT));
    const { plan, report } = imported(text);
    expect(byId(plan.suppliers)).toEqual(byId([dairy, water]));
    expect(byId(plan.supplierEntries)).toEqual(byId(entries));
    expect(report.lists.suppliers).toEqual({ accepted: 2, reconciled: 0, skipped: 0, rejected: 0 });
    expect(report.lists.supplierEntries).toEqual({ accepted: 3, reconciled: 0, skipped: 0, rejected: 0 });
    expect(report.rejectedCount).toBe(0);
  });

  it('is absent from older files, which import as before', () => {
    const { plan, report } = imported(JSON.stringify({ formatVersion: 2, exportDate: EXPORT, products: [] }));
    expect(plan.suppliers).toEqual([]);
    expect(plan.supplierEntries).toEqual([]);
    expect(report.lists.suppliers).toEqual({ accepted: 0, reconciled: 0, skipped: 0, rejected: 0 });
    expect(report.ignoredKeys).toEqual([]);
  });

  it('refuses hostile values with a reason', () => {
    const good = supplier();
    const text = JSON.stringify({
      formatVersion: 2,
      exportDate: EXPORT,
      suppliers: [
        { ...good, balance: 0 },
        { ...supplier(), name: '' },
        { ...supplier(), balance: 'beaucoup' },
        { ...supplier(), phone: 42 },
        'pas un fournisseur',
      ],
      supplierEntries: [
        { ...entry(good.id), amount: -5 },
        { ...entry(good.id), amount: 0 },
        { ...entry(good.id), amount: 1e300 },
        { ...entry(good.id), type: 'gift' },
        { ...entry(good.id), date: 'hier' },
        { ...entry(good.id), movementIds: 'm1' },
        { ...entry(good.id), description: 'x'.repeat(501) },
      ],
    });
    const { plan, report } = imported(text);
    expect(plan.suppliers.map((s) => s.id)).toEqual([good.id]);
    expect(plan.supplierEntries).toEqual([]);
    expect(report.lists.suppliers.rejected).toBe(4);
    expect(report.lists.supplierEntries.rejected).toBe(7);
    expect(report.rejections.map((r) => `${r.list}:${r.code}:${r.field ?? ''}`)).toEqual([
      'suppliers:invalid-field:name',
      'suppliers:invalid-money:balance',
      'suppliers:invalid-field:phone',
      'suppliers:not-an-object:',
      'supplierEntries:invalid-money:amount',
      'supplierEntries:invalid-field:amount',
      'supplierEntries:invalid-money:amount',
      'supplierEntries:invalid-field:type',
      'supplierEntries:invalid-date:date',
      'supplierEntries:invalid-field:movementIds',
      'supplierEntries:invalid-field:description',
    ]);
  });

  it('leaves out an entry whose supplier is not in the file, and sums the balance from the entries', () => {
    const dairy = supplier({ balance: 999_999 });
    const orphan = entry(newId(), { amount: 3_000, description: 'Eau' });
    const kept = entry(dairy.id, { amount: 10_000 });
    const text = JSON.stringify(exportBackup(source([dairy], [orphan, kept]), EXPORT));
    const { plan, report } = imported(text);
    expect(plan.supplierEntries).toEqual([kept]);
    expect(plan.suppliers).toEqual([{ ...dairy, balance: 10_000 }]);
    expect(report.lists.supplierEntries).toEqual({ accepted: 1, reconciled: 0, skipped: 1, rejected: 0 });
    expect(report.lists.suppliers).toEqual({ accepted: 1, reconciled: 1, skipped: 0, rejected: 0 });
    expect(report.reasons).toEqual([
      expect.objectContaining({
        list: 'suppliers',
        code: 'balance-recomputed',
        stated: 999_999,
        result: 10_000,
      }),
      expect.objectContaining({
        list: 'supplierEntries',
        code: 'supplier-missing',
        outcome: 'skipped',
        stated: 3_000,
      }),
    ]);
  });

  it('gives ids that are not UUIDs a UUID, and the references follow', () => {
    const text = JSON.stringify({
      formatVersion: 2,
      exportDate: EXPORT,
      suppliers: [{ id: 's1', name: 'Dari', phone: '', balance: 12.5, createdAt: T0, updatedAt: T0 }],
      supplierEntries: [
        {
          id: 'e1',
          supplierId: 's1',
          type: 'delivery',
          amount: 12.5,
          description: '',
          date: T0,
          movementIds: ['m1'],
        },
      ],
    });
    const { plan, report } = imported(text);
    const [dari] = plan.suppliers;
    expect(isUuid(dari?.id)).toBe(true);
    expect(plan.supplierEntries[0]?.supplierId).toBe(dari?.id);
    expect(isUuid(plan.supplierEntries[0]?.movementIds?.[0])).toBe(true);
    expect(dari?.balance).toBe(1_250);
    expect(report.regeneratedIds).toBe(3);
  });

  it('round-trips any notebook, and every balance is Σ its entries (property)', () => {
    const notebook = fc
      .record({
        suppliers: fc.array(fc.constantFrom('Centrale', 'Dari', 'Sidi Ali', 'Koutoubia'), {
          minLength: 1,
          maxLength: 4,
        }),
        entries: fc.array(
          fc.record({
            who: fc.nat(),
            type: fc.constantFrom('delivery' as const, 'payment' as const),
            amount: fc.integer({ min: 1, max: 10_000_000 }),
            day: fc.integer({ min: 1, max: 28 }),
          }),
          { maxLength: 30 },
        ),
      })
      .map(({ suppliers: names, entries: raw }) => {
        const suppliers = names.map((name) => supplier({ name }));
        const entries = raw.map(({ who, type, amount, day }) =>
          entry(suppliers[who % suppliers.length]!.id, {
            type,
            amount,
            date: `2025-02-${String(day).padStart(2, '0')}T10:00:00.000Z`,
          }),
        );
        return {
          suppliers: suppliers.map((s) => ({
            ...s,
            balance: supplierBalance(entries.filter((e) => e.supplierId === s.id)),
          })),
          entries,
        };
      });
    fc.assert(
      fc.property(notebook, ({ suppliers, entries }) => {
        const { plan, report } = imported(JSON.stringify(exportBackup(source(suppliers, entries), EXPORT)));
        expect(byId(plan.suppliers)).toEqual(byId(suppliers));
        expect(byId(plan.supplierEntries)).toEqual(byId(entries));
        for (const s of plan.suppliers) {
          expect(s.balance).toBe(supplierBalance(plan.supplierEntries.filter((e) => e.supplierId === s.id)));
        }
        expect(report.reasonCount).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});
