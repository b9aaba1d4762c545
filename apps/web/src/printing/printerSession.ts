// The one Bluetooth printer connection of the app, and pairing/forgetting it on this phone.
// A printer belongs to a phone: pairing is local device state (printerPreferences), never the shop's synced
// settings — a staff phone may pair its own printer, and settings.update is owner-only on the server.
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

/** Pairs a printer (device chooser, after a tap) and remembers it on this phone only. */
export async function pairPrinter(): Promise<PairedPrinter> {
  const printer = await printerOfThisBrowser().pair();
  writePrinterPreferences({ ...readPrinterPreferences(), id: printer.id, name: printer.name });
  return printer;
}

/** Forgets this phone's printer (the paper width stays). */
export function forgetPrinter(): void {
  session?.disconnect();
  const { paper } = readPrinterPreferences();
  writePrinterPreferences({ paper });
}

/**
 * The paired printer, connected: the open connection, else a silent reconnection to the remembered
 * device, else the chooser (the caller runs this right after the shopkeeper's tap on Imprimer).
 */
export async function connectedPrinter(): Promise<BluetoothReceiptPrinter> {
  const printer = printerOfThisBrowser();
  if (printer.connected) return printer;
  const { id } = readPrinterPreferences();
  if (id && (await printer.reconnect(id))) return printer;
  await pairPrinter();
  return printer;
}
