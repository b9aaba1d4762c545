// Printing a ticket on the paired Bluetooth printer: render, encode to ESC/POS, send; loaded only when printing.
import { encodeTicketBitmap } from './escposTicket';
import { readPrinterPreferences } from './printerPreferences';
import { connectedPrinter } from './printerSession';
import { canvasBitmap, renderTicketCanvas } from './ticketCanvas';
import type { TicketDocument } from './ticketDocument';

/** Resolves once the printer acknowledged every byte of the ticket; rejects with a PrinterError otherwise. */
export async function printTicketOnBluetooth(document: TicketDocument, logo?: Blob): Promise<void> {
  // Connect first: the device chooser, when needed, must open while the tap on Imprimer is still fresh.
  const printer = await connectedPrinter();
  const { paper } = readPrinterPreferences();
  const canvas = await renderTicketCanvas(document, paper, logo);
  await printer.print(encodeTicketBitmap(canvasBitmap(canvas), paper));
}
