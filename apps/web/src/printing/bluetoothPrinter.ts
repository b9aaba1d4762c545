/// <reference types="web-bluetooth" />
// A Bluetooth Low Energy receipt printer: pairing, reconnection and chunked writes whose failures are reported.

/**
 * Serial-over-GATT services of the common ESC/POS printers: the generic 18F0 of most Chinese 58/80 mm
 * printers, Microchip's transparent UART (Epson TM-P, Star), the E781 service of Goojprt/MTP printers,
 * and FF00 used by some Xprinter models.
 */
export const PRINTER_SERVICES = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '0000ff00-0000-1000-8000-00805f9b34fb',
] as const;

/** Names printers advertise when they do not advertise their service. */
const NAME_PREFIXES = [
  'MTP',
  'MPT',
  'PT-',
  'RPP',
  'XP-',
  'TM-P',
  'STAR',
  'Printer',
  'BlueTooth Printer',
  'POS',
];

/**
 * Bytes per write. Android negotiates a large MTU, but some printers keep the default and cannot take
 * long writes; 100 bytes fits every printer seen in the field while keeping the number of writes low.
 */
export const DEFAULT_CHUNK_BYTES = 100;

export type PrinterErrorCode = 'unavailable' | 'cancelled' | 'not-found' | 'unsupported' | 'write-failed';

export class PrinterError extends Error {
  constructor(
    readonly code: PrinterErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'PrinterError';
  }
}

export type PairedPrinter = { id: string; name: string };

/** The browser's Bluetooth (or a test double of the device side of it). */
export type BluetoothAccess = Pick<Bluetooth, 'requestDevice'> & {
  getDevices?: () => Promise<BluetoothDevice[]>;
};

/** The browser's Web Bluetooth, when this browser has it (Chrome on Android, desktop Chrome and Edge). */
export function browserBluetooth(): BluetoothAccess | undefined {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator ? navigator.bluetooth : undefined;
}

function isWritable(characteristic: BluetoothRemoteGATTCharacteristic): boolean {
  return characteristic.properties.write || characteristic.properties.writeWithoutResponse;
}

export class BluetoothReceiptPrinter {
  #device: BluetoothDevice | undefined;
  #characteristic: BluetoothRemoteGATTCharacteristic | undefined;
  readonly #bluetooth: BluetoothAccess;
  readonly #chunkBytes: number;

  constructor(bluetooth: BluetoothAccess, options: { chunkBytes?: number } = {}) {
    this.#bluetooth = bluetooth;
    this.#chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  }

  get printer(): PairedPrinter | undefined {
    const device = this.#device;
    return device ? { id: device.id, name: device.name ?? device.id } : undefined;
  }

  get connected(): boolean {
    return this.#device?.gatt?.connected === true && this.#characteristic !== undefined;
  }

  /** Shows the browser's device chooser (must follow a tap) and connects to the printer picked. */
  async pair(): Promise<PairedPrinter> {
    let device: BluetoothDevice;
    try {
      device = await this.#bluetooth.requestDevice({
        filters: [
          ...PRINTER_SERVICES.map((service) => ({ services: [service] })),
          ...NAME_PREFIXES.map((namePrefix) => ({ namePrefix })),
        ],
        optionalServices: [...PRINTER_SERVICES],
      });
    } catch (error) {
      // NotFoundError is what Chrome raises when the chooser is closed without a choice.
      const cancelled = error instanceof Error && error.name === 'NotFoundError';
      throw new PrinterError(cancelled ? 'cancelled' : 'unavailable', { cause: error });
    }
    await this.#open(device);
    return this.printer ?? { id: device.id, name: device.id };
  }

  /** Connects again to a printer paired earlier, without the chooser, where the browser allows it. */
  async reconnect(id: string): Promise<PairedPrinter | undefined> {
    if (this.#device?.id === id && this.connected) return this.printer;
    if (!this.#bluetooth.getDevices) return undefined;
    const device = (await this.#bluetooth.getDevices()).find((candidate) => candidate.id === id);
    if (!device) return undefined;
    await this.#open(device);
    return this.printer;
  }

  async #open(device: BluetoothDevice): Promise<void> {
    const gatt = device.gatt;
    if (!gatt) throw new PrinterError('unsupported');
    let server: BluetoothRemoteGATTServer;
    try {
      server = gatt.connected ? gatt : await gatt.connect();
    } catch (error) {
      throw new PrinterError('not-found', { cause: error });
    }
    for (const uuid of PRINTER_SERVICES) {
      let service: BluetoothRemoteGATTService;
      try {
        service = await server.getPrimaryService(uuid);
      } catch {
        continue;
      }
      const characteristic = (await service.getCharacteristics()).find(isWritable);
      if (characteristic) {
        this.#device = device;
        this.#characteristic = characteristic;
        return;
      }
    }
    gatt.disconnect();
    throw new PrinterError('unsupported');
  }

  /**
   * Sends the bytes in chunks, one after the other. Writes are acknowledged by the printer when its
   * characteristic allows it; the promise resolves only once every chunk was accepted, and rejects with
   * 'write-failed' at the first refused write (nothing more is sent).
   */
  async print(bytes: Uint8Array): Promise<void> {
    const device = this.#device;
    let characteristic = this.#characteristic;
    if (!device || !characteristic) throw new PrinterError('not-found');
    if (!device.gatt?.connected) {
      await this.#open(device);
      characteristic = this.#characteristic;
      if (!characteristic) throw new PrinterError('not-found');
    }
    const acknowledged = characteristic.properties.write;
    for (let offset = 0; offset < bytes.length; offset += this.#chunkBytes) {
      const chunk = bytes.slice(offset, offset + this.#chunkBytes);
      try {
        if (acknowledged) await characteristic.writeValueWithResponse(chunk);
        else await characteristic.writeValueWithoutResponse(chunk);
      } catch (error) {
        throw new PrinterError('write-failed', { cause: error });
      }
    }
  }

  disconnect(): void {
    this.#device?.gatt?.disconnect();
    this.#device = undefined;
    this.#characteristic = undefined;
  }
}
