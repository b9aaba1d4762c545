import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettings, saveSettings } from '../data/settingsRepository';
import { prepareLocalData } from '../data/startup';
import { resetDatabase } from '../data/testDatabase';
import { applyLanguage, LANGUAGE_HINT_KEY } from '../i18n/i18n';
import { toast } from '../ui/toastStore';
import { App } from './App';

async function goTo(hash: string) {
  await act(async () => {
    window.location.hash = hash;
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function startAt(hash: string) {
  window.history.replaceState(null, '', hash);
  render(<App prepare={() => prepareLocalData()} />);
  await screen.findByRole('heading', { level: 1 });
}

describe('App shell', () => {
  beforeEach(async () => {
    await resetDatabase();
    await applyLanguage('fr');
  });

  afterEach(async () => {
    await applyLanguage('fr');
    window.history.replaceState(null, '', '#/dashboard');
  });

  it('shows the six bottom-bar entries in the spec order, the current one marked', async () => {
    await startAt('#/catalog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue Produits' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Accueil',
      'Catalogue',
      'Vente',
      'Clients',
      'Stock',
      'Paramètres',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#/dashboard',
      '#/catalog',
      '#/sale',
      '#/customers',
      '#/inventory',
      '#/settings',
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
    ).toEqual(['Catalogue']);
    expect(screen.getByText('Hanouti')).toBeTruthy();
    expect(screen.getByText('Mon Hanout')).toBeTruthy();
  });

  it('gives each page its title and follows the hash', async () => {
    await startAt('#/dashboard');
    const titles: [string, string][] = [
      ['#/sale', 'Nouvelle Vente'],
      ['#/customers', 'Gestion Clients'],
      ['#/inventory', 'Gestion des Stocks'],
      ['#/settings', 'Paramètres'],
      ['#/about', 'À Propos'],
      ['#/dashboard', 'Tableau de Bord'],
    ];
    for (const [hash, title] of titles) {
      await goTo(hash);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    }
  });

  it('hides the bottom bar on the receipt and offers the way back to the dashboard', async () => {
    await startAt('#/receipt/0190a1b2-0000-7000-8000-000000000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket de Caisse' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
    const back = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(back.getAttribute('href')).toBe('#/dashboard');
  });

  it('lands on the dashboard for an unknown page and rewrites the hash', async () => {
    await startAt('#/nonexistent');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de Bord' })).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
    expect(screen.queryByRole('link', { name: "Retour à l'accueil" })).toBeNull();
  });

  it('starts in Arabic when the settings say so, with nothing remembered on this phone', async () => {
    await prepareLocalData();
    await saveSettings({ ...(await loadSettings()), language: 'ar' });
    window.localStorage.removeItem(LANGUAGE_HINT_KEY);
    await startAt('#/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة القيادة' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    // The next start fetches the Arabic catalogue at once, with the database.
    expect(window.localStorage.getItem(LANGUAGE_HINT_KEY)).toBe('ar');
  });

  it('switches the whole app to Arabic, right to left, and saves the choice', async () => {
    await startAt('#/settings');
    fireEvent.click(await screen.findByRole('radio', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getAllByRole('link')[0]?.textContent).toBe('الرئيسية');
    expect((await loadSettings()).language).toBe('ar');

    fireEvent.click(screen.getByRole('radio', { name: 'Français' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('fr');
    expect((await loadSettings()).language).toBe('fr');
  });

  it('draws the shell at once, with no loading screen, for a start already finished', async () => {
    window.history.replaceState(null, '', '#/dashboard');
    const { settings } = await prepareLocalData();
    render(<App prepare={() => Promise.resolve({ settings })} ready={settings} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de Bord' })).toBeTruthy();
    expect(screen.queryByText('Chargement de votre boutique…')).toBeNull();
  });

  it('shows a toast published before the layer of toasts was loaded', async () => {
    toast({ title: 'Annoncé avant le chargement', tone: 'success' });
    await startAt('#/dashboard');
    expect(await screen.findByText('Annoncé avant le chargement')).toBeTruthy();
  });

  it('shows the full-screen load error with a reload button when the app cannot start', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '#/dashboard');
    render(<App prepare={() => Promise.reject(new Error('IndexedDB unavailable'))} />);
    expect(await screen.findByRole('heading', { name: 'Erreur de Chargement' })).toBeTruthy();
    expect(screen.getByText("Erreur lors du chargement de l'application")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
