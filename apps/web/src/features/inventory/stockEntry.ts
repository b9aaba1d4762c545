// What a typed stock count or delivery becomes: a quantity to write, or the reason it is refused.
import { parseQuantityInput } from '@hanouti/core';
import type { StockUpdateResult } from '../../data/stockRepository';

export type StockEntryKind = 'count' | 'restock';
export type StockEntryProblem = 'empty' | 'invalid' | 'negative' | 'not-positive' | 'whole-units';

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
    case 'product-not-found':
      return 'not-found';
  }
}
