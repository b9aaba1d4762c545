// Ticket de Caisse: the recorded sale as a ticket; Imprimer (Bluetooth printer or browser), Partager, Terminer.
import { Check, CheckCircle2, Printer, ReceiptText, Share2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@hanouti/core';
import { navigate, pageHash } from '../../app/navigation';
import type { PageProps } from '../../app/lazyPage';
import { useShopSettings } from '../../app/useShopSettings';
import { useCustomer } from '../../data/customersRepository';
import { usePhoto } from '../../data/productsRepository';
import { holdBackgroundWork } from '../../data/backgroundWork';
import { getSale, justRecordedSale, markPrinted, markShared } from '../../data/salesRepository';
import { printInBrowser } from '../../printing/browserPrint';
import { printerErrorMessage } from '../../printing/printerErrorMessage';
import { readPrinterPreferences, usePrinterPreferences } from '../../printing/printerPreferences';
import { bluetoothAvailable } from '../../printing/printerSession';
import { shareTicket } from '../../printing/shareTicket';
import { canvasPng, renderTicketCanvas } from '../../printing/ticketCanvas';
import { ticketText } from '../../printing/ticketDocument';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { toast } from '../../ui/toastStore';
import './receiptPrint.css';

/** Time for the "what happens next" toast to be drawn before the phone's print dialog takes the screen. */
const BROWSER_PRINT_DELAY_MS = 300;
import { TicketView } from './TicketView';
import { useTicketDocument } from './useTicketDocument';

type Loaded = { status: 'loading' } | { status: 'found'; sale: Sale } | { status: 'missing' };

function useSaleById(saleId: string | undefined): Loaded {
  // The sale just rung up in this tab is shown at once (first render); any other is read from the database.
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const sale = justRecordedSale(saleId);
    return sale ? { status: 'found', sale } : { status: 'loading' };
  });
  useEffect(() => {
    if (justRecordedSale(saleId)) return;
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

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function ReceiptPage({ param }: PageProps) {
  const { t } = useTranslation();
  const loaded = useSaleById(param);
  // As on the sale screen: the daily check of the large tables waits while the ticket is shown.
  useEffect(() => holdBackgroundWork(), []);
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
  return <Receipt sale={loaded.sale} finish={finish} />;
}

function Receipt({ sale, finish }: { sale: Sale; finish: ReactNode }) {
  const { t } = useTranslation();
  const { t: tReceipt } = useTranslation('receipt');
  const settings = useShopSettings();
  const customer = useCustomer(sale.customerId);
  const logo = usePhoto(settings.logoId)?.blob;
  const logoUrl = useObjectUrl(logo);
  const document = useTicketDocument(sale, customer?.name, logo !== undefined);
  const printRoot = useRef<HTMLDivElement>(null);
  const [marks, setMarks] = useState({ printed: sale.printed, shared: sale.shared });
  const [busy, setBusy] = useState<'print' | 'share' | undefined>();
  // The print copy of the ticket exists only while the browser prints, so the page shows one ticket.
  const [browserPrinting, setBrowserPrinting] = useState(false);
  // The printer paired on this phone (local device state, not the shop's settings).
  const useBluetooth = usePrinterPreferences().id !== undefined && bluetoothAvailable();

  // The printer code (ESC/POS encoder) is fetched ahead, so that the device chooser can open right on the tap.
  useEffect(() => {
    if (useBluetooth) void import('../../printing/printTicket');
  }, [useBluetooth]);

  if (!document) return null;

  const print = async () => {
    if (!useBluetooth) {
      // Without a paired printer the shopkeeper is told what happens next before the phone's print opens (some
      // phones show nothing at all): choose a printer or save a PDF there, or pair one in Paramètres.
      toast({ tone: 'info', title: tReceipt('browserPrint'), description: tReceipt('browserPrintNext') });
      await new Promise((resolve) => setTimeout(resolve, BROWSER_PRINT_DELAY_MS));
      flushSync(() => setBrowserPrinting(true));
      const ticket = printRoot.current?.querySelector<HTMLElement>('.ticket');
      // The browser gives no word on whether paper came out: the sale is not marked printed.
      if (ticket) printInBrowser(ticket, readPrinterPreferences().paper);
      setBrowserPrinting(false);
      return;
    }
    setBusy('print');
    try {
      const { printTicketOnBluetooth } = await import('../../printing/printTicket');
      await printTicketOnBluetooth(document, logo);
      await markPrinted(sale.id);
      setMarks((current) => ({ ...current, printed: true }));
      toast({ tone: 'success', title: t('receipt.printed') });
    } catch (error) {
      toast({
        tone: 'error',
        title: tReceipt('printFailed'),
        description: printerErrorMessage(error, tReceipt),
      });
    } finally {
      setBusy(undefined);
    }
  };

  const share = async () => {
    setBusy('share');
    try {
      const outcome = await shareTicket({
        title: tReceipt('shareTitle', { number: sale.ticketNumber, store: settings.storeName }),
        text: ticketText(document),
        image: async () => {
          const canvas = await renderTicketCanvas(document, readPrinterPreferences().paper, logo);
          return new File([await canvasPng(canvas)], `ticket-${sale.ticketNumber}.png`, {
            type: 'image/png',
          });
        },
      });
      if (outcome === 'cancelled') return;
      await markShared(sale.id);
      setMarks((current) => ({ ...current, shared: true }));
      if (outcome === 'copied') toast({ tone: 'success', title: t('receipt.copied') });
    } catch (error) {
      console.error('Partage du ticket impossible', error);
      toast({ tone: 'error', title: tReceipt('shareFailed') });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <TicketView document={document} logoUrl={logoUrl} logoLabel={settings.storeName} />
      {marks.printed || marks.shared ? (
        <div className="flex justify-center gap-2">
          {marks.printed ? (
            <Badge tone="success" icon={<CheckCircle2 />}>
              {tReceipt('printedBadge')}
            </Badge>
          ) : null}
          {marks.shared ? (
            <Badge tone="brand" icon={<CheckCircle2 />}>
              {tReceipt('sharedBadge')}
            </Badge>
          ) : null}
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          size="lg"
          icon={<Printer />}
          disabled={busy !== undefined}
          onClick={() => void print()}
        >
          {busy === 'print' ? tReceipt('printing') : tReceipt('print')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          icon={<Share2 />}
          disabled={busy !== undefined}
          onClick={() => void share()}
        >
          {tReceipt('share')}
        </Button>
      </div>
      {useBluetooth ? null : (
        <p className="flex items-start gap-2 text-sm text-muted">
          <Printer className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {tReceipt('noPrinterHint')}{' '}
            <a href={pageHash('settings')} className="font-semibold text-brand-800 underline">
              {tReceipt('pairInSettings')}
            </a>
          </span>
        </p>
      )}
      {finish}
      {browserPrinting
        ? createPortal(
            <div ref={printRoot} className="ticket-print-root" aria-hidden="true">
              <TicketView document={document} logoUrl={logoUrl} logoLabel={settings.storeName} />
            </div>,
            globalThis.document.body,
          )
        : null}
    </div>
  );
}
