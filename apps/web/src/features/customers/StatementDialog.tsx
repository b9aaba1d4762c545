// Relevé: every entry since a chosen day with the running balance and the shop's details, drawn like the ticket
// (Arabic shaped by the canvas) — shared as an image through the share sheet, or printed on the Bluetooth printer.
import { Printer, Share2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { usePhoto } from '../../data/productsRepository';
import { isLanguage } from '../../i18n/i18n';
import { printerErrorMessage } from '../../printing/printerErrorMessage';
import { usePrinterPreferences } from '../../printing/printerPreferences';
import { bluetoothAvailable } from '../../printing/printerSession';
import { shareTicket } from '../../printing/shareTicket';
import { canvasPng, renderTicketCanvas } from '../../printing/ticketCanvas';
import { ticketText, type TicketDocument } from '../../printing/ticketDocument';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { withIsolatedName } from '../../ui/IsolatedName';
import { toast } from '../../ui/toastStore';
import { statementSince } from './customerStatement';
import { statementSheetFor } from './reminderWords';
import { useCustomerHistory } from './useCustomerHistory';

/** How far back a statement starts unless the shopkeeper picks another day. */
const DEFAULT_DAYS = 30;

/** A calendar day of this phone ("2026-11-26"). */
function dayOf(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The first instant of a calendar day of this phone, as an ISO timestamp; undefined when not a day. */
function startOfDay(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date);
  return Number.isNaN(start.getTime()) || dayOf(start) !== day ? undefined : start.toISOString();
}

export function StatementDialog({
  customer,
  onClose,
}: {
  customer: Customer | undefined;
  onClose: () => void;
}) {
  return customer ? <StatementBody key={customer.id} customer={customer} onClose={onClose} /> : null;
}

function useImageUrl(document: TicketDocument | undefined, paper: 58 | 80, logo: Blob | undefined) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!document) return undefined;
    let live = true;
    let made: string | undefined;
    renderTicketCanvas(document, paper, logo)
      .then(canvasPng)
      .then((png) => {
        if (!live) return;
        made = URL.createObjectURL(png);
        setUrl(made);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Statement image not drawn', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [document, paper, logo]);
  return { url, failed };
}

/**
 * The dialog with its statement: the day, the preview, and — in the dialog's footer, in view however long the
 * statement is — Partager and Imprimer (they were under the preview, off the screen of a 360×740 phone).
 */
function StatementBody({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const { t, i18n } = useTranslation('customers');
  const { t: tReceipt } = useTranslation('receipt');
  const format = useShopFormat();
  const settings = useShopSettings();
  const history = useCustomerHistory(customer.id);
  const preferences = usePrinterPreferences();
  const logo = usePhoto(settings.logoId)?.blob;
  const [now] = useState(() => new Date());
  const [day, setDay] = useState(() => dayOf(new Date(now.getTime() - DEFAULT_DAYS * 86_400_000)));
  const [busy, setBusy] = useState(false);
  const today = dayOf(now);
  const since = day <= today ? startOfDay(day) : undefined;
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const paired = preferences.id !== undefined && bluetoothAvailable();

  const document = useMemo(() => {
    if (!history || since === undefined) return undefined;
    return statementSheetFor(
      {
        store: {
          storeName: settings.storeName,
          storeAddress: settings.storeAddress,
          storePhone: settings.storePhone,
          hasLogo: logo !== undefined,
        },
        customerName: customer.name,
        balance: customer.creditBalance,
        history: history.entries,
        since,
        now: now.toISOString(),
        advanceIds: history.advanceIds,
      },
      settings.currency,
      language,
    );
  }, [history, since, settings, logo, customer, now, language]);
  const image = useImageUrl(document, preferences.paper, logo);
  const count = history && since ? statementSince(history.entries, since).entries.length : 0;

  async function shareImage() {
    if (!document) return;
    setBusy(true);
    try {
      const title = t('statementSheet.dialogTitle', { name: customer.name });
      const outcome = await shareTicket({
        title,
        text: ticketText(document),
        image: async () => {
          const canvas = await renderTicketCanvas(document, preferences.paper, logo);
          return new File([await canvasPng(canvas)], `releve-${day}.png`, { type: 'image/png' });
        },
      });
      if (outcome === 'shared') toast({ tone: 'success', title: t('statementShared') });
      if (outcome === 'copied') toast({ tone: 'success', title: t('statementCopied') });
    } catch (error) {
      console.error('Statement not shared', error);
      toast({ tone: 'error', title: t('statementFailed') });
    } finally {
      setBusy(false);
    }
  }

  async function print() {
    if (!document) return;
    setBusy(true);
    try {
      const { printTicketOnBluetooth } = await import('../../printing/printTicket');
      await printTicketOnBluetooth(document, logo);
      toast({ tone: 'success', title: t('statementSheet.printed') });
    } catch (error) {
      toast({
        tone: 'error',
        title: tReceipt('printFailed'),
        description: printerErrorMessage(error, tReceipt),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={withIsolatedName((name) => t('statementSheet.dialogTitle', { name }), customer.name)}
      footer={
        <div className="flex w-full flex-col gap-2">
          <div className="grid grid-cols-2 gap-2">
            <Button icon={<Share2 />} disabled={!document || busy} onClick={() => void shareImage()}>
              {t('statementSheet.shareImage')}
            </Button>
            <Button
              variant="secondary"
              icon={<Printer />}
              disabled={!document || busy || !paired}
              onClick={() => void print()}
            >
              {t('statementSheet.print')}
            </Button>
          </div>
          {paired ? null : <p className="text-sm text-muted">{t('statementSheet.printHint')}</p>}
        </div>
      }
    >
      <div className="flex flex-col gap-3">
        <Input
          type="date"
          label={t('statementSheet.since')}
          value={day}
          max={today}
          onChange={(event) => setDay(event.target.value)}
          error={since === undefined ? t('statementSheet.invalidSince') : undefined}
        />
        {since !== undefined ? (
          <p className="text-sm text-muted" data-testid="statement-count">
            {t('statementSheet.entries', {
              count,
              // i18next reads every value from `replace` when it is given: the date goes there too.
              replace: {
                count: format.count(count),
                date: new Intl.DateTimeFormat(format.locale, { dateStyle: 'short' }).format(new Date(since)),
              },
            })}
          </p>
        ) : null}
        <div className="flex justify-center rounded-xl bg-canvas p-2">
          {image.url && document ? (
            <img
              src={image.url}
              alt={t('statementSheet.preview')}
              data-testid="statement-image"
              className="w-full max-w-[384px] bg-white shadow-sm ring-1 ring-line"
            />
          ) : image.failed ? (
            <p role="alert" className="text-sm text-red-700">
              {t('statementSheet.imageFailed')}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
