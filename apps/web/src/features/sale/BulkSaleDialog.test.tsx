import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addBulkToCart, emptyCart, type Cart } from '@hanouti/core';
import { saveProduct } from '../../data/productsRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import { BulkSaleDialog } from './BulkSaleDialog';

const LENTILS = aProduct({ name: 'Lentilles', isBulk: true, salePrice: 1600, stock: 20 });

beforeEach(async () => {
  await resetDatabase();
  await saveProduct(LENTILS);
  await saveProduct(aProduct({ name: 'Thé vert' }));
});

async function openBulk(cart: Cart = emptyCart()) {
  const onCart = vi.fn();
  const onOpenChange = vi.fn();
  renderScreen(<BulkSaleDialog open onOpenChange={onOpenChange} cart={cart} onCart={onCart} />);
  const dialog = await screen.findByRole('dialog', { name: 'Vente en vrac' });
  const weight = await within(dialog).findByLabelText('Poids (kg)');
  const price = within(dialog).getByLabelText('Prix par kg (facultatif)');
  const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Ajouter au panier' });
  const total = () => within(dialog).getByTestId('bulk-total').textContent ?? '';
  return { dialog, weight, price, add, total, onCart, onOpenChange };
}

describe('Vente en vrac', () => {
  it('offers only bulk products, the first one chosen', async () => {
    const { dialog } = await openBulk();
    const product = within(dialog).getByLabelText<HTMLSelectElement>('Produit en vrac');
    expect(product.value).toBe(LENTILS.id);
    expect([...product.options].map((option) => option.text)).toEqual(['Lentilles']);
  });

  it('says an unreadable weight or price as it is typed, and adds nothing', async () => {
    const { dialog, weight, price, add, onCart } = await openBulk();
    expect(add.disabled).toBe(true);
    fireEvent.change(weight, { target: { value: '0' } });
    expect(add.disabled).toBe(true);
    expect(within(dialog).queryByText(/Poids invalide/)).toBeNull();
    fireEvent.change(weight, { target: { value: 'abc' } });
    expect(within(dialog).getByText('Poids invalide : saisissez un nombre, par exemple 1,25')).toBeTruthy();
    expect(add.disabled).toBe(true);
    fireEvent.change(weight, { target: { value: '1,25' } });
    expect(within(dialog).queryByText(/Poids invalide/)).toBeNull();
    expect(add.disabled).toBe(false);
    fireEvent.change(price, { target: { value: '0' } });
    expect(within(dialog).getByText('Prix invalide : saisissez un montant supérieur à 0')).toBeTruthy();
    expect(add.disabled).toBe(true);
    // Enter in a field submits the form even with the button off: still nothing is added.
    const form = add.closest('form');
    if (!form) throw new Error('no form');
    await act(async () => {
      fireEvent.submit(form);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(onCart).not.toHaveBeenCalled();
  });

  it('weighs at the product price or a custom one, with a lot, and puts it in the cart', async () => {
    const { dialog, weight, price, add, total, onCart, onOpenChange } = await openBulk();
    fireEvent.change(weight, { target: { value: '1,25' } });
    expect(total()).toMatch(/Total : 20,00/);
    fireEvent.change(price, { target: { value: '18' } });
    expect(total()).toMatch(/Total : 22,50/);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Créer un lot' }));
    fireEvent.change(within(dialog).getByLabelText('Nom du lot'), { target: { value: ' Lot mars ' } });
    await clickAndSettle(add);
    expect(onCart).toHaveBeenCalledTimes(1);
    const [cart] = onCart.mock.calls[0] as [Cart];
    expect(cart.lines).toMatchObject([
      { productId: LENTILS.id, quantity: 1.25, unitPrice: 1800, lot: 'Lot mars' },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses another price for a product already in the cart, until something changes', async () => {
    const inCart = addBulkToCart(emptyCart(), LENTILS, 1, undefined);
    if (!inCart.ok) throw new Error(inCart.error);
    const { dialog, weight, price, add, onCart } = await openBulk(inCart.cart);
    fireEvent.change(weight, { target: { value: '2' } });
    fireEvent.change(price, { target: { value: '15' } });
    await clickAndSettle(add);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Ce produit est déjà dans le panier à un autre prix : retirez d'abord cette ligne.",
    );
    expect(onCart).not.toHaveBeenCalled();
    fireEvent.change(price, { target: { value: '' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
  it('refuses a weighing that would take the line past what one line may hold, and adds nothing', async () => {
    const inCart = addBulkToCart(emptyCart(), LENTILS, 999_999, undefined);
    if (!inCart.ok) throw new Error(inCart.error);
    const { dialog, weight, add, onCart } = await openBulk(inCart.cart);
    fireEvent.change(weight, { target: { value: '2' } });
    await clickAndSettle(add);
    expect(within(dialog).getByRole('alert').textContent).toMatch(
      /^Poids trop grand : une ligne du panier tient au plus 1.000.000 kg\.$/,
    );
    expect(onCart).not.toHaveBeenCalled();
  });
});
