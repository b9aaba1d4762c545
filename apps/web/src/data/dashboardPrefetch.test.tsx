import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { prefetchDashboard, useDashboard } from './dashboardRepository';
import { saveProduct } from './productsRepository';
import { adjustStock } from './stockRepository';
import { aProduct, resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

describe('the dashboard read during the start', () => {
  it('is what the first render shows, before the live query has answered', async () => {
    await saveProduct(aProduct({ stock: 2, reorderThreshold: 5 }));
    await prefetchDashboard();
    const { result } = renderHook(() => useDashboard());
    // No wait: the very first render has the figures.
    expect(result.current?.counters.products).toBe(1);
    expect(result.current?.counters.alerts).toBe(1);
  });

  it('is used only until the first live answer: a later visit never shows it, stale', async () => {
    const product = aProduct({ stock: 2, reorderThreshold: 5 });
    await saveProduct(product);
    await prefetchDashboard();
    const first = renderHook(() => useDashboard());
    await waitFor(() => expect(first.result.current?.counters.alerts).toBe(1));
    first.unmount();
    await act(async () => {
      await adjustStock(product.id, 10);
    });
    const later = renderHook(() => useDashboard());
    expect(later.result.current).toBeUndefined();
    await waitFor(() => expect(later.result.current?.counters.alerts).toBe(0));
  });
});
