// Ticket de Caisse: the sale of the hash as a printed ticket would show it, and Terminer back to the dashboard.
import { Check, ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@hanouti/core';
import { navigate } from '../../app/navigation';
import type { PageProps } from '../../app/pages';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { getSale } from '../../data/salesRepository';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

type Loaded = { status: 'loading' } | { status: 'found'; sale: Sale } | { status: 'missing' };

function useSaleById(saleId: string | undefined): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    const read = saleId ? getSale(saleId) : Promise.resolve(undefined);
    read.then(
      (sale) => {
        if (current) setLoaded(sale ? { status: 'found', sale } : { status: 'missing' });
      },
      () => {
        if (current) setLoaded({ status: 'missing' });
      },
    );
    return () => {
      current = false;
    };
  }, [saleId]);
  return loaded;
}

export function ReceiptPage({ param }: PageProps) {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const format = useShopFormat();
  const loaded = useSaleById(param);

  const finish = (
    <Button size="lg" fullWidth icon={<Check />} onClick={() => navigate('dashboard')}>
      {t('receipt.finish')}
    </Button>
  );
  if (loaded.status === 'loading') return null;
  if (loaded.status === 'missing') {
    return (
      <div className="flex flex-col gap-4">
        <EmptyState icon={<ReceiptText />} title={t('receipt.notFound')} />
        {finish}
      </div>
    );
  }
  const { sale } = loaded;
  return (
    <div className="flex flex-col gap-4">
      <article className="rounded-2xl bg-white px-5 py-6 shadow-card ring-1 ring-line/60">
        <header className="border-b border-dashed border-line pb-4 text-center">
          <p className="text-xl font-bold text-ink">{settings.storeName}</p>
          {settings.storeAddress ? <p className="text-sm text-muted">{settings.storeAddress}</p> : null}
          {settings.storePhone ? (
            <p className="text-sm text-muted" dir="ltr">
              {settings.storePhone}
            </p>
          ) : null}
          <p className="mt-2 font-semibold">{t('receipt.ticketNumber', { number: sale.ticketNumber })}</p>
          <p className="text-sm text-muted">{format.dateTime(sale.date)}</p>
        </header>
        <ul className="flex flex-col gap-2 border-b border-dashed border-line py-4">
          {sale.items.map((item, index) => (
            <li key={`${item.productId}-${index}`} className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{item.productName}</p>
                <p className="text-sm text-muted tabular-nums">
                  {t('receipt.lineDetail', {
                    quantity: format.quantity(item.quantity, item.isBulk),
                    price: format.money(item.unitPrice),
                  })}
                </p>
              </div>
              <span className="font-semibold tabular-nums">{format.money(item.total)}</span>
            </li>
          ))}
        </ul>
        <dl className="flex flex-col gap-1 pt-4">
          <div className="flex justify-between text-muted">
            <dt>{t('receipt.subtotal')}</dt>
            <dd className="tabular-nums">{format.money(sale.subtotal)}</dd>
          </div>
          <div className="flex justify-between text-muted">
            <dt>{t('receipt.vat')}</dt>
            <dd className="tabular-nums">{format.money(sale.vat)}</dd>
          </div>
          <div className="flex justify-between text-xl font-bold text-ink">
            <dt>{t('receipt.total')}</dt>
            <dd className="tabular-nums">{format.money(sale.total)}</dd>
          </div>
        </dl>
        <p className="mt-5 text-center font-medium text-brand-700">{t('receipt.thanks')}</p>
      </article>
      {finish}
    </div>
  );
}
