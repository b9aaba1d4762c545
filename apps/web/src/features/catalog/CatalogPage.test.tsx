import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listProducts, saveProduct } from '../../data/productsRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { CatalogErrorBoundary } from './CatalogErrorBoundary';
import { CatalogPage } from './CatalogPage';
import { requestNewProduct } from '../../ui/product/newProductRequest';
import { clickAndSettle, renderScreen } from '../../test/testScreen';

beforeEach(resetDatabase);

async function seed() {
  await saveProduct(aProduct({ name: 'Thé vert', brand: 'Sultan', category: 'Épicerie', stock: 3 }));
  await saveProduct(
    aProduct({
      name: 'Huile',
      brand: 'Lesieur',
      category: 'Épicerie',
      stock: 40,
      purchasePrice: 1800,
      salePrice: 2100,
    }),
  );
  await saveProduct(aProduct({ name: 'Savon', brand: 'Palmolive', category: 'Hygiène', stock: 12 }));
}

describe('Catalogue Produits', () => {
  it('shows each product with its price, stock alert and margin', async () => {
    await seed();
    renderScreen(<CatalogPage />);
    const tea = await screen.findByRole('article', { name: 'Thé vert' });
    expect(within(tea).getByText('Stock Faible')).toBeTruthy();
    expect(within(tea).getByText(/Marge : 5,00/)).toBeTruthy();
    const oil = screen.getByRole('article', { name: 'Huile' });
    expect(within(oil).getByText(/21,00/)).toBeTruthy();
    expect(within(oil).queryByText('Stock Faible')).toBeNull();
  });

  it('searches by brand and filters by category chip', async () => {
    await seed();
    renderScreen(<CatalogPage />);
    await screen.findByRole('article', { name: 'Savon' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'lesieur' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Savon' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Huile' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hygiène' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Huile' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Savon' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'introuvable' } });
    expect(await screen.findByText('Aucun produit trouvé')).toBeTruthy();
  });

  it('deletes every selected product after confirmation, with the plural message', async () => {
    await seed();
    renderScreen(<CatalogPage />);
    await screen.findByRole('article', { name: 'Savon' });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const toolbar = screen.getByRole('toolbar');
    const deleteButton = within(toolbar).getByRole<HTMLButtonElement>('button', { name: 'Supprimer' });
    expect(deleteButton.disabled).toBe(true);
    fireEvent.click(within(toolbar).getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(within(toolbar).getByText('3 sélectionnés')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Savon' }));
    expect(within(toolbar).getByText('2 sélectionnés')).toBeTruthy();
    fireEvent.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer 2 produits ?' });
    await clickAndSettle(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('2 produits supprimés avec succès')).toBeTruthy();
    expect((await listProducts()).map((p) => p.name)).toEqual(['Savon']);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('leaves bulk mode with the back arrow and forgets the selection', async () => {
    await seed();
    renderScreen(<CatalogPage />);
    await screen.findByRole('article', { name: 'Savon' });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Savon' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitter la sélection' }));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(within(screen.getByRole('toolbar')).getByText('0 sélectionné')).toBeTruthy();
  });

  it('opens the add form with a code scanned at the till that no product has', async () => {
    requestNewProduct('6111245100012');
    renderScreen(<CatalogPage />);
    expect(await screen.findByRole('heading', { name: 'Ajouter un Produit' })).toBeTruthy();
    expect(await screen.findByDisplayValue('6111245100012')).toBeTruthy();
  });

  it('invites to add the first product when the catalogue is empty', async () => {
    renderScreen(<CatalogPage />);
    expect(await screen.findByText('Aucun produit dans le catalogue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter le premier produit' })).toBeTruthy();
  });

  it('shows the catalogue load error with a reload button when drawing fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('broken card');
    }
    renderScreen(
      <CatalogErrorBoundary>
        <Broken />
      </CatalogErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Erreur lors du chargement du catalogue');
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
  });
});
