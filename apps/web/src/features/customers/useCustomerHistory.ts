// A customer's purchases and carnet entries with the running balance, live, and which entries are cash advances.
import { ledgerHistory, type LedgerEntry } from '@hanouti/core';
import { useMemo } from 'react';
import { useCreditTransactions } from '../../data/customersRepository';
import { useCustomerSales } from '../../data/salesRepository';

export type CustomerHistory = { entries: LedgerEntry[]; advanceIds: ReadonlySet<string> };

export function useCustomerHistory(customerId: string | undefined): CustomerHistory | undefined {
  const transactions = useCreditTransactions(customerId);
  const sales = useCustomerSales(customerId);
  return useMemo(() => {
    if (!transactions || !sales) return undefined;
    // A credit entry marked as a cash advance (kind 'advance'); read as a plain field so that records
    // written before the marker existed stay plain credits.
    const advanceIds = new Set(
      transactions.filter((t) => (t as { kind?: unknown }).kind === 'advance').map((t) => t.id),
    );
    return { entries: ledgerHistory(transactions, sales), advanceIds };
  }, [transactions, sales]);
}
