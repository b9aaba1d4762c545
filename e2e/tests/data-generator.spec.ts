// The bench's shop generator: deterministic, and every record is one the app's own import accepts as is.
import { expect, test } from '@playwright/test';
import { balancesByCustomer, parseBackupText, stockByProduct } from '@hanouti/core';
import { backupText, generateShop } from '../bench/generateShop';
import { percentile, spread } from '../bench/stats';

const SIZE = { products: 300, sales: 2_000, customers: 40, credits: 200, seed: 11 } as const;

test('the same options give the same file, another seed another file', () => {
  const text = backupText(generateShop(SIZE).file);
  expect(backupText(generateShop(SIZE).file)).toBe(text);
  expect(backupText(generateShop({ ...SIZE, seed: 12 }).file)).not.toBe(text);
});

test('the generated file imports with no rejection and no correction', () => {
  const shop = generateShop(SIZE);
  const result = parseBackupText(backupText(shop.file));
  if (!result.ok) throw new Error(result.error);
  // No notes: stock already equals the sum of movements, balances the sum of entries, no payment capped.
  expect(result.report).toMatchObject({
    rejectedCount: 0,
    noteCount: 0,
    added: { stockMovements: 0, creditTransactions: 0 },
  });
  const { products, sales, customers, creditTransactions, stockMovements } = result.backup;
  expect(products).toHaveLength(SIZE.products);
  expect(sales).toHaveLength(SIZE.sales);
  expect(customers).toHaveLength(SIZE.customers);
  expect(creditTransactions.length).toBeGreaterThan(SIZE.credits * 0.7);
  expect(creditTransactions.length).toBeLessThan(SIZE.credits * 1.3);
  expect(products.some((p) => p.isBulk)).toBe(true);
  expect(products.every((p) => p.stock >= 0)).toBe(true);

  // Checked in bulk: one expect per record would make this test slow.
  const stock = stockByProduct(stockMovements);
  expect(products.filter((p) => Math.abs((stock.get(p.id) ?? 0) - p.stock) > 1e-6)).toEqual([]);
  const balances = balancesByCustomer(creditTransactions);
  expect(customers.filter((c) => (balances.get(c.id) ?? 0) !== c.creditBalance)).toEqual([]);

  const end = Date.parse(shop.file.exportDate);
  const start = end - 3 * 366 * 86_400_000;
  const odd = sales.filter(
    (sale) =>
      sale.items.length < 1 ||
      sale.items.length > 6 ||
      Date.parse(sale.date) < start ||
      Date.parse(sale.date) > end ||
      sale.total !== sale.subtotal + sale.vat,
  );
  expect(odd).toEqual([]);
  expect(new Set(sales.map((s) => s.ticketNumber)).size).toBe(sales.length);
});

test('bench percentiles take the nearest rank', () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i);
  expect(percentile(values, 50)).toBe(50);
  expect(percentile(values, 95)).toBe(95);
  expect(percentile([], 95)).toBe(0);
  expect(spread([1, 2, 3, 4, 40])).toEqual({ runs: 5, p50: 3, p95: 40, max: 40 });
});
