// A reminder and a statement sheet worded in a chosen language (French or Moroccan Arabic), whatever the app's.
import {
  customerReminder,
  formatMoney,
  isImportedBalanceEntry,
  type Currency,
  type Customer,
  type Language,
  type LedgerEntry,
  type Reminder,
} from '@hanouti/core';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../app/useShopFormat';
import { directionOf, i18n, localeOf } from '../../i18n/i18n';
import type { TicketDocument } from '../../printing/ticketDocument';
import { STATEMENT_ENTRIES, statementDocument, type StatementSheetInput } from './customerStatement';

const FSI = '\u2068';
const PDI = '\u2069';

/** The name of an entry's kind: a cash advance, an imported balance, a credit, a payment or a purchase. */
export function entryKindLabel(
  t: TFunction<'customers'>,
  entry: LedgerEntry,
  advanceIds: ReadonlySet<string>,
): string {
  if (advanceIds.has(entry.id) || (entry.kind as string) === 'advance') return t('statementSheet.advance');
  if (entry.kind === 'credit' && isImportedBalanceEntry(entry)) return t('entryImportedBalance');
  if (entry.kind === 'credit') return t('entryCredit');
  if (entry.kind === 'payment') return t('entryPayment');
  return entry.onCredit ? t('entryPurchaseOnCredit') : t('entryPurchase');
}

export type ShopWording = { storeName: string; currency: Currency };

function fixedFormat(language: Language, currency: Currency) {
  const locale = localeOf(language);
  return {
    money: (amount: number) => formatMoney(amount, currency, locale),
    dateTime: (iso: string) => formatDateTime(iso, locale),
    day: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(new Date(iso)),
  };
}

/** The reminder to send the customer in `language`: greeting, balance, the latest entries, closing; and the link. */
export function reminderFor(
  customer: Customer,
  history: { entries: readonly LedgerEntry[]; advanceIds: ReadonlySet<string> },
  shop: ShopWording,
  language: Language,
): Reminder {
  const t = i18n.getFixedT(language, 'customers');
  const format = fixedFormat(language, shop.currency);
  const direction = directionOf(language);
  const isolate = (text: string) => (direction === 'rtl' ? `${FSI}${text}${PDI}` : text);
  const latest = history.entries.slice(-STATEMENT_ENTRIES).reverse();
  const statement =
    latest.length === 0
      ? []
      : [
          t('reminder.lastEntries'),
          ...latest.map(
            (entry) =>
              `- ${t('statementEntry', {
                date: isolate(format.dateTime(entry.date)),
                kind: entryKindLabel(t, entry, history.advanceIds),
                amount: isolate(signed(entry, format.money)),
                balance: isolate(format.money(entry.balanceAfter)),
              })}`,
          ),
        ];
  return customerReminder(customer.phone, {
    customerName: customer.name,
    storeName: shop.storeName,
    balance: format.money(customer.creditBalance),
    direction,
    statement,
    words: {
      greeting: (name) => t('reminder.greeting', { name }),
      balance: ({ amount, store }) => t('reminder.balance', { amount, store }),
      closing: (store) => t('reminder.closing', { store }),
    },
  });
}

function signed(entry: LedgerEntry, money: (amount: number) => string): string {
  if (entry.balanceChange > 0) return `+${money(entry.balanceChange)}`;
  if (entry.balanceChange < 0) return `−${money(-entry.balanceChange)}`;
  return money(entry.amount);
}

/** The statement sheet since `since` in `language`, ready to draw (image, share sheet, printer). */
export function statementSheetFor(
  input: Omit<StatementSheetInput, 'words'> & { advanceIds: ReadonlySet<string> },
  currency: Currency,
  language: Language,
): TicketDocument {
  const t = i18n.getFixedT(language, 'customers');
  const format = fixedFormat(language, currency);
  const { advanceIds, ...sheet } = input;
  return statementDocument({
    ...sheet,
    words: {
      direction: directionOf(language),
      title: t('statementSheet.title'),
      customer: (name) => t('statementSheet.customer', { name }),
      period: (parts) => t('statementSheet.period', parts),
      opening: (date) => t('statementSheet.opening', { date }),
      balanceDue: t('statementSheet.balanceDue'),
      noEntries: t('statementSheet.noEntries'),
      runningBalance: (amount) => t('statementSheet.runningBalance', { amount }),
      printedOn: (date) => t('statementSheet.printedOn', { date }),
      kind: (entry) => entryKindLabel(t, entry, advanceIds),
      money: format.money,
      date: format.dateTime,
      day: format.day,
    },
  });
}
