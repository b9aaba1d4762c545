// Historique: the customer's purchases and carnet entries with the running balance, and the statement to share.
import { clsx } from 'clsx';
import { FileText, Share2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isImportedBalanceEntry, ledgerHistory } from '@hanouti/core';
import type { Customer, LedgerEntry } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { USER_TEXT } from '../../ui/bidi';
import { useShopSettings } from '../../app/useShopSettings';
import { useCreditTransactions } from '../../data/customersRepository';
import { useCustomerSales } from '../../data/salesRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toastStore';
import { customerStatementText } from './customerStatement';
import { shareText } from './shareText';
import { withIsolatedName } from '../../ui/IsolatedName';

function useHistory(customerId: string | undefined): LedgerEntry[] | undefined {
  const transactions = useCreditTransactions(customerId);
  const sales = useCustomerSales(customerId);
  return useMemo(
    () => (transactions && sales ? ledgerHistory(transactions, sales) : undefined),
    [transactions, sales],
  );
}

export function HistoryDialog({
  customer,
  onClose,
  onStatement,
}: {
  customer: Customer | undefined;
  onClose: () => void;
  /** Opens the statement sheet (image, printer) of this customer. */
  onStatement?: () => void;
}) {
  const { t } = useTranslation('customers');
  const format = useShopFormat();
  const { storeName } = useShopSettings();
  const history = useHistory(customer?.id);

  const kindLabel = (entry: LedgerEntry) => {
    if (entry.kind !== 'purchase' && isImportedBalanceEntry(entry)) return t('entryImportedBalance');
    if (entry.kind === 'advance') return t('entryAdvance');
    if (entry.kind === 'credit') return t('entryCredit');
    if (entry.kind === 'payment') return t('entryPayment');
    return entry.onCredit ? t('entryPurchaseOnCredit') : t('entryPurchase');
  };

  async function share() {
    if (!customer || !history) return;
    const text = customerStatementText({
      storeName,
      customerName: customer.name,
      balance: customer.creditBalance,
      history,
      now: new Date().toISOString(),
      money: format.money,
      dateTime: format.dateTime,
      words: {
        title: (name) => t('statementTitle', { name }),
        printedOn: (date) => t('statementDate', { date }),
        balance: (amount) => t('statementBalance', { amount }),
        lastEntries: t('statementLastEntries'),
        noEntries: t('statementNoEntries'),
        entry: (parts) => t('statementEntry', parts),
        kind: kindLabel,
      },
    });
    const outcome = await shareText({ title: t('statementTitle', { name: customer.name }), text });
    if (outcome === 'shared') toast({ title: t('statementShared'), tone: 'success' });
    else if (outcome === 'copied') toast({ title: t('statementCopied'), tone: 'success' });
    else if (outcome === 'failed') toast({ title: t('statementFailed'), tone: 'error' });
  }

  const newestFirst = history ? [...history].reverse() : [];
  return (
    <Dialog
      open={customer !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={withIsolatedName((name) => t('historyTitle', { name }), customer?.name ?? '')}
      footer={
        <>
          {onStatement ? (
            <Button variant="secondary" icon={<FileText />} disabled={!history} onClick={onStatement}>
              {t('statementSheet.open')}
            </Button>
          ) : null}
          <Button icon={<Share2 />} fullWidth disabled={!history} onClick={() => void share()}>
            {t('shareStatement')}
          </Button>
        </>
      }
    >
      <p className="mb-3 flex items-baseline justify-between gap-2 rounded-xl bg-canvas px-3 py-2">
        <span className="text-muted">{t('balanceDue')}</span>
        <span
          className={clsx(
            'text-lg font-bold tabular-nums',
            (customer?.creditBalance ?? 0) > 0 ? 'text-red-700' : 'text-emerald-700',
          )}
        >
          {format.money(customer?.creditBalance ?? 0)}
        </span>
      </p>
      {history && history.length === 0 ? <p className="text-muted">{t('historyEmpty')}</p> : null}
      <ol className="flex flex-col divide-y divide-line" aria-label={t('history')}>
        {newestFirst.map((entry) => (
          <li key={entry.id} className="flex items-start gap-3 py-2.5" data-testid="history-entry">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">{kindLabel(entry)}</p>
              <p className="text-sm text-muted">
                {format.dateTime(entry.date)}
                {entry.ticketNumber ? ` · ${t('entryTicket', { number: entry.ticketNumber })}` : ''}
              </p>
              {entry.kind !== 'purchase' && isImportedBalanceEntry(entry) ? (
                <p className="text-sm break-words text-muted">{t('entryImportedBalanceNote')}</p>
              ) : entry.description ? (
                <p {...USER_TEXT} className="text-sm break-words text-ink">
                  {entry.description}
                </p>
              ) : null}
            </div>
            <div className="shrink-0 text-end tabular-nums">
              <p
                className={clsx(
                  'font-bold',
                  entry.balanceChange > 0 && 'text-red-700',
                  entry.balanceChange < 0 && 'text-emerald-700',
                )}
              >
                {/* Sign and amount read left to right in Arabic too: "−30,00 د.م.", never "30,00−". */}
                <bdi dir="ltr">
                  {entry.balanceChange > 0 ? '+' : entry.balanceChange < 0 ? '−' : ''}
                  {format.money(entry.balanceChange === 0 ? entry.amount : Math.abs(entry.balanceChange))}
                </bdi>
              </p>
              <p className="text-sm text-muted">
                {t('runningBalance', { amount: format.money(entry.balanceAfter) })}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
