import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@hanouti/core';
import { getProduct, saveProduct } from '../../data/productsRepository';
import { listStockMovements } from '../../data/stockRepository';
import { addSupplier, getSupplier, listSupplierEntries } from '../../data/suppliersRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import type { StockEntryKind } from './stockEntry';
import { StockEntryDialog } from './StockEntryDialog';

beforeEach(resetDatabase);

async function openEntry(kind: StockEntryKind, overrides: Partial<Product> = {}) {
  const product = aProduct({ name: 'Huile', stock: 4, ...overrides });
  await saveProduct(product);
  const onClose = vi.fn();
  renderScreen(<StockEntryDialog kind={kind} product={product} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  const quantityLabel = kind === 'count' ? 'Quantité comptée' : 'Quantité reçue';
  const typeQuantity = (value: string) =>
    fireEvent.change(
      within(dialog).getByLabelText(product.isBulk ? `${quantityLabel} (kg)` : quantityLabel),
      {
        target: { value },
      },
    );
  const save = () =>
    clickAndSettle(
      within(dialog).getByRole('button', {
        name: kind === 'count' ? "Enregistrer l'inventaire" : 'Ajouter au stock',
      }),
    );
  return { product, onClose, dialog, typeQuantity, save };
}

describe('Inventaire and Réception', () => {
  it.each([
    ['count', '', 'Saisissez une quantité'],
    ['count', 'douze', 'Saisissez une quantité valide'],
    ['count', '2,5', 'Ce produit se compte en unités entières'],
    ['count', '-1', 'Le stock ne peut pas être négatif'],
    ['restock', '0', 'La quantité doit être supérieure à 0'],
    ['restock', '1000001', /^Quantité trop grande : 1.000.000 au plus$/],
    ['count', '2 000 000', /^Quantité trop grande : 1.000.000 au plus$/],
  ] as const)('a %s of "%s" says "%s" and writes nothing', async (kind, typed, message) => {
    const { product, onClose, dialog, typeQuantity, save } = await openEntry(kind);
    typeQuantity(typed);
    await save();
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(4);
    expect(await listStockMovements(product.id)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    // Typing again takes the message away.
    typeQuantity('3');
    expect(within(dialog).queryByText(message)).toBeNull();
  });

  it('refuses a delivery that would take the stock past 1,000,000,000 with its reason', async () => {
    const { product, onClose, dialog, typeQuantity, save } = await openEntry('restock', {
      stock: 999_999_990,
    });
    typeQuantity('11');
    await save();
    expect(await within(dialog).findByText(/^Stock trop grand : 1.000.000.000 au plus$/)).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(999_999_990);
    expect(await listStockMovements(product.id)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    typeQuantity('10');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await getProduct(product.id))?.stock).toBe(1_000_000_000);
  });

  it('counts a bulk product to the gram', async () => {
    const { product, onClose, typeQuantity, save } = await openEntry('count', { isBulk: true, stock: 2 });
    typeQuantity('1,255');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await getProduct(product.id))?.stock).toBe(1.255);
  });

  it('refuses a reception on credit without an amount owed, writing neither the stock nor the debt', async () => {
    const made = await addSupplier({ name: 'Lesieur' });
    if (!made.ok) throw new Error(made.error);
    const { product, onClose, dialog, typeQuantity, save } = await openEntry('restock');
    fireEvent.change(await within(dialog).findByLabelText('Fournisseur'), {
      target: { value: made.supplier.id },
    });
    typeQuantity('12');
    await save();
    expect(await within(dialog).findByText('Le montant doit être supérieur à 0')).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(4);
    expect(await listSupplierEntries(made.supplier.id)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    // Past what one entry holds, the amount is said to be too large (not "above 0"), and nothing is written.
    fireEvent.change(within(dialog).getByLabelText('Montant dû (MAD) *'), { target: { value: '99999999' } });
    await save();
    expect(await within(dialog).findByText(/^Montant trop grand : 10.000.000,00\sMAD au plus$/)).toBeTruthy();
    expect((await getProduct(product.id))?.stock).toBe(4);
    expect(await listSupplierEntries(made.supplier.id)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Montant dû (MAD) *'), { target: { value: '180' } });
    expect(within(dialog).queryByText('Le montant doit être supérieur à 0')).toBeNull();
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await getProduct(product.id))?.stock).toBe(16);
    expect((await getSupplier(made.supplier.id))?.balance).toBe(18000);
    expect(await screen.findByText(/180,00.*ajoutés au compte de/)).toBeTruthy();
  });
});
