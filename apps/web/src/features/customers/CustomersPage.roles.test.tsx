import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { explanationOf, syncStatusOf, type DeviceKind } from '../../app/testDeviceRole';
import { saveCustomer } from '../../data/customersRepository';
import { aCustomer, resetDatabase } from '../../data/testDatabase';
import type { SyncStatus } from '../../sync/syncEngine';
import { renderScreen } from '../../test/testScreen';
import { CustomersPage } from './CustomersPage';

const sync = vi.hoisted(() => ({ status: undefined as unknown as SyncStatus }));
vi.mock('../../app/useSyncStatus', () => ({ useSyncStatus: () => sync.status }));

beforeEach(async () => {
  await resetDatabase();
  await saveCustomer(aCustomer({ name: 'Fatima Zahra' }));
});

async function showCustomers(kind: DeviceKind) {
  sync.status = syncStatusOf(kind);
  renderScreen(<CustomersPage />);
  await screen.findByText('Fatima Zahra');
}

describe('Customers on a staff phone', () => {
  it('offers no deletion, and says why', async () => {
    await showCustomers('staff');
    const select = screen.getByRole<HTMLButtonElement>('button', { name: 'Supprimer' });
    expect(select.disabled).toBe(true);
    expect(explanationOf(select)).toBe('Réservé au téléphone du propriétaire');
    // Adding customers (and their carnet) stays open to staff.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Nouveau client' }).disabled).toBe(false);
  });

  it.each<DeviceKind>(['owner', 'unpaired'])('still offers the deletion on a %s phone', async (kind) => {
    await showCustomers(kind);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Supprimer' }).disabled).toBe(false);
    expect(screen.queryByText('Réservé au téléphone du propriétaire')).toBeNull();
  });
});
