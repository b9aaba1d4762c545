import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveProduct } from '../../data/productsRepository';
import { listSales } from '../../data/salesRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { renderScreen } from '../../test/testScreen';
import { writeCart } from './cartStorage';
import { SalePage } from './SalePage';

beforeEach(async () => {
  await resetDatabase();
  window.location.hash = '#/sale';
});

describe('SalePage checkout', () => {
  it('a second tap while the sale is being saved records nothing more', async () => {
    const tea = await saveProduct(aProduct({ name: 'Thé vert', salePrice: 1800, stock: 10 }));
    writeCart({
      lines: [{ productId: tea.id, productName: tea.name, quantity: 2, unitPrice: 1800, vatRate: 20 }],
      paymentMethod: 'cash',
    });
    renderScreen(<SalePage />);
    const button = await screen.findByRole('button', { name: 'Valider et voir le ticket' });
    // Both taps before anything renders or any transaction answers: no state was set between them.
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/receipt/));
    expect(await listSales()).toHaveLength(1);
  });
  it('a sale past what one sale may hold is refused with its reason, and nothing is recorded', async () => {
    // 9 × 1,000,000 MAD + 20 % VAT: 10,800,000 MAD, over the 10,000,000 MAD of one sale (the server refuses it).
    const gold = await saveProduct(aProduct({ name: 'Lingot', salePrice: 100_000_000, stock: 10 }));
    writeCart({
      lines: [
        { productId: gold.id, productName: gold.name, quantity: 9, unitPrice: 100_000_000, vatRate: 20 },
      ],
      paymentMethod: 'cash',
    });
    renderScreen(<SalePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Valider et voir le ticket' }));
    expect(
      await screen.findByText(
        /Cette vente dépasse ce qu'une vente peut contenir : 10.000.000,00\sMAD et 1.000 lignes au plus/,
      ),
    ).toBeTruthy();
    expect(await listSales()).toHaveLength(0);
    expect(window.location.hash).toBe('#/sale');
  });
});
