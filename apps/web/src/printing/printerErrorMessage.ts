// The shopkeeper's wording of a printing failure.
import type { TFunction } from 'i18next';
import { PrinterError } from './bluetoothPrinter';

export function printerErrorMessage(error: unknown, t: TFunction<'receipt'>): string {
  if (error instanceof PrinterError) return t(`printer.errors.${error.code}`);
  return t('printer.errors.unknown');
}
