// A customer's statement as plain text, for WhatsApp: shop, customer, balance due and the last entries.
import { isImportedBalanceEntry, type Centimes, type LedgerEntry } from '@hanouti/core';

/** How many of the latest entries a shared statement lists. */
export const STATEMENT_ENTRIES = 5;

export type StatementWords = {
  title: (name: string) => string;
  printedOn: (date: string) => string;
  balance: (amount: string) => string;
  lastEntries: string;
  noEntries: string;
  entry: (parts: { date: string; kind: string; amount: string; balance: string }) => string;
  kind: (entry: LedgerEntry) => string;
};

export type StatementInput = {
  storeName: string;
  customerName: string;
  balance: Centimes;
  /** The customer's history, oldest first, as ledgerHistory gives it. */
  history: readonly LedgerEntry[];
  now: string;
  money: (amount: Centimes) => string;
  dateTime: (iso: string) => string;
  words: StatementWords;
};

/** Signed amount as it moved the balance: "+50,00" for a credit, "−20,00" for a payment. */
function signedAmount(entry: LedgerEntry, money: (amount: Centimes) => string): string {
  if (entry.balanceChange > 0) return `+${money(entry.balanceChange)}`;
  if (entry.balanceChange < 0) return `−${money(-entry.balanceChange)}`;
  return money(entry.amount);
}

/** The statement text: newest entries first, at most STATEMENT_ENTRIES of them. */
export function customerStatementText(input: StatementInput): string {
  const { words, money } = input;
  const latest = input.history.slice(-STATEMENT_ENTRIES).reverse();
  const lines = [
    input.storeName,
    words.title(input.customerName),
    words.printedOn(input.dateTime(input.now)),
    '',
    words.balance(money(input.balance)),
    '',
  ];
  if (latest.length === 0) lines.push(words.noEntries);
  else {
    lines.push(words.lastEntries);
    for (const entry of latest) {
      // An imported balance is named by its kind already (words.kind), in the statement's language.
      const shown = entry.description && !isImportedBalanceEntry(entry);
      const description = shown ? ` (${entry.description})` : '';
      lines.push(
        `- ${words.entry({
          date: input.dateTime(entry.date),
          kind: words.kind(entry),
          amount: signedAmount(entry, money),
          balance: money(entry.balanceAfter),
        })}${description}`,
      );
    }
  }
  return lines.join('\n');
}
