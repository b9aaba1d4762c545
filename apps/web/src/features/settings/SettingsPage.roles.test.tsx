import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { explanationOf, syncStatusOf, type DeviceKind } from '../../app/testDeviceRole';
import { resetDatabase } from '../../data/testDatabase';
import type { SyncStatus } from '../../sync/syncEngine';
import { renderScreen } from '../../test/testScreen';
import { SettingsPage } from './SettingsPage';

const sync = vi.hoisted(() => ({ status: undefined as unknown as SyncStatus }));
vi.mock('../../app/useSyncStatus', () => ({ useSyncStatus: () => sync.status }));

beforeEach(resetDatabase);

const NOTE = 'Réservé au téléphone du propriétaire';

/**
 * Disabled by itself or inside a disabled fieldset, as the browser sees it (HTML's rule; jsdom's :disabled
 * leaves the fieldset out, and the form has no legend that would be exempt).
 */
const isDisabled = (element: HTMLElement) =>
  element.matches(':disabled') || element.closest('fieldset[disabled]') !== null;

/** Every control of Paramètres that records a settings change, a deletion or a restore. */
function ownerOnlyControls(): HTMLElement[] {
  return [
    screen.getByRole('radio', { name: 'Français' }),
    screen.getByRole('radio', { name: 'العربية' }),
    screen.getByRole('textbox', { name: 'Nom de la boutique' }),
    screen.getByRole('button', { name: 'Enregistrer' }),
    screen.getByRole('button', { name: 'Choisir un logo' }),
    screen.getByLabelText('Choisir un logo', { selector: 'input' }),
    screen.getByRole('button', { name: 'Réglages IA' }),
    screen.getByRole('button', { name: 'Nettoyer la base de données' }),
    screen.getByRole('button', { name: 'Importer des données' }),
    screen.getByLabelText('Importer des données', { selector: 'input' }),
  ];
}

function showSettings(kind: DeviceKind) {
  sync.status = syncStatusOf(kind);
  renderScreen(<SettingsPage />);
}

describe('Paramètres on a staff phone', () => {
  it('offers no settings change, cleanup or restore, and says why', () => {
    showSettings('staff');
    for (const control of ownerOnlyControls()) expect(isDisabled(control), control.outerHTML).toBe(true);
    // The language, store and AI cards each say it, and so do the cleanup and the import.
    expect(screen.getAllByText(NOTE)).toHaveLength(5);
    expect(explanationOf(screen.getByRole('button', { name: 'Nettoyer la base de données' }))).toBe(NOTE);
    expect(explanationOf(screen.getByRole('button', { name: 'Importer des données' }))).toBe(NOTE);
  });

  it('keeps the read-only data care open: checking and exporting', () => {
    showSettings('staff');
    expect(isDisabled(screen.getByRole('button', { name: 'Vérifier les données' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Exporter les données' }))).toBe(false);
  });

  it.each<DeviceKind>(['owner', 'unpaired'])('offers every change on a %s phone', (kind) => {
    showSettings(kind);
    for (const control of ownerOnlyControls()) expect(isDisabled(control), control.outerHTML).toBe(false);
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
