import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { explanationOf, syncStatusOf, type DeviceKind } from '../../app/testDeviceRole';
import { saveProduct } from '../../data/productsRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import type { SyncStatus } from '../../sync/syncEngine';
import { CatalogPage } from './CatalogPage';
import { renderScreen } from '../../test/testScreen';

const sync = vi.hoisted(() => ({ status: undefined as unknown as SyncStatus }));
vi.mock('../../app/useSyncStatus', () => ({ useSyncStatus: () => sync.status }));

beforeEach(async () => {
  await resetDatabase();
  await saveProduct(aProduct({ name: 'Thé vert', category: 'Épicerie' }));
});

async function showCatalogue(kind: DeviceKind) {
  sync.status = syncStatusOf(kind);
  renderScreen(<CatalogPage />);
  await screen.findByRole('article', { name: 'Thé vert' });
}

describe('Catalogue on a staff phone', () => {
  it('offers no deletion, and says why', async () => {
    await showCatalogue('staff');
    const bulk = screen.getByRole<HTMLButtonElement>('button', { name: 'Supprimer' });
    expect(bulk.disabled).toBe(true);
    expect(explanationOf(bulk)).toBe('Réservé au téléphone du propriétaire');
    expect(screen.queryByRole('button', { name: /Supprimer Thé vert/ })).toBeNull();
    // Editing stays open to staff.
    expect(screen.getByRole('button', { name: /Modifier Thé vert/ })).toBeTruthy();
  });

  it.each<DeviceKind>(['owner', 'unpaired'])('still offers both deletions on a %s phone', async (kind) => {
    await showCatalogue(kind);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Supprimer' }).disabled).toBe(false);
    expect(screen.getByRole('button', { name: /Supprimer Thé vert/ })).toBeTruthy();
    expect(screen.queryByText('Réservé au téléphone du propriétaire')).toBeNull();
  });
});
