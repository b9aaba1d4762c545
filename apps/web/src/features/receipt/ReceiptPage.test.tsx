import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addProductToCart, emptyCart, formatMoney } from '@hanouti/core';
import { App } from '../../app/App';
import { completeSale } from '../../data/checkoutRepository';
import { listProducts } from '../../data/productsRepository';
import { prepareLocalData } from '../../data/startup';
import { resetDatabase } from '../../data/testDatabase';
import { applyLanguage } from '../../i18n/i18n';

describe('ReceiptPage', () => {
  beforeEach(async () => {
    await resetDatabase();
    await applyLanguage('fr');
  });

  it('shows the recorded sale as a ticket and finishes back on the dashboard', async () => {
    await prepareLocalData();
    const [product] = await listProducts();
    if (!product) throw new Error('the sample catalogue should not be empty');
    const result = await completeSale(addProductToCart(emptyCart(), product));
    if (!result.ok) throw new Error(`sale refused: ${result.error}`);
    const { sale } = result;

    window.history.replaceState(null, '', `#/receipt/${sale.id}`);
    render(<App prepare={() => prepareLocalData()} />);

    expect(await screen.findByText(`Ticket n° ${sale.ticketNumber}`)).toBeTruthy();
    expect(screen.getByText(product.name)).toBeTruthy();
    // Intl separates the currency with a narrow no-break space; the DOM query normalises whitespace.
    expect(screen.getByText(formatMoney(sale.total, 'MAD', 'fr-MA').replace(/\s/g, ' '))).toBeTruthy();
    expect(screen.getByText('Merci pour votre visite !')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Terminer' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(window.location.hash).toBe('#/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de Bord' })).toBeTruthy();
  });

  it('says so when the sale does not exist', async () => {
    window.history.replaceState(null, '', '#/receipt/0190a1b2-0000-7000-8000-00000000dead');
    render(<App prepare={() => prepareLocalData()} />);
    expect(await screen.findByText('Ticket introuvable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terminer' })).toBeTruthy();
  });
});
