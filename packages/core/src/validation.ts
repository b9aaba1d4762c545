// Forms' rules: Moroccan phone numbers, the product form, and the records a new product or customer becomes.
import { z } from 'zod';
import { amount, vatRate, type Customer, type Product, type StockMovement } from './entities.js';
import { MAX_QUANTITY } from './limits.js';
import { DEFAULT_REORDER_THRESHOLD, DEFAULT_VAT_RATE } from './constants.js';
import type { DomainContext } from './context.js';
import { roundQuantity } from './money.js';
import { latinDigits, withoutBidiControls } from './digits.js';

const MOROCCAN_PHONE = /^(?:\+212|00212|0)([5-7]\d{8})$/;

/**
 * A Moroccan phone number (06/07/05 + 8 digits, or +212 / 00212 forms; spaces, dots and dashes allowed; Latin or
 * Arabic digits), written the national way: "06 12 34 56 78".
 */
export function moroccanPhone(
  text: string,
): { ok: true; phone: string } | { ok: false; error: 'invalid-phone' } {
  const compact = withoutBidiControls(latinDigits(text)).replace(/[\s.\-\u00a0]/g, '');
  const subscriber = MOROCCAN_PHONE.exec(compact)?.[1];
  if (!subscriber) return { ok: false, error: 'invalid-phone' };
  const national = `0${subscriber}`;
  return { ok: true, phone: national.replace(/(\d{2})(?=\d)/g, '$1 ') };
}

/** A quantity with at most 3 decimals (kg to the gram). */
const hasAtMostThreeDecimals = (n: number) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6;

/** The product form (spec §5); prices are centimes already parsed with parseMadInput. */
export const productDraftSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    brand: z.string().trim().max(200).default(''),
    category: z.string().trim().min(1).max(100),
    barcode: z
      .string()
      .trim()
      .max(64)
      .optional()
      // A code typed on an Arabic keyboard is the same code: stored in Latin digits, as a scan gives it.
      .transform((code) => (code ? latinDigits(code) : undefined)),
    purchasePrice: amount.nonnegative().default(0),
    salePrice: amount.nonnegative().default(0),
    vat: vatRate.default(DEFAULT_VAT_RATE),
    stock: z.number().finite().nonnegative().max(MAX_QUANTITY).default(0),
    reorderThreshold: z.number().finite().nonnegative().max(MAX_QUANTITY).default(DEFAULT_REORDER_THRESHOLD),
    description: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .transform((text) => text || undefined),
    photoId: z.uuid().optional(),
    isBulk: z.boolean().default(false),
    packSize: z.number().positive().max(MAX_QUANTITY).optional(),
  })
  .superRefine((draft, issues) => {
    const wholeOrGrams = (n: number) => (draft.isBulk ? hasAtMostThreeDecimals(n) : Number.isInteger(n));
    for (const key of ['stock', 'reorderThreshold'] as const) {
      if (!wholeOrGrams(draft[key])) {
        issues.addIssue({
          code: 'custom',
          path: [key],
          message: draft.isBulk ? 'at-most-3-decimals' : 'whole-units',
        });
      }
    }
  });
export type ProductDraftInput = z.input<typeof productDraftSchema>;
export type ProductDraft = z.output<typeof productDraftSchema>;

function productFields(draft: ProductDraft) {
  return {
    name: draft.name,
    brand: draft.brand,
    category: draft.category,
    ...(draft.barcode ? { barcode: draft.barcode } : {}),
    purchasePrice: draft.purchasePrice,
    salePrice: draft.salePrice,
    vat: draft.vat,
    reorderThreshold: draft.reorderThreshold,
    ...(draft.description ? { description: draft.description } : {}),
    ...(draft.photoId ? { photoId: draft.photoId } : {}),
    isBulk: draft.isBulk,
    ...(draft.packSize !== undefined ? { packSize: draft.packSize } : {}),
  };
}

function stockMovement(productId: string, delta: number, ctx: DomainContext): StockMovement {
  return {
    id: ctx.newId(),
    productId,
    kind: 'correction',
    delta,
    at: ctx.now,
    ...(ctx.deviceId ? { deviceId: ctx.deviceId } : {}),
  };
}

/** Stock is the sum of movements, so stock typed in the form becomes a 'correction' movement. */
export type ProductChange = { product: Product; movement: StockMovement | undefined };

export function newProduct(draft: ProductDraft, ctx: DomainContext): ProductChange {
  const id = ctx.newId();
  const stock = roundQuantity(draft.stock, draft.isBulk);
  const product: Product = { id, ...productFields(draft), stock, createdAt: ctx.now, updatedAt: ctx.now };
  return { product, movement: stock === 0 ? undefined : stockMovement(id, stock, ctx) };
}

/** The edited product keeps its id and creation date; a changed stock writes the difference as a movement. */
export function updateProduct(product: Product, draft: ProductDraft, ctx: DomainContext): ProductChange {
  const stock = roundQuantity(draft.stock, draft.isBulk);
  const delta = roundQuantity(stock - product.stock, draft.isBulk);
  const updated: Product = {
    id: product.id,
    ...productFields(draft),
    stock,
    createdAt: product.createdAt,
    updatedAt: ctx.now,
  };
  return { product: updated, movement: delta === 0 ? undefined : stockMovement(product.id, delta, ctx) };
}

export type NewCustomerError = 'name-required' | 'name-too-long' | 'invalid-phone';

// A number that is not Moroccan (a cousin in France) is kept as typed if it looks like a phone number.
const ANY_PHONE = /^\+?[\d\s.()-]{6,32}$/;

/** A new customer: name required ("Nom complet *"), phone optional and tidied when Moroccan. */
export function newCustomer(
  fields: { name: string; phone?: string },
  ctx: DomainContext,
): { ok: true; customer: Customer } | { ok: false; error: NewCustomerError } {
  const name = fields.name.trim();
  if (name === '') return { ok: false, error: 'name-required' };
  if (name.length > 200) return { ok: false, error: 'name-too-long' };
  const typed = withoutBidiControls(latinDigits(fields.phone ?? '')).trim();
  let phone = '';
  if (typed !== '') {
    const moroccan = moroccanPhone(typed);
    if (moroccan.ok) phone = moroccan.phone;
    else if (ANY_PHONE.test(typed)) phone = typed;
    else return { ok: false, error: 'invalid-phone' };
  }
  return {
    ok: true,
    customer: {
      id: ctx.newId(),
      name,
      phone,
      creditBalance: 0,
      totalPurchases: 0,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
  };
}
