import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addSupplier,
  getSupplier,
  listSupplierEntries,
  recordDelivery,
} from '../../data/suppliersRepository';
import { resetDatabase } from '../../data/testDatabase';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import { SupplierEntryDialog } from './SupplierEntryDialog';

beforeEach(resetDatabase);

async function openNotebook(owed = 0) {
  const made = await addSupplier({ name: 'Centrale Laitière' });
  if (!made.ok) throw new Error(made.error);
  if (owed > 0) await recordDelivery(made.supplier.id, owed, '');
  const supplier = (await getSupplier(made.supplier.id))!;
  const onClose = vi.fn();
  renderScreen(<SupplierEntryDialog supplier={supplier} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  const typeAmount = (value: string) =>
    fireEvent.change(within(dialog).getByLabelText('Montant (MAD) *'), { target: { value } });
  const press = (name: string) => clickAndSettle(within(dialog).getByRole('button', { name }));
  return { supplier, onClose, dialog, typeAmount, press };
}

describe('Carnet du fournisseur', () => {
  it.each(['', 'abc', '0'])('refuses the amount "%s" and writes nothing', async (typed) => {
    const { supplier, onClose, dialog, typeAmount, press } = await openNotebook(5000);
    typeAmount(typed);
    await press('Enregistrer le paiement');
    expect(await within(dialog).findByText('Le montant doit être supérieur à 0')).toBeTruthy();
    expect(await listSupplierEntries(supplier.id)).toHaveLength(1);
    expect((await getSupplier(supplier.id))?.balance).toBe(5000);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a payment above what is owed, with no preview, and writes nothing', async () => {
    const { supplier, onClose, dialog, typeAmount, press } = await openNotebook(5000);
    typeAmount('60');
    expect(within(dialog).queryByText(/Vous devrez ensuite/)).toBeNull();
    await press('Enregistrer le paiement');
    expect(await within(dialog).findByText(/Le paiement dépasse ce que vous devez \(50,00.*\)/)).toBeTruthy();
    expect((await getSupplier(supplier.id))?.balance).toBe(5000);
    expect(onClose).not.toHaveBeenCalled();
    // Another kind is another question: the message goes.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Livraison' }));
    expect(within(dialog).queryByText(/Le paiement dépasse/)).toBeNull();
  });

  it('writes a payment, showing what will be owed after it', async () => {
    const { supplier, onClose, dialog, typeAmount, press } = await openNotebook(5000);
    typeAmount('20');
    expect(within(dialog).getByText(/Vous devrez ensuite : 30,00/)).toBeTruthy();
    await press('Enregistrer le paiement');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(/Paiement de 20,00.*enregistré/)).toBeTruthy();
    expect((await getSupplier(supplier.id))?.balance).toBe(3000);
  });

  it('writes a delivery with its note', async () => {
    const { supplier, onClose, dialog, typeAmount, press } = await openNotebook();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Livraison' }));
    typeAmount('125,50');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'BL 77' } });
    await press('Enregistrer la livraison');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await listSupplierEntries(supplier.id)).toMatchObject([
      { type: 'delivery', amount: 12550, description: 'BL 77' },
    ]);
    expect((await getSupplier(supplier.id))?.balance).toBe(12550);
  });
});
