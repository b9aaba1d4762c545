// The generated shop as a file, kept in bench-results/cache/ between runs of the same size (generation is seeded).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupText, generateShop, type ShopSize } from './generateShop';

const cacheDir = fileURLToPath(new URL('../bench-results/cache/', import.meta.url));

/** The file of this size (generated and written once), and its counts; `cached` says it was already there. */
export function cachedShopFile(
  size: ShopSize,
  log: (message: string) => void = () => undefined,
): { path: string; generation: Record<string, unknown> } {
  // "compact": the app's export format since the streamed export; older cached files were indented.
  const key = `p${size.products}-s${size.sales}-c${size.customers}-k${size.credits}-seed${size.seed}-compact`;
  const path = join(cacheDir, `shop-${key}.json`);
  const countsPath = `${path}.counts.json`;
  if (existsSync(path) && existsSync(countsPath)) {
    log(`using ${path}`);
    return {
      path,
      generation: { cached: true, ...(JSON.parse(readFileSync(countsPath, 'utf8')) as object) },
    };
  }
  log(`generating ${key}`);
  const start = performance.now();
  const shop = generateShop(size);
  const generatedMs = performance.now() - start;
  const text = backupText(shop.file);
  mkdirSync(dirname(path), { recursive: true });
  // Written under another name first: a run stopped halfway never leaves a partial file to be reused.
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, path);
  const generation = { ...shop.counts, generateMs: Math.round(generatedMs) };
  writeFileSync(countsPath, JSON.stringify(generation));
  return { path, generation: { cached: false, ...generation } };
}
