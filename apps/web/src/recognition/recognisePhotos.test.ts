import type { Product } from '@hanouti/core';
import { describe, expect, it } from 'vitest';
import { catalogueHasArabicNames, sellableByPhoto } from './recognisePhotos';

const NOW = '2025-01-15T10:00:00.000Z';
const product = (overrides: Partial<Product>): Product => ({
  id: '01940000-0000-7000-8000-000000000001',
  name: 'Lait Centrale 1L',
  brand: '',
  category: 'Produits laitiers',
  purchasePrice: 600,
  salePrice: 750,
  vat: 20,
  stock: 10,
  reorderThreshold: 5,
  isBulk: false,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

describe('the catalogue a photo is recognised against', () => {
  it('leaves out bulk products and gives each its brand and category (siblings for the open set)', () => {
    const milk = product({ brand: 'Centrale', barcode: '6111245040017' });
    const olives = product({ id: '01940000-0000-7000-8000-000000000002', name: 'Olives', isBulk: true });
    const tea = product({ id: '01940000-0000-7000-8000-000000000003', name: 'Thé', category: '' });
    expect(sellableByPhoto([milk, olives, tea])).toEqual([
      {
        id: milk.id,
        name: 'Lait Centrale 1L',
        brand: 'Centrale',
        category: 'Produits laitiers',
        barcode: '6111245040017',
      },
      { id: tea.id, name: 'Thé' },
    ]);
  });
});

describe('Arabic names in the catalogue', () => {
  it('is true when a name or a brand is written in Arabic', () => {
    expect(catalogueHasArabicNames([{ name: 'Lait Centrale 1L' }, { name: 'حليب' }])).toBe(true);
    expect(catalogueHasArabicNames([{ name: 'Huile', brand: 'لوسيور' }])).toBe(true);
  });

  it('is false for French names, digits and an empty catalogue', () => {
    expect(catalogueHasArabicNames([{ name: 'Thé Sultan 200 g', brand: 'Sultan' }, { name: '٣ Pack' }])).toBe(
      false,
    );
    expect(catalogueHasArabicNames([])).toBe(false);
  });
});
