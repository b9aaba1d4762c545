// Time to answer one keystroke of the catalogue search on 10,000 products (the prebuilt index of @hanouti/core).
// Run from e2e/ after `tsc -b ../packages/core`: `npx tsx bench/searchKeystroke.ts`; prints one JSON document.
import { buildSearchIndex, searchIndex, type Product } from '@hanouti/core';
import { ms, spread } from './stats';

/** A keystroke must be answered within one 60 Hz frame. */
export const KEYSTROKE_BUDGET_MS = 16;
const PRODUCTS = 10_000;
const QUERIES = ['c', 'ca', 'caf', 'cafe', 'cafe 9', 'cafe 99', 'marque 4', 'zzz'];
const ROUNDS = 20;

const NOW = '2025-01-15T10:00:00.000Z';
const products: Product[] = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: `p${i}`,
  name: `Produit numéro ${i} ${i % 7 === 0 ? 'café' : 'thé'}`,
  brand: `Marque ${i % 50}`,
  category: `Catégorie ${i % 12}`,
  purchasePrice: 100,
  salePrice: 200,
  vat: 20,
  stock: 10,
  reorderThreshold: 5,
  isBulk: false,
  createdAt: NOW,
  updatedAt: NOW,
}));

const buildStart = performance.now();
const index = buildSearchIndex(products);
const buildMs = performance.now() - buildStart;
searchIndex(index, 'warm up'); // the first call pays for compilation, not for the search

const timings: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const q of QUERIES) {
    const start = performance.now();
    searchIndex(index, q, { fields: ['name', 'brand', 'category'] });
    timings.push(performance.now() - start);
  }
}
const keystroke = spread(timings);
process.stdout.write(
  `${JSON.stringify(
    {
      products: PRODUCTS,
      indexBuildMs: ms(buildMs),
      keystrokeMs: keystroke,
      budgetMs: KEYSTROKE_BUDGET_MS,
      withinBudget: keystroke.p95 < KEYSTROKE_BUDGET_MS,
    },
    null,
    2,
  )}\n`,
);
