// What a typed stock count or delivery becomes: a quantity to write, or the reason it is refused.
import { parseQuantityInput, type PositiveAmountProblem } from '@hanouti/core';
import { z } from 'zod';
import type { StockUpdateResult } from '../../data/stockRepository';
import { readCreditReception, type CreditReception } from '../../ui/credit/CreditReceptionFields';

export type StockEntryKind = 'count' | 'restock';
export type StockEntryProblem =
  | 'empty'
  | 'invalid'
  | 'negative'
  | 'not-positive'
  | 'too-large'
  | 'whole-units'
  | 'stock-too-large'
  | 'note-too-long';

const NEGATIVE = /^\s*[-−]/;

/**
 * A counted or received quantity as typed. Unlike the product form, nothing becomes 0 here: a count
 * read as 0 would empty the shelf, so an unreadable entry is refused with a message and writes nothing.
 */
export function readStockEntry(
  kind: StockEntryKind,
  text: string,
  isBulk: boolean,
): { ok: true; quantity: number } | { ok: false; problem: StockEntryProblem } {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  const negative = NEGATIVE.test(text);
  const parsed = parseQuantityInput(text.replace(NEGATIVE, ''), isBulk);
  if (parsed.tooLarge) return { ok: false, problem: 'too-large' };
  if (parsed.invalid) {
    const decimalUnits = !isBulk && !parseQuantityInput(text.replace(NEGATIVE, ''), true).invalid;
    return { ok: false, problem: decimalUnits ? 'whole-units' : 'invalid' };
  }
  if (negative && parsed.value > 0)
    return { ok: false, problem: kind === 'count' ? 'negative' : 'not-positive' };
  if (kind === 'restock' && parsed.value <= 0) return { ok: false, problem: 'not-positive' };
  return { ok: true, quantity: parsed.value };
}

/** The data layer's refusals in the same words as the form's. */
export function problemOfResult(result: StockUpdateResult): StockEntryProblem | 'not-found' | undefined {
  if (result.ok) return undefined;
  switch (result.error) {
    case 'negative-stock':
      return 'negative';
    case 'quantity-not-positive':
      return 'not-positive';
    case 'not-whole-units':
      return 'whole-units';
    case 'quantity-too-large':
      return 'too-large';
    case 'stock-too-large':
    case 'note-too-long':
      return result.error;
    case 'product-not-found':
      return 'not-found';
  }
}

/** The dialog's fields as typed: the quantity, a note, and (Réception only) the supplier part. */
export type StockEntryValues = { quantity: string; note: string; credit: CreditReception };

/** What the dialog asks to write: the quantity, the note if any, and the supplier's debt if on credit. */
export type StockEntryOutput = {
  quantity: number;
  note: string | undefined;
  credit: { supplierId: string; amount: number } | undefined;
};

/** The supplier part's refusals, as codes: the amount owed must be above 0, and within what one entry holds. */
export const CREDIT_AMOUNT_REFUSED = 'credit-amount';
export const CREDIT_AMOUNT_TOO_LARGE = 'credit-amount-too-large';

/** The supplier part's refusal code for a problem of its amount. */
export const creditRefusalCode = (problem: PositiveAmountProblem | 'refused') =>
  problem === 'too-large' ? CREDIT_AMOUNT_TOO_LARGE : CREDIT_AMOUNT_REFUSED;

/**
 * Every field checked at once through `readStockEntry` (core's quantity parser) and `readCreditReception`
 * (core's money parser); a field's message is its problem's code.
 */
export function stockEntrySchema(kind: StockEntryKind, isBulk: boolean) {
  const readCredit = (credit: CreditReception) =>
    kind === 'restock' ? readCreditReception(credit) : ({ ok: true, credit: undefined } as const);
  return z
    .object({
      quantity: z.string(),
      note: z.string(),
      credit: z.object({ supplierId: z.string(), onCredit: z.boolean(), amountText: z.string() }),
    })
    .superRefine((fields, context) => {
      const entry = readStockEntry(kind, fields.quantity, isBulk);
      if (!entry.ok) context.addIssue({ code: 'custom', path: ['quantity'], message: entry.problem });
      const owed = readCredit(fields.credit);
      if (!owed.ok)
        context.addIssue({ code: 'custom', path: ['credit'], message: creditRefusalCode(owed.problem) });
    })
    .transform((fields): StockEntryOutput => {
      const entry = readStockEntry(kind, fields.quantity, isBulk);
      const owed = readCredit(fields.credit);
      return {
        quantity: entry.ok ? entry.quantity : 0,
        note: fields.note.trim() || undefined,
        credit: owed.ok ? owed.credit : undefined,
      };
    });
}
