// Generates a large, seeded, deterministic hanout as a backup file in the spec's format, through core's own rules.
import {
  addBulkToCart,
  addProductToCart,
  checkout,
  DEFAULT_SETTINGS,
  emptyCart,
  exportBackup,
  formatTicketNumber,
  recordPayment,
  roundKg,
  setCartCustomer,
  setLineQuantity,
  setPaymentMethod,
  type BackupFile,
  type Cart,
  type CreditTransaction,
  type Customer,
  type Product,
  type Sale,
  type Settings,
  type StockMovement,
  type VatRate,
} from '@hanouti/core';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { v7 } from 'uuid';

export type ShopSize = {
  products: number;
  sales: number;
  customers: number;
  /** Credit entries wanted (credit sales and payments); the generator lands close to it. */
  credits: number;
  years: number;
  seed: number;
  /** ISO time of the last sale and of the file's exportDate. */
  end: string;
};

/** The large shop of issue 3: 10,000 products, 200,000 sales over 3 years, 1,000 customers, 20,000 credit entries. */
export const LARGE_SHOP: ShopSize = {
  products: 10_000,
  sales: 200_000,
  customers: 1_000,
  credits: 20_000,
  years: 3,
  seed: 20_250_614,
  end: '2025-06-14T21:00:00.000Z',
};

export type GeneratedShop = {
  file: BackupFile;
  counts: {
    products: number;
    bulkProducts: number;
    sales: number;
    saleLines: number;
    customers: number;
    creditTransactions: number;
    stockMovements: number;
  };
};

type Random = {
  int(from: number, to: number): number;
  float(): number;
  pick<T>(values: readonly T[]): T;
  chance(probability: number): boolean;
  bytes16(): Uint8Array;
};

function seededRandom(seed: number): Random {
  const rng = xoroshiro128plus(seed);
  const random: Random = {
    int: (from, to) => uniformInt(rng, from, to),
    float: () => uniformFloat64(rng),
    pick: (values) => {
      const value = values[uniformInt(rng, 0, values.length - 1)];
      if (value === undefined) throw new Error('pick from an empty list');
      return value;
    },
    chance: (probability) => uniformFloat64(rng) < probability,
    bytes16: () => {
      const bytes = new Uint8Array(16);
      for (let i = 0; i < 16; i += 4)
        new DataView(bytes.buffer).setInt32(i, uniformInt(rng, -(2 ** 31), 2 ** 31 - 1));
      return bytes;
    },
  };
  return random;
}

type Size = { label: string; mad: number };
type Template = {
  base: string;
  category: string;
  vat: VatRate;
  brands: readonly string[];
  sizes: readonly Size[];
  flavours?: readonly string[];
};

const kg = (mad: number): Size[] => [{ label: '', mad }];

/** What a Moroccan hanout sells: everyday staples with the brands found on its shelves. */
const PACKAGED: readonly Template[] = [
  {
    base: 'Thé vert',
    category: 'Thé et café',
    vat: 20,
    brands: ['Sultan', 'Dahab', 'Atlas', 'Al Kasbah', 'Marrakech'],
    sizes: [
      { label: '125 g', mad: 9 },
      { label: '200 g', mad: 15 },
      { label: '500 g', mad: 36 },
      { label: '25 sachets', mad: 12 },
    ],
    flavours: ['', 'menthe', 'gunpowder', 'chaara'],
  },
  {
    base: 'Café moulu',
    category: 'Thé et café',
    vat: 20,
    brands: ['Carrion', 'Dubois', 'Bonal', 'Star'],
    sizes: [
      { label: '250 g', mad: 22 },
      { label: '500 g', mad: 42 },
    ],
    flavours: ['', 'arabica', 'épicé'],
  },
  {
    base: 'Café soluble',
    category: 'Thé et café',
    vat: 20,
    brands: ['Nescafé', 'Carte Noire'],
    sizes: [
      { label: '50 g', mad: 19 },
      { label: '100 g', mad: 35 },
      { label: '200 g', mad: 66 },
    ],
  },
  {
    base: 'Huile de table',
    category: 'Huiles',
    vat: 10,
    brands: ['Lesieur', 'Huilor', 'Cristal', 'Afia', 'Maïda'],
    sizes: [
      { label: '1 L', mad: 19 },
      { label: '2 L', mad: 37 },
      { label: '5 L', mad: 88 },
    ],
  },
  {
    base: "Huile d'olive",
    category: 'Huiles',
    vat: 10,
    brands: ['Oued Souss', 'Al Horra', 'Lesieur', 'Zaytouna'],
    sizes: [
      { label: '50 cl', mad: 38 },
      { label: '1 L', mad: 72 },
    ],
    flavours: ['', 'extra vierge'],
  },
  {
    base: 'Sucre en morceaux',
    category: 'Épicerie',
    vat: 0,
    brands: ['Cosumar', 'Enmer'],
    sizes: [
      { label: '1 kg', mad: 11 },
      { label: '2 kg', mad: 21 },
    ],
  },
  {
    base: 'Pain de sucre',
    category: 'Épicerie',
    vat: 0,
    brands: ['Cosumar'],
    sizes: [{ label: '2 kg', mad: 20 }],
  },
  {
    base: 'Farine',
    category: 'Épicerie',
    vat: 0,
    brands: ['Mouna', 'Dalia', 'Fandy', 'Finot'],
    sizes: [
      { label: '1 kg', mad: 8 },
      { label: '5 kg', mad: 37 },
      { label: '10 kg', mad: 72 },
    ],
    flavours: ['', 'complète', 'fleur'],
  },
  {
    base: 'Couscous',
    category: 'Épicerie',
    vat: 7,
    brands: ['Dari', 'Tria', 'Mayssa', 'Ferrero'],
    sizes: [
      { label: '500 g', mad: 7 },
      { label: '1 kg', mad: 13 },
    ],
    flavours: ['moyen', 'fin', 'orge', 'blé complet'],
  },
  {
    base: 'Pâtes',
    category: 'Épicerie',
    vat: 7,
    brands: ['Tria', 'Dari', 'Mayssa', 'Panzani'],
    sizes: [{ label: '500 g', mad: 6 }],
    flavours: ['spaghetti', 'coquillettes', 'vermicelles', 'penne', "langues d'oiseau", "cheveux d'ange"],
  },
  {
    base: 'Concentré de tomate',
    category: 'Conserves',
    vat: 7,
    brands: ['Aïcha', 'Aby', 'Tomador'],
    sizes: [
      { label: '70 g', mad: 2.5 },
      { label: '400 g', mad: 9 },
      { label: '800 g', mad: 16 },
    ],
  },
  {
    base: 'Confiture',
    category: 'Épicerie',
    vat: 20,
    brands: ['Aïcha', 'Délice', 'Bonne Maman'],
    sizes: [
      { label: '370 g', mad: 13 },
      { label: '900 g', mad: 27 },
    ],
    flavours: ['fraise', 'abricot', 'orange amère', 'figue'],
  },
  {
    base: 'Bouillon',
    category: 'Épicerie',
    vat: 20,
    brands: ['Knorr', 'Maggi', 'Jumbo'],
    sizes: [
      { label: '8 cubes', mad: 4 },
      { label: '24 cubes', mad: 11 },
    ],
    flavours: ['poulet', 'bœuf', 'légumes'],
  },
  {
    base: 'Lait',
    category: 'Produits laitiers',
    vat: 0,
    brands: ['Centrale Danone', 'Jaouda', 'Chergui', 'Safilait', 'Colaimo'],
    sizes: [
      { label: '50 cl', mad: 4 },
      { label: '1 L', mad: 7.5 },
    ],
    flavours: ['', 'demi-écrémé', 'UHT'],
  },
  {
    base: 'Lben',
    category: 'Produits laitiers',
    vat: 0,
    brands: ['Jaouda', 'Centrale Danone', 'Chergui'],
    sizes: [
      { label: '50 cl', mad: 4.5 },
      { label: '1 L', mad: 8 },
    ],
  },
  {
    base: 'Yaourt',
    category: 'Produits laitiers',
    vat: 20,
    brands: ['Danone', 'Jaouda', 'Dolait', 'Chergui', 'Jamila'],
    sizes: [
      { label: '110 g', mad: 2 },
      { label: 'pack de 4', mad: 8 },
    ],
    flavours: ['nature', 'fraise', 'vanille', 'banane', 'abricot'],
  },
  {
    base: 'Fromage',
    category: 'Produits laitiers',
    vat: 20,
    brands: ['La Vache qui rit', 'Kiri', 'Président', 'Jibal', 'Chergui'],
    sizes: [
      { label: '8 portions', mad: 10 },
      { label: '16 portions', mad: 19 },
      { label: '200 g', mad: 17 },
    ],
  },
  {
    base: 'Beurre',
    category: 'Produits laitiers',
    vat: 20,
    brands: ['Président', 'Centrale Danone', 'Jaouda'],
    sizes: [
      { label: '200 g', mad: 19 },
      { label: '500 g', mad: 45 },
    ],
  },
  {
    base: 'Eau minérale',
    category: 'Boissons',
    vat: 20,
    brands: ['Sidi Ali', 'Ain Saiss', 'Sidi Harazem', 'Bahia', 'Ain Ifrane'],
    sizes: [
      { label: '33 cl', mad: 3 },
      { label: '50 cl', mad: 3.5 },
      { label: '1,5 L', mad: 6 },
      { label: '5 L', mad: 13 },
    ],
  },
  {
    base: 'Eau gazeuse',
    category: 'Boissons',
    vat: 20,
    brands: ['Oulmès', 'Ain Atlas'],
    sizes: [
      { label: '50 cl', mad: 5 },
      { label: '1 L', mad: 8 },
    ],
    flavours: ['', 'citron'],
  },
  {
    base: 'Soda',
    category: 'Boissons',
    vat: 20,
    brands: ['Coca-Cola', 'Pepsi', 'Hawaï', 'Poms', 'Fanta', 'Sprite', 'Schweppes'],
    sizes: [
      { label: '33 cl', mad: 5 },
      { label: '1 L', mad: 9 },
      { label: '2 L', mad: 15 },
    ],
    flavours: ['', 'zéro', 'tropical', 'orange', 'citron'],
  },
  {
    base: 'Jus',
    category: 'Boissons',
    vat: 20,
    brands: ['Jaouda', 'Rani', 'Ceres', 'Marrakech'],
    sizes: [
      { label: '20 cl', mad: 3 },
      { label: '1 L', mad: 12 },
    ],
    flavours: ['orange', 'pomme', 'multifruits', 'mangue', 'ananas'],
  },
  {
    base: 'Biscuits',
    category: 'Biscuits et confiserie',
    vat: 20,
    brands: ['Bimo Tonik', 'Bimo Merendina', "Henry's", 'Choco Tom', 'Maruja', 'Tagger'],
    sizes: [
      { label: '', mad: 2 },
      { label: 'paquet familial', mad: 12 },
    ],
    flavours: ['chocolat', 'vanille', 'noix de coco', 'fourré fraise', 'au lait'],
  },
  {
    base: 'Gaufrettes',
    category: 'Biscuits et confiserie',
    vat: 20,
    brands: ['Bimo', "Henry's", 'Gaufrette Lux'],
    sizes: [{ label: '', mad: 1.5 }],
    flavours: ['chocolat', 'vanille', 'citron'],
  },
  {
    base: 'Chocolat',
    category: 'Biscuits et confiserie',
    vat: 20,
    brands: ['Nestlé', 'Milka', 'Kinder', 'Tiffany'],
    sizes: [
      { label: '25 g', mad: 3 },
      { label: '100 g', mad: 14 },
    ],
    flavours: ['au lait', 'noir', 'noisettes'],
  },
  {
    base: "Sardines à l'huile",
    category: 'Conserves',
    vat: 7,
    brands: ['Titanic', 'Joly', 'Ferdaous', 'Marie-Paule'],
    sizes: [{ label: '125 g', mad: 6 }],
    flavours: ['', 'piquantes', 'à la tomate'],
  },
  {
    base: 'Thon',
    category: 'Conserves',
    vat: 7,
    brands: ['Isabel', 'Mario', 'Jolly'],
    sizes: [
      { label: '80 g', mad: 9 },
      { label: '160 g', mad: 17 },
    ],
    flavours: ["à l'huile", 'au naturel'],
  },
  {
    base: 'Petits pois',
    category: 'Conserves',
    vat: 7,
    brands: ['Aïcha', 'Conserverie Meknès'],
    sizes: [{ label: '400 g', mad: 8 }],
    flavours: ['', 'carottes'],
  },
  {
    base: 'Lessive',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Tide', 'Omo', 'Ariel', 'Magix', 'Persil'],
    sizes: [
      { label: '500 g', mad: 12 },
      { label: '1 kg', mad: 23 },
      { label: '3 kg', mad: 65 },
    ],
    flavours: ['', 'main', 'machine'],
  },
  {
    base: 'Liquide vaisselle',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Pril', 'Magix', 'Fairy'],
    sizes: [
      { label: '750 ml', mad: 14 },
      { label: '1,25 L', mad: 22 },
    ],
    flavours: ['citron', 'pomme'],
  },
  {
    base: 'Eau de Javel',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Ace', 'La Croix', 'Javel Star'],
    sizes: [
      { label: '1 L', mad: 6 },
      { label: '2 L', mad: 11 },
    ],
  },
  {
    base: 'Savon',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Palmolive', 'Lux', 'Le Chat', 'Taous', 'Dove'],
    sizes: [{ label: '', mad: 5 }],
    flavours: ['', 'aloe vera', 'lait', 'olive'],
  },
  {
    base: 'Dentifrice',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Signal', 'Colgate', 'Sensodyne'],
    sizes: [
      { label: '75 ml', mad: 12 },
      { label: '100 ml', mad: 15 },
    ],
  },
  {
    base: 'Shampooing',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Head & Shoulders', 'Pantène', 'Garnier', 'Dop'],
    sizes: [
      { label: '200 ml', mad: 24 },
      { label: '400 ml', mad: 42 },
    ],
  },
  {
    base: 'Papier hygiénique',
    category: 'Hygiène et entretien',
    vat: 20,
    brands: ['Dalaa', 'Nana', 'Lotus'],
    sizes: [
      { label: '4 rouleaux', mad: 10 },
      { label: '12 rouleaux', mad: 28 },
    ],
  },
];

/** Sold by weight from sacks (is_bulk, price per kg), some with the sack size as pack_size. */
const BULK: readonly Template[] = [
  ['Lentilles', 16],
  ['Pois chiches', 18],
  ['Haricots blancs', 20],
  ['Fèves sèches', 14],
  ['Riz', 14],
  ['Semoule fine', 9],
  ['Semoule moyenne', 9],
  ['Olives noires', 28],
  ['Olives vertes', 24],
  ['Olives violettes', 26],
  ['Dattes Mejhoul', 120],
  ['Dattes Boufeggous', 60],
  ['Amandes', 110],
  ['Cacahuètes', 30],
  ['Noix', 90],
  ['Cumin moulu', 80],
  ['Paprika doux', 60],
  ['Ras el hanout', 95],
  ['Gingembre moulu', 70],
  ['Thé vert en vrac', 55],
  ['Sucre granulé en vrac', 8],
  ['Farine en vrac', 6],
  ['Orge', 7],
  ['Khlii', 160],
  ['Smen', 85],
].map(([base, mad]): Template => ({
  base: String(base),
  category: 'Vrac',
  vat: 0,
  brands: ['', 'Souk', 'Coopérative', 'Sahara'],
  sizes: kg(Number(mad)),
  flavours: ['', 'premier choix', 'extra', 'du Souss', 'du Tafilalet', 'de Meknès'],
}));

const PACKAGING = ['', ' (lot de 2)', ' (lot de 3)', ' (lot de 6)', ' (format familial)', ' (promo)'];
const PACKAGING_FACTOR = [1, 2, 3, 6, 1.8, 0.9];

const FIRST_NAMES = [
  'Fatima Zahra',
  'Youssef',
  'Khadija',
  'Mohammed',
  'Aicha',
  'Omar',
  'Meryem',
  'Hamza',
  'Salma',
  'Ayoub',
  'Hafsa',
  'Karim',
  'Nadia',
  'Rachid',
  'Imane',
  'Abdelaziz',
  'Zineb',
  'Mehdi',
  'Soukaina',
  'Said',
  'Hanane',
  'Mustapha',
  'Loubna',
  'Ilyas',
  'Samira',
  'Hicham',
  'Naima',
  'Brahim',
  'Houda',
  'Anas',
  'Latifa',
  'Othmane',
  'Rajae',
  'Driss',
  'Asmae',
  'Abdellah',
  'Kenza',
  'Yassine',
  'Malika',
  'Adil',
];
const FAMILY_NAMES = [
  'El Amrani',
  'Benali',
  'Alaoui',
  'Bennani',
  'El Idrissi',
  'Tazi',
  'Berrada',
  'Chraibi',
  'El Fassi',
  'Lahlou',
  'Ouazzani',
  'Benjelloun',
  'Amrani',
  'Kettani',
  'Sqalli',
  'Ait Ouahmane',
  'Ouhaddou',
  'Boukhris',
  'El Mansouri',
  'Zeroual',
  'Hajji',
  'Naciri',
  'Rami',
  'Bouzid',
  'Ziani',
  'Cherkaoui',
  'El Ghazi',
  'Mouline',
  'Skalli',
  'Azizi',
];
const PAYMENT_NOTES = ['Paiement', 'Versement', 'Acompte', 'Règlement carnet'];
const ADJUSTMENT_NOTES = ['Casse', 'Périmé', 'Inventaire'];

/** Shop hours in Morocco (UTC+1): more customers in the morning and after work. */
const HOUR_WEIGHTS: readonly [number, number][] = [
  [7, 2],
  [8, 6],
  [9, 7],
  [10, 5],
  [11, 5],
  [12, 6],
  [13, 5],
  [14, 3],
  [15, 3],
  [16, 4],
  [17, 6],
  [18, 8],
  [19, 9],
  [20, 8],
  [21, 5],
  [22, 2],
];
const LINE_COUNT_WEIGHTS = [30, 25, 18, 12, 9, 6];

function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random.float() * total;
  for (const [value, weight] of entries) {
    draw -= weight;
    if (draw < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('weighted pick from an empty list');
  return last[0];
}

/** A valid EAN-13 with Morocco's GS1 prefix 611. */
function moroccanEan13(random: Random): string {
  let digits = '611';
  while (digits.length < 12) digits += String(random.int(0, 9));
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

/** Half-dirham prices, as a shopkeeper writes them. */
const shelfPrice = (mad: number) => Math.max(50, Math.round(mad * 2) * 50);

type Clock = { at(ms: number): string; id(ms: number): string };

function clockFor(random: Random): Clock {
  return {
    at: (ms) => new Date(ms).toISOString(),
    id: (ms) => v7({ msecs: ms, random: random.bytes16() }),
  };
}

function productName(
  template: Template,
  brand: string,
  size: Size,
  flavour: string,
  packaging: string,
): string {
  return [template.base, flavour, brand, size.label].filter((part) => part !== '').join(' ') + packaging;
}

function makeProducts(
  size: ShopSize,
  random: Random,
  clock: Clock,
  startMs: number,
  endMs: number,
): Product[] {
  const names = new Set<string>();
  const products: Product[] = [];
  const day = 86_400_000;
  for (let i = 0; i < size.products; i++) {
    const bulk = random.chance(0.08);
    const template = random.pick(bulk ? BULK : PACKAGED);
    const brand = random.pick(template.brands);
    const sizeChoice = random.pick(template.sizes);
    const flavour = template.flavours ? random.pick(template.flavours) : '';
    const packagingIndex = bulk || random.chance(0.6) ? 0 : random.int(1, PACKAGING.length - 1);
    let name = productName(template, brand, sizeChoice, flavour, PACKAGING[packagingIndex] ?? '');
    if (names.has(name)) name = `${name} réf. ${String(i + 1).padStart(5, '0')}`;
    names.add(name);
    const price = sizeChoice.mad * (PACKAGING_FACTOR[packagingIndex] ?? 1) * (0.9 + random.float() * 0.25);
    const salePrice = shelfPrice(price);
    // Most of the catalogue exists before the first sale; the rest arrives over the years.
    const createdMs = random.chance(0.6)
      ? startMs - random.int(1, 60) * day
      : startMs + Math.floor(random.float() * (endMs - startMs - 30 * day));
    const createdAt = clock.at(createdMs);
    products.push({
      id: clock.id(createdMs),
      name,
      brand: brand === '' ? '' : brand,
      category: template.category,
      ...(bulk ? {} : { barcode: moroccanEan13(random) }),
      purchasePrice: Math.round(salePrice * (0.78 + random.float() * 0.1)),
      salePrice,
      vat: template.vat,
      stock: 0,
      reorderThreshold: bulk ? random.int(2, 10) : random.int(3, 15),
      isBulk: bulk,
      ...(bulk && random.chance(0.5) ? { packSize: random.pick([10, 25, 50]) } : {}),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return products.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

function makeCustomers(
  size: ShopSize,
  random: Random,
  clock: Clock,
  startMs: number,
  endMs: number,
): Customer[] {
  const customers: Customer[] = [];
  for (let i = 0; i < size.customers; i++) {
    const createdMs = startMs + Math.floor(random.float() ** 1.5 * (endMs - startMs) * 0.85);
    const createdAt = clock.at(createdMs);
    const phone = `0${random.pick(['6', '7'])} ${[0, 0, 0, 0].map(() => String(random.int(10, 99))).join(' ')}`;
    customers.push({
      id: clock.id(createdMs),
      name: `${random.pick(FIRST_NAMES)} ${random.pick(FAMILY_NAMES)}`,
      phone,
      creditBalance: 0,
      totalPurchases: 0,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return customers.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Sale times over the period, in shop hours, oldest first. */
function saleTimes(size: ShopSize, random: Random, startMs: number, endMs: number): number[] {
  const day = 86_400_000;
  const firstDay = Math.floor(startMs / day) * day;
  const days = Math.max(1, Math.floor((endMs - firstDay) / day));
  const times: number[] = [];
  for (let i = 0; i < size.sales; i++) {
    const hour = weighted(random, HOUR_WEIGHTS) - 1; // UTC+1
    const ms = firstDay + random.int(0, days) * day + hour * 3_600_000 + random.int(0, 3_599_999);
    times.push(Math.min(Math.max(ms, startMs), endMs));
  }
  return times.sort((a, b) => a - b);
}

/**
 * The whole shop, sale after sale through core's cart and checkout rules, so every record is what the app
 * itself would have written: restocks arrive before stock runs short, credit sales and payments keep each
 * customer's balance equal to the sum of their entries, and stock equals the sum of movements.
 */
export function generateShop(options: Partial<ShopSize> = {}): GeneratedShop {
  const size: ShopSize = { ...LARGE_SHOP, ...options };
  const random = seededRandom(size.seed);
  const clock = clockFor(random);
  const endMs = Date.parse(size.end);
  const startMs = endMs - Math.round(size.years * 365.25 * 86_400_000);
  const deviceId = clock.id(startMs);

  const products = makeProducts(size, random, clock, startMs, endMs);
  const customers = makeCustomers(size, random, clock, startMs, endMs);
  const productById = new Map(products.map((p) => [p.id, p]));
  const movements: StockMovement[] = [];
  const sales: Sale[] = [];
  const credits: CreditTransaction[] = [];
  const indebted = new Set<number>();

  const setStock = (product: Product, stock: number) => {
    const updated = { ...product, stock };
    productById.set(product.id, updated);
    return updated;
  };
  // Opening stock as 'import' movements, like the catalogue form's first save.
  for (const product of products) {
    const opening = product.isBulk ? roundKg(10 + random.float() * 40) : random.int(6, 48);
    movements.push({
      id: clock.id(Date.parse(product.createdAt)),
      productId: product.id,
      kind: 'import',
      delta: opening,
      at: product.createdAt,
    });
    setStock(product, opening);
  }

  const creditSaleChance = size.sales > 0 ? (0.6 * size.credits) / size.sales : 0;
  const paymentChance = size.sales > 0 ? (0.4 * size.credits) / size.sales : 0;
  const customerSaleChance = Math.min(0.35, Math.max(0.1, creditSaleChance * 4));

  let productsOnSale = 0;
  let customersKnown = 0;
  let lines = 0;
  const times = saleTimes(size, random, startMs, endMs);
  times.forEach((ms, index) => {
    const now = clock.at(ms);
    while (productsOnSale < products.length && Date.parse(products[productsOnSale]?.createdAt ?? now) <= ms)
      productsOnSale++;
    while (customersKnown < customers.length && Date.parse(customers[customersKnown]?.createdAt ?? now) <= ms)
      customersKnown++;
    if (productsOnSale === 0) return;

    let cart: Cart = emptyCart();
    const lineCount = weighted(
      random,
      LINE_COUNT_WEIGHTS.map((weight, i) => [i + 1, weight] as const),
    );
    for (let l = 0; l < lineCount; l++) {
      // Older products are the regulars: the draw leans towards the start of the catalogue.
      const stored = products[Math.floor(random.float() ** 1.8 * productsOnSale)];
      const product = stored ? productById.get(stored.id) : undefined;
      if (!product || cart.lines.some((line) => line.productId === product.id)) continue;
      const wanted = product.isBulk
        ? roundKg(0.25 + random.float() * 1.75)
        : weighted(random, [
            [1, 70],
            [2, 20],
            [3, 7],
            [6, 3],
          ]);
      let onShelf = product;
      if (product.stock < wanted) {
        // The shopkeeper restocks from the wholesaler before the customer comes back.
        const delta = product.isBulk ? roundKg(20 + random.float() * 30) : random.int(2, 5) * 12;
        const restockMs = Math.max(Date.parse(product.createdAt), ms - 3_600_000);
        movements.push({
          id: clock.id(restockMs),
          productId: product.id,
          kind: 'restock',
          delta,
          at: clock.at(restockMs),
        });
        onShelf = setStock(product, product.isBulk ? roundKg(product.stock + delta) : product.stock + delta);
      }
      if (onShelf.isBulk) {
        const added = addBulkToCart(cart, onShelf, wanted);
        if (added.ok) cart = added.cart;
      } else {
        cart = setLineQuantity(addProductToCart(cart, onShelf), onShelf.id, wanted);
      }
    }
    if (cart.lines.length === 0) return;

    const customerSlot =
      customersKnown > 0 && random.chance(customerSaleChance) ? random.int(0, customersKnown - 1) : -1;
    const customer = customers[customerSlot];
    if (customer) {
      cart = setCartCustomer(cart, customer.id);
      if (random.chance(creditSaleChance / customerSaleChance)) cart = setPaymentMethod(cart, 'credit');
    }
    const result = checkout({
      cart,
      products: productById,
      ...(customer ? { customer } : {}),
      now,
      saleId: clock.id(ms),
      ticketNumber: formatTicketNumber('HB', sales.length + 1),
      deviceId,
      newId: () => clock.id(ms),
    });
    if (!result.ok) throw new Error(`generated cart refused: ${result.error}`);
    sales.push(result.sale);
    lines += result.sale.items.length;
    movements.push(...result.movements);
    for (const [id, stock] of result.stockAfter) {
      const product = productById.get(id);
      if (product) setStock(product, stock);
    }
    if (result.customer && customer) {
      customers[customerSlot] = result.customer;
      if (result.customer.creditBalance > 0) indebted.add(customerSlot);
    }
    if (result.creditTransaction) credits.push(result.creditTransaction);

    if (indebted.size > 0 && random.chance(paymentChance)) {
      const slots = [...indebted];
      const slot = slots[random.int(0, slots.length - 1)] ?? 0;
      const debtor = customers[slot];
      if (debtor) {
        const payMs = ms + 60_000;
        // Customers pay round sums; a sum above the debt is recorded up to it and the rest handed back.
        const amount = Math.max(
          1000,
          Math.round((debtor.creditBalance * (0.4 + random.float() * 0.8)) / 1000) * 1000,
        );
        const paid = recordPayment(debtor, amount, random.pick(PAYMENT_NOTES), {
          now: clock.at(payMs),
          newId: () => clock.id(payMs),
        });
        if (paid.ok && paid.transaction) {
          credits.push(paid.transaction);
          customers[slot] = paid.customer;
          if (paid.customer.creditBalance === 0) indebted.delete(slot);
        }
      }
    }
    // About one sale in a hundred, something breaks or expires on the shelf.
    if (index % 97 === 0) {
      const stored = products[random.int(0, productsOnSale - 1)];
      const product = stored ? productById.get(stored.id) : undefined;
      if (product && !product.isBulk && product.stock >= 1) {
        movements.push({
          id: clock.id(ms + 120_000),
          productId: product.id,
          kind: 'adjustment',
          delta: -1,
          at: clock.at(ms + 120_000),
          note: random.pick(ADJUSTMENT_NOTES),
        });
        setStock(product, product.stock - 1);
      }
    }
  });

  const finalProducts = products.map((p) => productById.get(p.id) ?? p);
  const byTime =
    <T>(at: (v: T) => string) =>
    (a: T, b: T) =>
      at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0;
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    storeName: 'Épicerie Al Baraka',
    storeAddress: 'Derb Dabachi, Marrakech',
    updatedAt: clock.at(startMs),
  };
  const file = exportBackup(
    {
      products: finalProducts,
      sales,
      customers,
      creditTransactions: credits.sort(byTime((c) => c.date)),
      stockMovements: movements.sort(byTime((m) => m.at)),
      settings,
      photos: [],
    },
    size.end,
  );
  return {
    file,
    counts: {
      products: finalProducts.length,
      bulkProducts: finalProducts.filter((p) => p.isBulk).length,
      sales: sales.length,
      saleLines: lines,
      customers: customers.length,
      creditTransactions: credits.length,
      stockMovements: movements.length,
    },
  };
}

/** The file's text exactly as the app's export writes it (compact JSON, no indentation). */
export function backupText(file: BackupFile): string {
  return JSON.stringify(file);
}
