import { DEFAULT_SETTINGS } from '@hanouti/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDashboard } from './dashboardRepository';
import { saveProduct, useProductSearch, useProducts } from './productsRepository';
import { saveSettings, useSettings } from './settingsRepository';
import { adjustStock } from './stockRepository';
import { aProduct, resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

describe('live queries', () => {
  it('update the screens when the settings change', async () => {
    const { result } = renderHook(() => useSettings());
    await waitFor(() => expect(result.current).toEqual(DEFAULT_SETTINGS));
    await act(() => saveSettings({ ...DEFAULT_SETTINGS, storeName: 'Hanout Nour' }));
    await waitFor(() => expect(result.current?.storeName).toBe('Hanout Nour'));
  });

  it('update the catalogue and the dashboard alerts when stock changes', async () => {
    const product = aProduct({ stock: 6, reorderThreshold: 5 });
    await saveProduct(product);
    const products = renderHook(() => useProducts());
    const dashboard = renderHook(() => useDashboard());
    await waitFor(() => expect(products.result.current?.[0]?.stock).toBe(6));
    await waitFor(() => expect(dashboard.result.current?.counters.alerts).toBe(0));
    await act(async () => {
      await adjustStock(product.id, -1);
    });
    await waitFor(() => expect(products.result.current?.[0]?.stock).toBe(5));
    await waitFor(() => expect(dashboard.result.current?.counters.alerts).toBe(1));
  });
});

describe('useProductSearch', () => {
  it('finds products by name or brand, accents ignored, and follows the catalogue', async () => {
    await saveProduct(aProduct({ name: 'Thé vert', brand: 'Sultan', stock: 0 }));
    await saveProduct(aProduct({ name: 'Huile', brand: 'Lesieur' }));
    const { result, rerender } = renderHook(({ query }) => useProductSearch(query, { inStockOnly: false }), {
      initialProps: { query: 'the' },
    });
    await waitFor(() => expect(result.current?.map((p) => p.name)).toEqual(['Thé vert']));
    rerender({ query: 'lesieur' });
    await waitFor(() => expect(result.current?.map((p) => p.name)).toEqual(['Huile']));
    await act(async () => {
      await saveProduct(aProduct({ name: 'Huile d’olive', brand: 'Lesieur' }));
    });
    await waitFor(() => expect(result.current).toHaveLength(2));
  });
});
