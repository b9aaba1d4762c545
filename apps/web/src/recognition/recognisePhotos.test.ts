import { describe, expect, it } from 'vitest';
import { catalogueHasArabicNames } from './recognisePhotos';

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
