// A customer's statement: as plain text for WhatsApp (shop, customer, balance due, the last entries), and as a
// printable sheet since a date (image, share sheet, Bluetooth printer) with the running balance.
import { isImportedBalanceEntry, type Centimes, type LedgerEntry } from '@hanouti/core';
import type { TicketDocument, TicketLine } from '../../printing/ticketDocument';

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

/** The entries on or after `since` (ISO instant) and the balance the customer owed just before them. */
export function statementSince(
  history: readonly LedgerEntry[],
  since: string,
): { opening: Centimes; entries: LedgerEntry[] } {
  const firstIndex = history.findIndex((entry) => entry.date >= since);
  const entries = firstIndex < 0 ? [] : history.slice(firstIndex);
  const before = firstIndex < 0 ? history.at(-1) : history[firstIndex - 1];
  return { opening: before?.balanceAfter ?? 0, entries };
}

/** Everything language-dependent of the statement sheet, already translated by the caller. */
export type StatementSheetWords = {
  direction: 'ltr' | 'rtl';
  title: string;
  customer: (name: string) => string;
  period: (parts: { from: string; to: string }) => string;
  opening: (date: string) => string;
  balanceDue: string;
  noEntries: string;
  runningBalance: (amount: string) => string;
  printedOn: (date: string) => string;
  kind: (entry: LedgerEntry) => string;
  money: (amount: Centimes) => string;
  date: (iso: string) => string;
  day: (iso: string) => string;
};

export type StatementSheetInput = {
  store: { storeName: string; storeAddress: string; storePhone: string; hasLogo: boolean };
  customerName: string;
  balance: Centimes;
  history: readonly LedgerEntry[];
  /** First instant of the statement (start of the chosen day). */
  since: string;
  now: string;
  words: StatementSheetWords;
};

/**
 * The statement as a printable document (the ticket's format: image, share sheet, Bluetooth printer): the
 * shop's details, the customer, the balance before the period, every entry since then with its running
 * balance, and the balance due.
 */
export function statementDocument(input: StatementSheetInput): TicketDocument {
  const { words, store } = input;
  const { opening, entries } = statementSince(input.history, input.since);
  const lines: TicketLine[] = [];
  if (store.hasLogo) lines.push({ kind: 'logo' });
  lines.push({ kind: 'title', text: store.storeName });
  if (store.storeAddress) lines.push({ kind: 'text', text: store.storeAddress });
  if (store.storePhone) lines.push({ kind: 'text', text: store.storePhone, ltr: true });
  lines.push({ kind: 'gap' });
  lines.push({ kind: 'text', text: words.title, strong: true });
  lines.push({ kind: 'text', text: words.customer(input.customerName) });
  lines.push({
    kind: 'text',
    text: words.period({ from: words.day(input.since), to: words.day(input.now) }),
  });
  lines.push({ kind: 'rule' });
  lines.push({ kind: 'amount', label: words.opening(words.day(input.since)), amount: words.money(opening) });
  if (entries.length === 0) lines.push({ kind: 'text', text: words.noEntries });
  for (const entry of entries) {
    const shown = entry.description && !isImportedBalanceEntry(entry);
    const description = shown ? ` · ${entry.description}` : '';
    lines.push({
      kind: 'item',
      name: `${words.date(entry.date)} · ${words.kind(entry)}${description}`,
      detail: words.runningBalance(words.money(entry.balanceAfter)),
      amount: signedAmount(entry, words.money),
    });
  }
  lines.push({ kind: 'rule' });
  lines.push({ kind: 'amount', label: words.balanceDue, amount: words.money(input.balance), strong: true });
  lines.push({ kind: 'text', text: words.printedOn(words.date(input.now)) });
  return { direction: words.direction, lines };
}
