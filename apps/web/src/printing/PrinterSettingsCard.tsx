// Settings card of the Bluetooth receipt printer: pair or forget it, choose the paper width, print a test page.
import { Bluetooth, BluetoothOff, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopSettings } from '../app/useShopSettings';
import { i18n } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Select } from '../ui/Input';
import { toast } from '../ui/toastStore';
import { PAPER_WIDTHS, isPaperWidth } from './paper';
import { printerErrorMessage } from './printerErrorMessage';
import { usePrinterPreferences, writePrinterPreferences } from './printerPreferences';
import { bluetoothAvailable, forgetPrinter, pairPrinter } from './printerSession';
import type { TicketDocument } from './ticketDocument';

function testDocument(storeName: string, direction: 'ltr' | 'rtl', title: string): TicketDocument {
  const french = i18n.getFixedT('fr', 'receipt');
  const arabic = i18n.getFixedT('ar', 'receipt');
  return {
    direction,
    lines: [
      { kind: 'title', text: storeName },
      { kind: 'text', text: title, strong: true },
      { kind: 'rule' },
      { kind: 'text', text: french('printer.testLine') },
      { kind: 'text', text: arabic('printer.testLine') },
      { kind: 'rule' },
    ],
  };
}

export function PrinterSettingsCard() {
  const { t, i18n: current } = useTranslation('receipt');
  const settings = useShopSettings();
  const preferences = usePrinterPreferences();
  const [busy, setBusy] = useState(false);
  const available = bluetoothAvailable();
  // Pairing is this phone's own state (printerPreferences), never the shop's synced settings.
  const paired = preferences.id !== undefined && available;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast({ tone: 'error', title: t('printFailed'), description: printerErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  const pair = () =>
    run(async () => {
      const printer = await pairPrinter();
      toast({ tone: 'success', title: t('printer.pairedToast', { name: printer.name }) });
    });

  const forget = () =>
    run(() => {
      forgetPrinter();
      toast({ tone: 'info', title: t('printer.forgotten') });
      return Promise.resolve();
    });

  const testPrint = () =>
    run(async () => {
      const { printTicketOnBluetooth } = await import('./printTicket');
      const direction = current.dir() === 'rtl' ? 'rtl' : 'ltr';
      await printTicketOnBluetooth(testDocument(settings.storeName, direction, t('printer.testTitle')));
      toast({ tone: 'success', title: t('printer.testPrinted') });
    });

  return (
    <Card title={t('printer.title')} icon={<Printer />}>
      <div className="flex flex-col gap-3">
        {available ? (
          <p className="flex items-center gap-2 font-medium text-ink">
            <Bluetooth className="size-5 text-brand-600" aria-hidden="true" />
            {paired ? t('printer.paired', { name: preferences.name ?? preferences.id }) : t('printer.none')}
          </p>
        ) : (
          <p className="flex items-start gap-2 text-muted">
            <BluetoothOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {t('printer.noBluetooth')}
          </p>
        )}
        <Select
          label={t('printer.paper')}
          value={String(preferences.paper)}
          onChange={(event) => {
            const width = Number(event.target.value);
            if (isPaperWidth(width)) writePrinterPreferences({ ...preferences, paper: width });
          }}
        >
          {PAPER_WIDTHS.map((width) => (
            <option key={width} value={width}>
              {t('printer.paperOption', { width })}
            </option>
          ))}
        </Select>
        {available ? (
          paired ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" icon={<Printer />} disabled={busy} onClick={() => void testPrint()}>
                {t('printer.testPrint')}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => void forget()}>
                {t('printer.forget')}
              </Button>
            </div>
          ) : (
            <Button icon={<Bluetooth />} disabled={busy} onClick={() => void pair()}>
              {t('printer.pair')}
            </Button>
          )
        ) : null}
        {paired ? null : <p className="text-sm text-muted">{t('printer.browserPrintHint')}</p>}
      </div>
    </Card>
  );
}
