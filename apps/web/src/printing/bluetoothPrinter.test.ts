// The Bluetooth printer driven against a test double of the device (GATT server, service, characteristic).
import { describe, expect, it } from 'vitest';
import {
  BluetoothReceiptPrinter,
  PRINTER_SERVICES,
  PrinterError,
  type BluetoothAccess,
} from './bluetoothPrinter';

type Properties = { write: boolean; writeWithoutResponse: boolean };

/** A printer's GATT characteristic that records what it receives and can refuse the n-th write. */
function fakeCharacteristic(properties: Properties, failAt?: number) {
  const writes: { bytes: number[]; acknowledged: boolean }[] = [];
  const write = (acknowledged: boolean) => async (value: BufferSource) => {
    await Promise.resolve();
    if (failAt !== undefined && writes.length + 1 === failAt)
      throw new DOMException('GATT operation failed', 'NetworkError');
    const view =
      value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    writes.push({ bytes: [...view], acknowledged });
  };
  const characteristic = {
    properties: { ...properties, read: false, notify: false },
    writeValueWithResponse: write(true),
    writeValueWithoutResponse: write(false),
  };
  return { characteristic, writes };
}

function fakeDevice(service: string, characteristic: object) {
  const gatt = {
    connected: false,
    connects: 0,
    connect() {
      gatt.connects += 1;
      gatt.connected = true;
      return Promise.resolve(gatt);
    },
    disconnect() {
      gatt.connected = false;
    },
    getPrimaryService(uuid: string) {
      if (uuid !== service)
        return Promise.reject(new DOMException('No Services matching UUID found', 'NotFoundError'));
      return Promise.resolve({
        uuid,
        getCharacteristics: () =>
          Promise.resolve([{ properties: { write: false, writeWithoutResponse: false } }, characteristic]),
      });
    },
  };
  return { id: 'printer-1', name: 'MTP-II', gatt };
}

function bluetoothWith(device: object, options: { cancel?: boolean } = {}) {
  const requests: RequestDeviceOptions[] = [];
  const access = {
    requestDevice(request: RequestDeviceOptions) {
      requests.push(request);
      if (options.cancel)
        return Promise.reject(
          new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError'),
        );
      return Promise.resolve(device);
    },
    getDevices: () => Promise.resolve([device]),
  } as unknown as BluetoothAccess;
  return { access, requests };
}

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 256);

describe('BluetoothReceiptPrinter', () => {
  it('pairs through the chooser, finds the writable characteristic and writes acknowledged chunks in order', async () => {
    const { characteristic, writes } = fakeCharacteristic({ write: true, writeWithoutResponse: true });
    const device = fakeDevice(PRINTER_SERVICES[0], characteristic);
    const { access, requests } = bluetoothWith(device);
    const printer = new BluetoothReceiptPrinter(access, { chunkBytes: 100 });

    await expect(printer.pair()).resolves.toEqual({ id: 'printer-1', name: 'MTP-II' });
    expect(requests[0]?.optionalServices).toEqual([...PRINTER_SERVICES]);
    expect(printer.connected).toBe(true);

    const data = bytes(250);
    await printer.print(data);
    expect(writes.map((w) => w.bytes.length)).toEqual([100, 100, 50]);
    expect(writes.every((w) => w.acknowledged)).toBe(true);
    expect(writes.flatMap((w) => w.bytes)).toEqual([...data]);
  });

  it('uses writes without response when the printer offers only those', async () => {
    const { characteristic, writes } = fakeCharacteristic({ write: false, writeWithoutResponse: true });
    const { access } = bluetoothWith(fakeDevice(PRINTER_SERVICES[2], characteristic));
    const printer = new BluetoothReceiptPrinter(access, { chunkBytes: 64 });
    await printer.pair();
    await printer.print(bytes(130));
    expect(writes.map((w) => [w.bytes.length, w.acknowledged])).toEqual([
      [64, false],
      [64, false],
      [2, false],
    ]);
  });

  it('stops at the first refused write and reports it', async () => {
    const { characteristic, writes } = fakeCharacteristic({ write: true, writeWithoutResponse: false }, 2);
    const { access } = bluetoothWith(fakeDevice(PRINTER_SERVICES[1], characteristic));
    const printer = new BluetoothReceiptPrinter(access, { chunkBytes: 10 });
    await printer.pair();
    const failure = await printer.print(bytes(50)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PrinterError);
    expect((failure as PrinterError).code).toBe('write-failed');
    expect(writes).toHaveLength(1);
  });

  it('reconnects a dropped link before printing, and reconnects a remembered printer without the chooser', async () => {
    const { characteristic, writes } = fakeCharacteristic({ write: true, writeWithoutResponse: false });
    const device = fakeDevice(PRINTER_SERVICES[0], characteristic);
    const { access, requests } = bluetoothWith(device);
    const printer = new BluetoothReceiptPrinter(access);
    await expect(printer.reconnect('printer-1')).resolves.toEqual({ id: 'printer-1', name: 'MTP-II' });
    expect(requests).toHaveLength(0);
    device.gatt.disconnect();
    await printer.print(bytes(5));
    expect(device.gatt.connects).toBe(2);
    expect(writes).toHaveLength(1);
    await expect(printer.reconnect('another')).resolves.toBeUndefined();
  });

  it('tells a closed chooser from a device that is not a receipt printer', async () => {
    const { characteristic } = fakeCharacteristic({ write: true, writeWithoutResponse: false });
    const cancelled = new BluetoothReceiptPrinter(
      bluetoothWith(fakeDevice(PRINTER_SERVICES[0], characteristic), { cancel: true }).access,
    );
    await expect(cancelled.pair()).rejects.toMatchObject({ code: 'cancelled' });
    const headset = new BluetoothReceiptPrinter(
      bluetoothWith(fakeDevice('0000110b-0000-1000-8000-00805f9b34fb', characteristic)).access,
    );
    await expect(headset.pair()).rejects.toMatchObject({ code: 'unsupported' });
    await expect(new BluetoothReceiptPrinter(bluetoothWith({}).access).print(bytes(1))).rejects.toMatchObject(
      { code: 'not-found' },
    );
  });
});
