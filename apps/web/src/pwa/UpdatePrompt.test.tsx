import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { pwaRegisterDouble } from '../test/pwaRegisterDouble';
import { UpdatePrompt } from './UpdatePrompt';

describe('UpdatePrompt', () => {
  afterEach(() => {
    pwaRegisterDouble.needRefreshAtStart = false;
    pwaRegisterDouble.updateCalls = 0;
  });

  it('stays hidden while no new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText('Nouvelle version disponible')).toBeNull();
  });

  it('offers the waiting version and activates it on "Mettre à jour"', () => {
    pwaRegisterDouble.needRefreshAtStart = true;
    render(<UpdatePrompt />);
    expect(screen.getByRole('alertdialog', { name: 'Nouvelle version disponible' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(pwaRegisterDouble.updateCalls).toBe(1);
  });

  it('can be put off until later', () => {
    pwaRegisterDouble.needRefreshAtStart = true;
    render(<UpdatePrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(pwaRegisterDouble.updateCalls).toBe(0);
  });
});
