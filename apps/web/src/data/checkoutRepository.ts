// Finishing a sale: everything it changes is written in one durable IndexedDB transaction, or nothing is.
import {
  checkout,
  formatTicketNumber,
  newId,
  type Cart,
  type CheckoutError,
  type Product,
  type Sale,
} from '@hanouti/core';
import { tx } from './db';
import { ensureDeviceIdentity } from './device';
import { addEntry } from './ledger';
import { META, readMetaFlag, readMetaNumber, writeMeta } from './meta';
import { OUTBOX_TABLES, recordOperation } from './outbox';
import { saleRecordsWithMovements } from './saleRecords';
import { rememberSale } from './salesRepository';
import { AGGREGATE_TABLES, applySalesToAggregates } from './salesAggregates';

/** The name of the performance measure of each sale's transaction (call → durable commit). */
export const SALE_COMMIT_MEASURE = 'hanouti:sale-commit';

/** 'save-failed': the database refused the write (full disk, closed tab…); nothing was saved. */
export type CompleteSaleError = CheckoutError | 'customer-not-found' | 'save-failed';
export type CompleteSaleResult = { ok: true; sale: Sale } | { ok: false; error: CompleteSaleError };
export type CompleteSaleOptions = { now?: Date };

const SALE_TABLES = [
  'products',
  'customers',
  'sales',
  'stockMovements',
  'creditTransactions',
  ...AGGREGATE_TABLES,
  ...OUTBOX_TABLES,
] as const;

/** A refusal of the domain: raised inside the transaction so that it rolls back, then returned. */
class SaleRefused extends Error {
  constructor(readonly code: CheckoutError | 'customer-not-found') {
    super(code);
  }
}

/**
 * Records the sale. Inside the transaction it reads the products, the customer and the ticket counter,
 * applies the core checkout rules, and writes the sale, its stock movements, the stock caches, the
 * customer (and the credit entry of a sale "sur le carnet"), the dashboard aggregates, the next ticket
 * number and the 'sale.record' operation. Only Dexie calls are awaited inside, so it cannot commit halfway.
 */
export async function completeSale(
  cart: Cart,
  options: CompleteSaleOptions = {},
): Promise<CompleteSaleResult> {
  if (cart.lines.length === 0) return { ok: false, error: 'empty-cart' };
  const now = (options.now ?? new Date()).toISOString();
  const started = performance.now();
  let sale: Sale;
  try {
    sale = await tx('rw', SALE_TABLES, async (t) => {
      // Each request awaited in turn is a round trip to the browser's IndexedDB; on a busy phone those,
      // not the commit, made most of the time between the tap and the ticket. So the reads go out together,
      // then the writes (different records each: the database applies them in the order they were made).
      const productIds = [...new Set(cart.lines.map((line) => line.productId))];
      const [{ deviceId, ticketPrefix }, storedProducts, customer, lastCounter] = await Promise.all([
        ensureDeviceIdentity(t),
        t.products.bulkGet(productIds),
        cart.customerId ? t.customers.get(cart.customerId) : undefined,
        readMetaNumber(t, META.ticketCounter),
      ]);
      const products = new Map<string, Product>();
      for (const product of storedProducts) if (product) products.set(product.id, product);
      if (cart.customerId && !customer) throw new SaleRefused('customer-not-found');

      const counter = lastCounter + 1;
      const result = checkout({
        cart,
        products,
        ...(customer ? { customer } : {}),
        now,
        saleId: newId(),
        ticketNumber: formatTicketNumber(ticketPrefix, counter),
        deviceId,
        newId,
      });
      if (!result.ok) throw new SaleRefused(result.error);

      // The line movements ride inside the sale's record (saleRecords.ts); none is loose in practice.
      const { records, loose } = saleRecordsWithMovements([result.sale], result.movements);
      const updatedProducts = [...result.stockAfter].flatMap(([id, stock]) => {
        const product = products.get(id);
        return product ? [{ ...product, stock }] : [];
      });
      await Promise.all([
        t.sales.bulkAdd(records),
        loose.length > 0 ? t.stockMovements.bulkAdd(loose) : undefined,
        t.products.bulkPut(updatedProducts),
        result.customer ? t.customers.put(result.customer) : undefined,
        // Through the ledger store, the one writer of carnet entries; its request goes out with the others.
        result.creditTransaction ? addEntry(t, result.creditTransaction) : undefined,
        applySalesToAggregates(t, [result.sale], 1),
        writeMeta(t, META.ticketCounter, counter),
        recordOperation(
          t,
          'sale.record',
          {
            sale: result.sale,
            movements: result.movements,
            ...(result.creditTransaction ? { creditTransaction: result.creditTransaction } : {}),
          },
          now,
        ),
      ]);
      return result.sale;
    });
  } catch (error) {
    if (error instanceof SaleRefused) return { ok: false, error: error.code };
    // Spec §8: a failure saving a sale is logged; the caller shows that the sale was not recorded.
    console.error('Vente non enregistrée', error);
    return { ok: false, error: 'save-failed' };
  }
  // The sale's transaction, from the call to its durable commit, in the browser's performance timeline
  // (DevTools, and `npm run bench`'s checkoutUi). Only the last sale's is kept.
  performance.clearMeasures(SALE_COMMIT_MEASURE);
  performance.measure(SALE_COMMIT_MEASURE, { start: started });
  rememberSale(sale);
  // Not awaited: the ticket must not wait for another transaction (nor a browser prompt) after the sale.
  void requestPersistentStorageOnce();
  return { ok: true, sale };
}

/**
 * Asks the browser, once (at the first sale), not to evict the shop's data under storage pressure.
 * Outside the sale's transaction: it may show a prompt, and its answer changes nothing already saved.
 */
async function requestPersistentStorageOnce(): Promise<void> {
  try {
    const asked = await tx('rw', ['meta'], async (t) => {
      if (await readMetaFlag(t, META.persistenceRequested)) return true;
      await writeMeta(t, META.persistenceRequested, true);
      return false;
    });
    if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
    await navigator.storage.persist();
  } catch (error) {
    console.warn('Stockage persistant non obtenu', error);
  }
}
