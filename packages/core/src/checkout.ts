// Finishing a sale: the sale record, its stock movements, the customer's update and the credit entry, all at once.
import type { Cart, CartLine } from './cart.js';
import { MAX_SALE_LINES } from './entities.js';
import type { CreditTransaction, Customer, Product, Sale, SaleItem, StockMovement } from './entities.js';
import { MAX_AMOUNT_CENTIMES, MAX_QUANTITY } from './limits.js';
import { multiplyPrice, roundQuantity } from './money.js';
import { cartTotals, lineVat } from './vat.js';

export type CheckoutInput = {
  cart: Cart;
  products: ReadonlyMap<string, Product>;
  /** The sale's customer, if any. */
  customer?: Customer;
  /** ISO timestamp. */
  now: string;
  saleId: string;
  ticketNumber: string;
  deviceId: string;
  /** A fresh UUIDv7 for movements and the credit entry. */
  newId: () => string;
};

/**
 * `sale-too-large`: past what one sale may hold (MAX_SALE_LINES lines, MAX_AMOUNT_CENTIMES for a line or the total):
 * refused here, with a message, rather than written on the phone and then refused by the server.
 */
export type CheckoutError = 'empty-cart' | 'no-valid-items' | 'credit-needs-customer' | 'sale-too-large';

export type CheckoutResult =
  | {
      ok: true;
      sale: Sale;
      movements: StockMovement[];
      stockAfter: Map<string, number>;
      customer?: Customer;
      creditTransaction?: CreditTransaction;
    }
  | { ok: false; error: CheckoutError };

/** Ticket numbers are per device and human-readable: prefix and a 6-digit counter (A-000123). */
export function formatTicketNumber(prefix: string, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError(`bad ticket counter: ${counter}`);
  return `${prefix}-${String(counter).padStart(6, '0')}`;
}

/**
 * A line is sold only with a product id, a name, a quantity above 0 and a unit price above 0 (spec §5).
 * The product must also still be in the catalogue: a sale of a deleted product would be removed by cleanup.
 */
function saleItemFromLine(line: CartLine, product: Product | undefined): SaleItem | undefined {
  if (!product || line.productId === '' || line.productName.trim() === '') return undefined;
  if (!Number.isFinite(line.quantity) || !Number.isSafeInteger(line.unitPrice) || line.unitPrice <= 0) {
    return undefined;
  }
  const quantity = roundQuantity(line.quantity, product.isBulk);
  if (quantity <= 0) return undefined;
  const total = multiplyPrice(line.unitPrice, quantity);
  return {
    productId: line.productId,
    productName: line.productName.trim(),
    quantity,
    unitPrice: line.unitPrice,
    total,
    vatRate: line.vatRate,
    vat: lineVat(total, line.vatRate),
    ...(product.isBulk ? { isBulk: true } : {}),
    ...(line.lot ? { lot: line.lot } : {}),
  };
}

/**
 * Turns the cart into a sale. A sale never fails for short stock: each line's movement takes the cached
 * stock down to 0 at most on this device (spec: "never below 0"), and sales made offline on other phones
 * add their own movements.
 */
export function checkout(input: CheckoutInput): CheckoutResult {
  const { cart, products, customer, now, saleId, ticketNumber, deviceId, newId } = input;
  if (cart.lines.length === 0) return { ok: false, error: 'empty-cart' };

  const items: SaleItem[] = [];
  for (const line of cart.lines) {
    const item = saleItemFromLine(line, products.get(line.productId));
    if (item) items.push(item);
  }
  if (items.length === 0) return { ok: false, error: 'no-valid-items' };
  if (cart.paymentMethod === 'credit' && !customer) return { ok: false, error: 'credit-needs-customer' };

  const { subtotal, vat, total } = cartTotals(items);
  const tooLarge =
    items.length > MAX_SALE_LINES ||
    items.some((item) => item.total > MAX_AMOUNT_CENTIMES || item.quantity > MAX_QUANTITY) ||
    subtotal > MAX_AMOUNT_CENTIMES ||
    total > MAX_AMOUNT_CENTIMES;
  if (tooLarge) return { ok: false, error: 'sale-too-large' };
  const sale: Sale = {
    id: saleId,
    ticketNumber,
    date: now,
    items,
    subtotal,
    vat,
    discount: 0,
    total,
    paymentMethod: cart.paymentMethod,
    printed: false,
    shared: false,
    ...(customer ? { customerId: customer.id } : {}),
    deviceId,
  };

  const stockAfter = new Map<string, number>();
  const movements: StockMovement[] = items.map((item) => {
    const product = products.get(item.productId);
    const isBulk = product?.isBulk === true;
    const stock = stockAfter.get(item.productId) ?? product?.stock ?? 0;
    const delta = roundQuantity(0 - Math.min(item.quantity, Math.max(stock, 0)), isBulk);
    stockAfter.set(item.productId, roundQuantity(stock + delta, isBulk));
    return { id: newId(), productId: item.productId, kind: 'sale', delta, at: now, saleId, deviceId };
  });

  if (!customer) return { ok: true, sale, movements, stockAfter };

  const onCredit = cart.paymentMethod === 'credit' && total > 0;
  const updatedCustomer: Customer = {
    ...customer,
    totalPurchases: customer.totalPurchases + total,
    creditBalance: customer.creditBalance + (onCredit ? total : 0),
    lastPurchase: now,
    updatedAt: now,
  };
  if (!onCredit) return { ok: true, sale, movements, stockAfter, customer: updatedCustomer };
  const creditTransaction: CreditTransaction = {
    id: newId(),
    customerId: customer.id,
    type: 'credit',
    amount: total,
    description: `Ticket ${ticketNumber}`,
    date: now,
    saleId,
  };
  return { ok: true, sale, movements, stockAfter, customer: updatedCustomer, creditTransaction };
}
