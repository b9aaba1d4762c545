import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getProduct, saveProduct } from '../../data/productsRepository';
import { listStockMovements } from '../../data/stockRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import { InventoryPage } from './InventoryPage';

beforeEach(resetDatabase);

describe('Gestion des Stocks', () => {
  it('shows the stock value, the alert counts and the first three alerts plus the others', async () => {
    for (const [name, stock] of [
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 3],
      ['E', 50],
    ] as const) {
      await saveProduct(aProduct({ name, stock, purchasePrice: 100 }));
    }
    renderScreen(<InventoryPage />);
    const alerts = await screen.findByRole('region', { name: 'Alertes de stock' });
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(3);
    expect(within(alerts).getByText('+ 1 autre produit en alerte')).toBeTruthy();
    expect(screen.getByText(/56,00/)).toBeTruthy();
  });

  it('writes a count as a correction and refuses a negative one', async () => {
    const product = aProduct({ name: 'Thé vert', stock: 10 });
    await saveProduct(product);
    renderScreen(<InventoryPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Inventaire de Thé vert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inventaire — Thé vert' });
    const quantity = within(dialog).getByLabelText('Quantité comptée');
    fireEvent.change(quantity, { target: { value: '-2' } });
    await clickAndSettle(within(dialog).getByRole('button', { name: "Enregistrer l'inventaire" }));
    expect(within(dialog).getByText('Le stock ne peut pas être négatif')).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(10);
    fireEvent.change(quantity, { target: { value: '7' } });
    await clickAndSettle(within(dialog).getByRole('button', { name: "Enregistrer l'inventaire" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await getProduct(product.id))?.stock).toBe(7);
    const movements = await listStockMovements(product.id);
    expect(movements[0]).toMatchObject({ kind: 'correction', delta: -3 });
  });

  it('adds a delivery to the stock and lists it in the history', async () => {
    const product = aProduct({ name: 'Huile', stock: 2 });
    await saveProduct(product);
    renderScreen(<InventoryPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Réception de Huile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réception — Huile' });
    fireEvent.change(within(dialog).getByLabelText('Quantité reçue'), { target: { value: '24' } });
    fireEvent.change(within(dialog).getByLabelText('Fournisseur ou bon de livraison (facultatif)'), {
      target: { value: 'BL 1042' },
    });
    await clickAndSettle(within(dialog).getByRole('button', { name: 'Ajouter au stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await getProduct(product.id))?.stock).toBe(26);
    fireEvent.click(screen.getByRole('button', { name: 'Historique du stock de Huile' }));
    const history = await screen.findByRole('list', { name: 'Mouvements de stock' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getByText('BL 1042')).toBeTruthy();
    expect(within(history).getByText('+24')).toBeTruthy();
  });

  it('refuses −1 on an empty shelf with the spec message', async () => {
    const product = aProduct({ name: 'Sucre', stock: 0 });
    await saveProduct(product);
    renderScreen(<InventoryPage />);
    const minusOne = await screen.findByRole('button', { name: '−1 pour Sucre' });
    await clickAndSettle(minusOne);
    expect(await screen.findByText('Le stock ne peut pas être négatif')).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(0);
  });

  it('refuses +10 past the largest stock with its reason, for a bulk product too, and writes nothing', async () => {
    const product = aProduct({ name: 'Semoule', stock: 999_999_995, isBulk: true });
    await saveProduct(product);
    renderScreen(<InventoryPage />);
    await clickAndSettle(await screen.findByRole('button', { name: '+10 pour Semoule' }));
    expect(await screen.findByText(/^Stock trop grand : 1.000.000.000 kg au plus$/)).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(999_999_995);
    expect(await listStockMovements(product.id)).toHaveLength(1);
  });
});
