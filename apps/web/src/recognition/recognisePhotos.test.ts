import { describe, expect, it } from 'vitest';
import { aProduct } from '../data/testDatabase';
import { catalogueHasArabicNames, sellableByPhoto } from './recognisePhotos';

describe('the catalogue a photo is recognised against', () => {
  it('leaves out bulk products and gives each its brand and category (siblings for the open set)', () => {
    const milk = aProduct({
      name: 'Lait Centrale 1L',
      brand: 'Centrale',
      category: 'Produits laitiers',
      barcode: '6111245040017',
    });
    const olives = aProduct({ name: 'Olives', isBulk: true });
    const tea = aProduct({ name: 'Thé', brand: '', category: '' });
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
