import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Customer, Product } from './entities.js';
import {
  buildSearchIndex,
  findByBarcode,
  matchesQuery,
  normalizeForSearch,
  normalizeGtin,
  phoneDigits,
  quickAddSearch,
  searchCatalog,
  searchCustomers,
  searchIndex,
  searchInventory,
} from './search.js';

const NOW = '2025-01-15T10:00:00.000Z';
function product(name: string, brand: string, category: string, stock = 10, barcode?: string): Product {
  return {
    id: `id-${name}`,
    name,
    brand,
    category,
    ...(barcode ? { barcode } : {}),
    purchasePrice: 100,
    salePrice: 200,
    vat: 20,
    stock,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

const catalogue = [
  product('Thé vert Sultan', 'Sultan', 'Boissons', 12, '6111234567890'),
  product('Crème fraîche', 'Jaouda', 'Produits laitiers', 0),
  product('Lait', 'Centrale', 'Produits laitiers', 5, '036000291452'),
  product('زيت الزيتون', 'Lesieur', 'Épicerie', 3),
];

describe('normalizeForSearch', () => {
  it('ignores case and Latin accents', () => {
    expect(normalizeForSearch('  Crème  FRAÎCHE ')).toBe('creme fraiche');
    expect(normalizeForSearch('Œufs')).toBe('oeufs');
  });

  it('ignores Arabic diacritics and tatweel, and folds letter forms', () => {
    expect(normalizeForSearch('زَيْتُ')).toBe('زيت');
    expect(normalizeForSearch('شـــاي')).toBe('شاي');
    expect(normalizeForSearch('أإآٱ')).toBe('اااا');
    expect(normalizeForSearch('مستشفى')).toBe('مستشفي');
    expect(normalizeForSearch('قهوة')).toBe('قهوه');
    expect(normalizeForSearch('٠٦١٢')).toBe('0612');
  });
});

describe('matchesQuery', () => {
  it('needs every word of the query in some field', () => {
    expect(matchesQuery(['Thé vert', 'Sultan'], 'the sultan')).toBe(true);
    expect(matchesQuery(['Thé vert', 'Sultan'], 'the noir')).toBe(false);
    expect(matchesQuery(['x'], '   ')).toBe(true);
    expect(matchesQuery([undefined, 'Sultan'], 'SULT')).toBe(true);
  });
});

describe('product searches', () => {
  it('catalogue: name or brand, not category', () => {
    expect(searchCatalog(catalogue, 'creme').map((p) => p.brand)).toEqual(['Jaouda']);
    expect(searchCatalog(catalogue, 'centrale').map((p) => p.name)).toEqual(['Lait']);
    expect(searchCatalog(catalogue, 'laitiers')).toEqual([]);
    expect(searchCatalog(catalogue, 'الزَّيتون').map((p) => p.brand)).toEqual(['Lesieur']);
  });

  it('inventory: name, brand or category', () => {
    expect(searchInventory(catalogue, 'laitiers').map((p) => p.name)).toEqual(['Crème fraîche', 'Lait']);
  });

  it('quick add and picker: stock above 0, at most 10', () => {
    expect(quickAddSearch(catalogue, 'jaouda')).toEqual([]);
    expect(quickAddSearch(catalogue, '').map((p) => p.name)).toHaveLength(3);
    const many = Array.from({ length: 25 }, (_, i) => product(`Biscuit ${i}`, 'Bimo', 'Biscuits'));
    expect(quickAddSearch(many, 'bimo')).toHaveLength(10);
  });

  it('the prebuilt index gives the same answers', () => {
    const index = buildSearchIndex(catalogue);
    for (const q of ['', 'creme', 'centrale', 'laitiers', 'الزيتون', 'the sultan']) {
      expect(searchIndex(index, q)).toEqual(searchCatalog(catalogue, q));
      expect(searchIndex(index, q, { fields: ['name', 'brand', 'category'] })).toEqual(
        searchInventory(catalogue, q),
      );
      expect(searchIndex(index, q, { inStockOnly: true, limit: 10 })).toEqual(quickAddSearch(catalogue, q));
    }
    expect(searchIndex(index, '', { category: 'Produits laitiers' })).toHaveLength(2);
  });

  // How fast a keystroke is answered is measured by `npm run bench` (searchKeystroke), never asserted here: a
  // wall-clock limit fails on a busy machine.
  it('answers keystrokes on 10,000 products as the plain scan does', () => {
    const big = Array.from({ length: 10_000 }, (_, i) =>
      product(
        `Produit numéro ${i} ${i % 7 === 0 ? 'café' : 'thé'}`,
        `Marque ${i % 50}`,
        `Catégorie ${i % 12}`,
      ),
    );
    const index = buildSearchIndex(big);
    for (const q of ['c', 'ca', 'caf', 'cafe', 'cafe 9', 'cafe 99', 'marque 4', 'zzz']) {
      expect(searchIndex(index, q, { fields: ['name', 'brand', 'category'] })).toEqual(
        searchInventory(big, q),
      );
    }
    expect(searchIndex(index, 'cafe 99', { fields: ['name'] }).map((p) => p.name)).toContain(
      'Produit numéro 994 café',
    );
  });
});

describe('searchCustomers', () => {
  const customer = (name: string, phone: string): Customer => ({
    id: `id-${name}`,
    name,
    phone,
    creditBalance: 0,
    totalPurchases: 0,
    createdAt: NOW,
    updatedAt: NOW,
  });
  const customers = [customer('Fatima Zahra', '+212 6 12 34 56 78'), customer('Hassan', '0698-765-432')];

  it('matches names, and phones digit by digit with +212 ≡ 0', () => {
    expect(phoneDigits('+212 6 12 34 56 78')).toBe('0612345678');
    expect(phoneDigits('00212612345678')).toBe('0612345678');
    expect(searchCustomers(customers, 'fatima').map((c) => c.name)).toEqual(['Fatima Zahra']);
    expect(searchCustomers(customers, '0612').map((c) => c.name)).toEqual(['Fatima Zahra']);
    expect(searchCustomers(customers, '+212 698').map((c) => c.name)).toEqual(['Hassan']);
    expect(searchCustomers(customers, '98 76').map((c) => c.name)).toEqual(['Hassan']);
    expect(searchCustomers(customers, '06').map((c) => c.name)).toEqual(['Fatima Zahra', 'Hassan']);
    expect(searchCustomers(customers, 'karim')).toEqual([]);
  });
});

describe('findByBarcode', () => {
  it('finds EAN-13, and a UPC-A as its 0-prefixed EAN-13', () => {
    expect(findByBarcode(catalogue, '6111234567890')?.name).toBe('Thé vert Sultan');
    expect(findByBarcode(catalogue, '0036000291452')?.name).toBe('Lait');
    expect(findByBarcode(catalogue, '036000291452')?.name).toBe('Lait');
    expect(findByBarcode(catalogue, '123')).toBeUndefined();
    expect(findByBarcode(catalogue, '')).toBeUndefined();
  });
  it('finds a UPC-E stored as its 8 printed digits from the scanner’s GTIN-13, and the other way round', () => {
    const chips = { ...catalogue[0]!, id: 'chips', name: 'Chips', barcode: '04252614' };
    const gum = { ...catalogue[0]!, id: 'gum', name: 'Chewing-gum', barcode: '0012345000065' };
    expect(findByBarcode([chips], '0042100005264')?.name).toBe('Chips');
    expect(findByBarcode([chips], '042100005264')?.name).toBe('Chips');
    expect(findByBarcode([gum], '01234565')?.name).toBe('Chewing-gum');
    expect(findByBarcode([chips], '0042100005265')).toBeUndefined();
  });
  it('takes any typed or scanned text without failing; a product is always found by its own stored code', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.stringMatching(/^\d{8,14}$/)), { maxLength: 6 }),
        fc.oneof(fc.string(), fc.stringMatching(/^\d{8,14}$/)),
        (codes, typed) => {
          const products = codes.map((barcode, i) => ({ ...catalogue[0]!, id: `p${i}`, barcode }));
          const found = findByBarcode(products, typed);
          if (found) expect(findByBarcode([found], typed)).toBe(found);
          // A product is found by its own code, stored as it is.
          for (const product of products)
            if (normalizeGtin(product.barcode) !== '')
              expect(findByBarcode([product], product.barcode)).toBe(product);
        },
      ),
    );
  });
});
