import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listCustomers } from '../../data/customersRepository';
import { resetDatabase } from '../../data/testDatabase';
import { i18n } from '../../i18n/i18n';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import { AddCustomerDialog } from './AddCustomerDialog';

beforeEach(resetDatabase);
afterEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
});

async function typeCustomer(limit: string, words: { name: string; limit: string; create: string }) {
  renderScreen(<AddCustomerDialog open onOpenChange={vi.fn()} />);
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(words.name), { target: { value: 'Fatima' } });
  fireEvent.change(within(dialog).getByLabelText(words.limit), { target: { value: limit } });
  await clickAndSettle(within(dialog).getByRole('button', { name: words.create }));
  return dialog;
}

describe('Nouveau client: the credit limit', () => {
  it('past 10,000,000 MAD is said to be too large, not to be above 0, and nothing is saved', async () => {
    const dialog = await typeCustomer('20 000 000', {
      name: 'Nom complet *',
      limit: 'Plafond de crédit (MAD)',
      create: 'Créer le client',
    });
    expect(await within(dialog).findByText(/^Plafond trop grand : 10.000.000,00\sMAD au plus$/)).toBeTruthy();
    expect(within(dialog).queryByText('Le plafond doit être supérieur à 0')).toBeNull();
    expect(await listCustomers()).toHaveLength(0);
  });

  it('in Arabic too, with the amount written the Arabic way', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const dialog = await typeCustomer('20000000', {
      name: i18n.t('fullName', { ns: 'customers' }),
      limit: i18n.t('creditLimit', { ns: 'customers', currency: 'MAD' }),
      create: i18n.t('create', { ns: 'customers' }),
    });
    const message = await within(dialog).findByText(/^السقف كبير جدًا: .* على الأكثر$/);
    expect(message.textContent).toMatch(/10\.000\.000,00/);
    expect(await listCustomers()).toHaveLength(0);
  });
});
