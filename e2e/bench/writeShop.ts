// `npm run generate:shop -- --products N --sales N --out FILE`: writes a generated shop's backup file.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { backupText, generateShop, LARGE_SHOP } from './generateShop';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    sales: { type: 'string' },
    customers: { type: 'string' },
    credits: { type: 'string' },
    years: { type: 'string' },
    seed: { type: 'string' },
    end: { type: 'string' },
    out: { type: 'string', default: 'hanouti-sauvegarde-bench.json' },
  },
});

const number = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : Number(value);
const shop = generateShop({
  products: number(values.products, LARGE_SHOP.products),
  sales: number(values.sales, LARGE_SHOP.sales),
  customers: number(values.customers, LARGE_SHOP.customers),
  credits: number(values.credits, LARGE_SHOP.credits),
  years: number(values.years, LARGE_SHOP.years),
  seed: number(values.seed, LARGE_SHOP.seed),
  end: values.end ?? LARGE_SHOP.end,
});
const text = backupText(shop.file);
writeFileSync(values.out, text);
process.stdout.write(
  `${JSON.stringify({ file: values.out, bytes: Buffer.byteLength(text), characters: text.length, ...shop.counts })}\n`,
);
