import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@hanouti/core';
import { getCustomer, listCreditTransactions, saveCustomer } from '../../data/customersRepository';
import { aCustomer, resetDatabase } from '../../data/testDatabase';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import { LedgerDialog } from './LedgerDialog';

beforeEach(resetDatabase);

async function openLedger(overrides: Partial<Customer> = {}) {
  const customer = await saveCustomer(aCustomer({ name: 'Fatima Zahra', ...overrides }));
  const onClose = vi.fn();
  renderScreen(<LedgerDialog customer={customer} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  const amount = within(dialog).getByLabelText('Montant (MAD)');
  const typeAmount = (value: string) => fireEvent.change(amount, { target: { value } });
  const press = (name: string) => clickAndSettle(within(dialog).getByRole('button', { name }));
  return { customer, onClose, dialog, typeAmount, press };
}

describe('Crédit ou paiement', () => {
  it.each(['', 'abc', '0', '-5', '1.2.3'])('refuses the amount "%s" and writes nothing', async (typed) => {
    const { customer, onClose, dialog, typeAmount, press } = await openLedger();
    typeAmount(typed);
    await press('Enregistrer le crédit');
    expect(await within(dialog).findByText('Le montant doit être supérieur à 0')).toBeTruthy();
    expect(within(dialog).getByLabelText('Montant (MAD)').getAttribute('aria-invalid')).toBe('true');
    expect(await listCreditTransactions(customer.id)).toHaveLength(0);
    expect((await getCustomer(customer.id))?.creditBalance).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    ['Enregistrer le crédit', undefined],
    ['Enregistrer le paiement', 'Paiement'],
  ])(
    'says that an amount past 10,000,000 MAD is too large, not that it must be above 0 (%s)',
    async (submit, kind) => {
      const { customer, onClose, dialog, typeAmount, press } = await openLedger({ creditBalance: 5000 });
      if (kind) fireEvent.click(within(dialog).getByRole('radio', { name: kind }));
      typeAmount('10 000 000,01');
      await press(submit);
      expect(
        await within(dialog).findByText(/^Montant trop grand : 10.000.000,00\sMAD au plus$/),
      ).toBeTruthy();
      expect(within(dialog).queryByText('Le montant doit être supérieur à 0')).toBeNull();
      expect(await listCreditTransactions(customer.id)).toHaveLength(0);
      expect((await getCustomer(customer.id))?.creditBalance).toBe(5000);
      expect(onClose).not.toHaveBeenCalled();
      // The largest amount itself is an entry like any other.
      typeAmount('10000000');
      await press(submit);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    },
  );

  it('clears the message once the amount is typed again, then writes the credit', async () => {
    const { customer, onClose, dialog, typeAmount, press } = await openLedger();
    await press('Enregistrer le crédit');
    expect(await within(dialog).findByText('Le montant doit être supérieur à 0')).toBeTruthy();
    typeAmount('12,50');
    expect(within(dialog).queryByText('Le montant doit être supérieur à 0')).toBeNull();
    expect(within(dialog).getByText(/Solde après l'opération : 12,50/)).toBeTruthy();
    await press('Enregistrer le crédit');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(/Crédit de 12,50.*enregistré/)).toBeTruthy();
    expect(await listCreditTransactions(customer.id)).toMatchObject([{ type: 'credit', amount: 1250 }]);
    expect((await getCustomer(customer.id))?.creditBalance).toBe(1250);
  });

  it('asks the reason of an advance before writing it', async () => {
    const { customer, onClose, dialog, typeAmount, press } = await openLedger();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Avance' }));
    typeAmount('50');
    await press("Enregistrer l'avance");
    expect(await within(dialog).findByText("Indiquez le motif de l'avance")).toBeTruthy();
    expect(await listCreditTransactions(customer.id)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Motif de l'avance *"), { target: { value: 'Loyer' } });
    expect(within(dialog).queryByText("Indiquez le motif de l'avance")).toBeNull();
    await press("Enregistrer l'avance");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await getCustomer(customer.id))?.creditBalance).toBe(5000);
  });

  it('shows the change to give on a payment above the balance and writes what was owed', async () => {
    const { customer, onClose, dialog, typeAmount, press } = await openLedger({ creditBalance: 3000 });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Paiement' }));
    typeAmount('50');
    expect(within(dialog).getByTestId('change-to-give').textContent).toMatch(/Monnaie à rendre : 20,00/);
    await press('Enregistrer le paiement');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await listCreditTransactions(customer.id)).toMatchObject([{ type: 'payment', amount: 3000 }]);
    expect((await getCustomer(customer.id))?.creditBalance).toBe(0);
  });

  it('writes nothing past the credit limit unless the shopkeeper confirms', async () => {
    const { customer, onClose, typeAmount, press } = await openLedger({
      creditBalance: 9000,
      creditLimit: 10000,
    });
    typeAmount('30');
    await press('Enregistrer le crédit');
    const question = await screen.findByRole('dialog', { name: 'Plafond de crédit dépassé' });
    expect(within(question).getByTestId('over-limit-amount').textContent).toMatch(/Dépassement : 20,00/);
    await clickAndSettle(within(question).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Plafond de crédit dépassé' })).toBeNull(),
    );
    expect(await listCreditTransactions(customer.id)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    await press('Enregistrer le crédit');
    await clickAndSettle(
      within(await screen.findByRole('dialog', { name: 'Plafond de crédit dépassé' })).getByRole('button', {
        name: 'Continuer quand même',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await getCustomer(customer.id))?.creditBalance).toBe(12000);
  });
});
