// A printer belongs to a phone: pairing it on a staff phone (or any phone) writes no settings.update operation
// (settings are owner-only on the server, which refused it), only this phone's printer preferences.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncStatusOf } from '../app/testDeviceRole';
import { pendingOperations } from '../data/syncStore';
import { loadSettings } from '../data/settingsRepository';
import { resetDatabase } from '../data/testDatabase';
import { clickAndSettle, renderScreen } from '../test/testScreen';
import type { SyncStatus } from '../sync/syncEngine';
import { PrinterSettingsCard } from './PrinterSettingsCard';
import { PRINTER_STORAGE_KEY, readPrinterPreferences } from './printerPreferences';
import { forgetPrinter, pairPrinter } from './printerSession';

const sync = vi.hoisted(() => ({ status: undefined as unknown as SyncStatus }));
vi.mock('../app/useSyncStatus', () => ({ useSyncStatus: () => sync.status }));

/** A receipt printer the browser's chooser hands over, with a writable characteristic. */
function fakeBluetooth() {
  const characteristic = {
    properties: { write: true, writeWithoutResponse: false, read: false, notify: false },
    writeValueWithResponse: () => Promise.resolve(),
    writeValueWithoutResponse: () => Promise.resolve(),
  };
  const gatt = {
    connected: false,
    connect() {
      gatt.connected = true;
      return Promise.resolve(gatt);
    },
    disconnect() {
      gatt.connected = false;
    },
    getPrimaryService: (uuid: string) =>
      Promise.resolve({ uuid, getCharacteristics: () => Promise.resolve([characteristic]) }),
  };
  const device = { id: 'printer-7', name: 'MTP-II', gatt };
  return {
    requestDevice: vi.fn(() => Promise.resolve(device)),
    getDevices: () => Promise.resolve([device]),
  };
}

beforeEach(async () => {
  await resetDatabase();
  window.localStorage.removeItem(PRINTER_STORAGE_KEY);
  Object.defineProperty(navigator, 'bluetooth', { value: fakeBluetooth(), configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'bluetooth');
  window.localStorage.removeItem(PRINTER_STORAGE_KEY);
});

describe('pairing a Bluetooth printer', () => {
  it('on a staff phone: the printer is remembered on this phone and no settings.update is recorded', async () => {
    sync.status = syncStatusOf('staff');
    const before = await loadSettings();
    renderScreen(<PrinterSettingsCard />);
    expect(screen.getByText('Aucune imprimante associée')).toBeTruthy();
    await clickAndSettle(screen.getByRole('button', { name: 'Associer une imprimante' }));
    await screen.findByText('Imprimante : MTP-II');
    expect(readPrinterPreferences()).toMatchObject({ id: 'printer-7', name: 'MTP-II' });
    const operations = await pendingOperations();
    expect(operations.filter((op) => op.type === 'settings.update')).toEqual([]);
    expect(await loadSettings()).toEqual(before);

    await clickAndSettle(screen.getByRole('button', { name: "Oublier l'imprimante" }));
    await waitFor(() => expect(screen.getByText('Aucune imprimante associée')).toBeTruthy());
    expect(readPrinterPreferences().id).toBeUndefined();
    expect((await pendingOperations()).filter((op) => op.type === 'settings.update')).toEqual([]);
  });

  it('keeps the paper width when the printer is forgotten, and pairs again', async () => {
    window.localStorage.setItem(PRINTER_STORAGE_KEY, JSON.stringify({ paper: 80 }));
    expect(await pairPrinter()).toEqual({ id: 'printer-7', name: 'MTP-II' });
    expect(readPrinterPreferences()).toEqual({ paper: 80, id: 'printer-7', name: 'MTP-II' });
    forgetPrinter();
    expect(readPrinterPreferences()).toEqual({ paper: 80 });
    expect(await pendingOperations()).toEqual([]);
  });
});
