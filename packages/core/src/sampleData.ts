// The first-run sample shop of the spec: four everyday products of a Moroccan hanout and two customers.
import type { Customer, Product, StockMovement, VatRate } from './entities.js';
import type { DomainContext } from './context.js';
import { DEFAULT_REORDER_THRESHOLD } from './constants.js';

export type SampleShopData = { products: Product[]; customers: Customer[]; movements: StockMovement[] };

type SampleProduct = {
  name: string;
  brand: string;
  category: string;
  /** Centimes, before VAT. */
  purchasePrice: number;
  salePrice: number;
  /** Moroccan VAT: sugar and milk are exempt, edible oil is at 10 %, tea at 20 %. */
  vat: VatRate;
  stock: number;
};

const SAMPLE_PRODUCTS: readonly SampleProduct[] = [
  {
    name: 'Thé vert Sultan 200 g',
    brand: 'Sultan',
    category: 'Thé et café',
    purchasePrice: 1450,
    salePrice: 1700,
    vat: 20,
    stock: 24,
  },
  {
    name: 'Huile Lesieur 1L',
    brand: 'Lesieur',
    category: 'Huiles',
    purchasePrice: 1900,
    salePrice: 2100,
    vat: 10,
    stock: 12,
  },
  {
    name: 'Sucre en morceaux Cosumar 1 kg',
    brand: 'Cosumar',
    category: 'Épicerie',
    purchasePrice: 1080,
    salePrice: 1200,
    vat: 0,
    stock: 20,
  },
  {
    name: 'Lait Centrale 1L',
    brand: 'Centrale Danone',
    category: 'Produits laitiers',
    purchasePrice: 720,
    salePrice: 800,
    vat: 0,
    stock: 4,
  },
];

const SAMPLE_CUSTOMERS = [
  { name: 'Fatima Zahra El Amrani', phone: '06 61 23 45 67' },
  { name: 'Youssef Benali', phone: '07 72 34 56 81' },
] as const;

/**
 * The sample shop seeded when the catalogue is empty on first run. Stock arrives as 'import' movements so
 * that stock = Σ movements from the first day; the milk starts below its threshold to show an alert.
 */
export function sampleShopData(ctx: Pick<DomainContext, 'now' | 'newId'>): SampleShopData {
  const products = SAMPLE_PRODUCTS.map((sample): Product => ({
    id: ctx.newId(),
    name: sample.name,
    brand: sample.brand,
    category: sample.category,
    purchasePrice: sample.purchasePrice,
    salePrice: sample.salePrice,
    vat: sample.vat,
    stock: sample.stock,
    reorderThreshold: DEFAULT_REORDER_THRESHOLD,
    isBulk: false,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  }));
  const movements = products.map((product): StockMovement => ({
    id: ctx.newId(),
    productId: product.id,
    kind: 'import',
    delta: product.stock,
    at: ctx.now,
  }));
  const customers = SAMPLE_CUSTOMERS.map((sample): Customer => ({
    id: ctx.newId(),
    name: sample.name,
    phone: sample.phone,
    creditBalance: 0,
    totalPurchases: 0,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  }));
  return { products, customers, movements };
}
