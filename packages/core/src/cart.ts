// The sale in progress: plain JSON (kept in localStorage by the web app) and the spec's cart-line rules.
import { z } from 'zod';
import {
  amount,
  lineQuantity,
  paymentMethod,
  vatRate,
  type Centimes,
  type PaymentMethod,
  type Product,
  type VatRate,
} from './entities.js';
import { MAX_QUANTITY } from './limits.js';
import { multiplyPrice, roundKg, roundQuantity } from './money.js';
import { cartTotals, lineVat, type Totals } from './vat.js';

export type CartLine = {
  productId: string;
  productName: string;
  /** Units, or kg for bulk lines. */
  quantity: number;
  /** Price before VAT of one unit, or of one kg for bulk lines. */
  unitPrice: Centimes;
  vatRate: VatRate;
  isBulk?: boolean;
  packSize?: number;
  /** Lot name typed in the bulk-sale dialog (only logged, per spec). */
  lot?: string;
};

export type Cart = { lines: CartLine[]; customerId?: string; paymentMethod: PaymentMethod };

/** `weight-too-large`: the line's weight would pass MAX_QUANTITY, what one sale line may hold. */
export type CartError =
  'weight-not-positive' | 'weight-too-large' | 'price-not-positive' | 'price-differs-from-cart-line';
export type CartChange = { ok: true; cart: Cart } | { ok: false; error: CartError };

export type CartSummary = Totals & {
  lines: (CartLine & { total: Centimes; vat: Centimes })[];
  lineCount: number;
};

export function emptyCart(): Cart {
  return { lines: [], paymentMethod: 'cash' };
}

function lineFromProduct(product: Product, quantity: number, unitPrice: Centimes): CartLine {
  return {
    productId: product.id,
    productName: product.name,
    quantity,
    unitPrice,
    vatRate: product.vat,
    ...(product.isBulk ? { isBulk: true } : {}),
    ...(product.packSize !== undefined ? { packSize: product.packSize } : {}),
  };
}

/** Adding a product already in the cart adds one to its quantity (spec §4). */
export function addProductToCart(cart: Cart, product: Product): Cart {
  const existing = cart.lines.find((line) => line.productId === product.id);
  if (existing) return setLineQuantity(cart, product.id, existing.quantity + 1);
  return { ...cart, lines: [...cart.lines, lineFromProduct(product, 1, product.salePrice)] };
}

/**
 * Adds a weighed bulk product: weight × price per kg, the price defaulting to the product's sale price.
 * Weighing the same product again at the same price adds the weights; at another price the shopkeeper
 * must first remove the line, since one line has one price.
 */
export function addBulkToCart(
  cart: Cart,
  product: Product,
  weightKg: number,
  pricePerKg?: Centimes,
  lot?: string,
): CartChange {
  const weight = Number.isFinite(weightKg) ? roundKg(weightKg) : 0;
  if (weight <= 0) return { ok: false, error: 'weight-not-positive' };
  if (weight > MAX_QUANTITY) return { ok: false, error: 'weight-too-large' };
  const price = pricePerKg ?? product.salePrice;
  if (!Number.isSafeInteger(price) || price <= 0) return { ok: false, error: 'price-not-positive' };
  const lotName = lot?.trim();
  const existing = cart.lines.find((line) => line.productId === product.id);
  if (existing) {
    if (existing.unitPrice !== price) return { ok: false, error: 'price-differs-from-cart-line' };
    if (roundKg(existing.quantity + weight) > MAX_QUANTITY) return { ok: false, error: 'weight-too-large' };
    const lines = cart.lines.map((line) =>
      line === existing
        ? { ...line, quantity: roundKg(line.quantity + weight), ...(lotName ? { lot: lotName } : {}) }
        : line,
    );
    return { ok: true, cart: { ...cart, lines } };
  }
  const line: CartLine = {
    ...lineFromProduct(product, weight, price),
    isBulk: true,
    ...(lotName ? { lot: lotName } : {}),
  };
  return { ok: true, cart: { ...cart, lines: [...cart.lines, line] } };
}

/** Sets a line's quantity; 0 or less removes the line (spec §4); above MAX_QUANTITY changes nothing. */
export function setLineQuantity(cart: Cart, productId: string, quantity: number): Cart {
  if (!Number.isFinite(quantity)) return cart;
  const lines: CartLine[] = [];
  for (const line of cart.lines) {
    if (line.productId !== productId) {
      lines.push(line);
      continue;
    }
    const next = roundQuantity(quantity, line.isBulk === true);
    // Past a line's limit the line stays as it was (a sale line holds at most MAX_QUANTITY).
    if (next > MAX_QUANTITY) lines.push(line);
    else if (next > 0) lines.push({ ...line, quantity: next });
  }
  return { ...cart, lines };
}

export function removeLine(cart: Cart, productId: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.productId !== productId) };
}

export function setCartCustomer(cart: Cart, customerId: string | undefined): Cart {
  const { customerId: _previous, ...rest } = cart;
  return customerId ? { ...rest, customerId } : rest;
}

export function setPaymentMethod(cart: Cart, method: PaymentMethod): Cart {
  return { ...cart, paymentMethod: method };
}

/** unit price × quantity, half-up to the centime (spec §4). */
export function lineTotal(line: Pick<CartLine, 'unitPrice' | 'quantity'>): Centimes {
  return multiplyPrice(line.unitPrice, line.quantity);
}

/** Each line with its total and VAT, and the cart's subtotal (ht), VAT (tva) and total (ttc). */
export function cartSummary(cart: Cart): CartSummary {
  const lines = cart.lines.map((line) => {
    const total = lineTotal(line);
    return { ...line, total, vat: lineVat(total, line.vatRate) };
  });
  return { ...cartTotals(lines), lines, lineCount: lines.length };
}

// A stored line holds what the app writes: a quantity above 0 and within a line's limit, a price that is not
// negative (a damaged line with a quantity of 10¹² made cartSummary throw: the sale page showed its error page).
const storedLineSchema = z.object({
  productId: z.string().min(1),
  productName: z.string(),
  quantity: lineQuantity.positive(),
  unitPrice: amount.nonnegative(),
  vatRate: vatRate,
  isBulk: z.boolean().optional(),
  packSize: z.number().positive().finite().optional(),
  lot: z.string().max(100).optional(),
});

const storedCartSchema = z.object({
  lines: z.array(z.unknown()),
  customerId: z.string().min(1).optional(),
  paymentMethod: paymentMethod.catch('cash'),
});

/**
 * Reads back a cart saved in storage. Anything unreadable gives an empty cart and `corrupt: true`;
 * unreadable lines are dropped (and flagged) while the readable ones are kept.
 */
export function parseStoredCart(stored: unknown): { cart: Cart; corrupt: boolean } {
  if (stored === null || stored === undefined || stored === '') return { cart: emptyCart(), corrupt: false };
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored) as unknown;
    } catch {
      return { cart: emptyCart(), corrupt: true };
    }
  }
  const parsed = storedCartSchema.safeParse(value);
  if (!parsed.success) return { cart: emptyCart(), corrupt: true };
  const lines: CartLine[] = [];
  let corrupt = false;
  for (const raw of parsed.data.lines) {
    const line = storedLineSchema.safeParse(raw);
    if (line.success) lines.push(line.data);
    else corrupt = true;
  }
  const { customerId, paymentMethod: method } = parsed.data;
  return { cart: { lines, paymentMethod: method, ...(customerId ? { customerId } : {}) }, corrupt };
}
