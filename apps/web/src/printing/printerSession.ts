// The one Bluetooth printer connection of the app, and pairing/forgetting it with the settings' printer fields.
import type { Settings } from '@hanouti/core';
import { saveSettings } from '../data/settingsRepository';
import {
  BluetoothReceiptPrinter,
  browserBluetooth,
  PrinterError,
  type PairedPrinter,
} from './bluetoothPrinter';
import { readPrinterPreferences, writePrinterPreferences } from './printerPreferences';

let session: BluetoothReceiptPrinter | undefined;

function printerOfThisBrowser(): BluetoothReceiptPrinter {
  const bluetooth = browserBluetooth();
  if (!bluetooth) throw new PrinterError('unavailable');
  session ??= new BluetoothReceiptPrinter(bluetooth);
  return session;
}

export function bluetoothAvailable(): boolean {
  return browserBluetooth() !== undefined;
}

/** Pairs a printer (device chooser, after a tap), remembers it here and marks it connected in the settings. */
export async function pairPrinter(settings: Settings): Promise<PairedPrinter> {
  const printer = await printerOfThisBrowser().pair();
  writePrinterPreferences({ ...readPrinterPreferences(), id: printer.id, name: printer.name });
  await saveSettings({ ...settings, printerConnected: true, printerName: printer.name });
  return printer;
}

export async function forgetPrinter(settings: Settings): Promise<void> {
  session?.disconnect();
  const { paper } = readPrinterPreferences();
  writePrinterPreferences({ paper });
  const { printerName: _forgotten, ...rest } = settings;
  await saveSettings({ ...rest, printerConnected: false });
}

/**
 * The paired printer, connected: the open connection, else a silent reconnection to the remembered
 * device, else the chooser (the caller runs this right after the shopkeeper's tap on Imprimer).
 */
export async function connectedPrinter(settings: Settings): Promise<BluetoothReceiptPrinter> {
  const printer = printerOfThisBrowser();
  if (printer.connected) return printer;
  const { id } = readPrinterPreferences();
  if (id && (await printer.reconnect(id))) return printer;
  await pairPrinter(settings);
  return printer;
}
