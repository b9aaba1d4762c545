// The dataset's CSV files (catalog.csv, queries.csv, barcodes.csv): plain comma-separated rows, no quoting.
import { readFileSync } from 'node:fs';

/** Rows of a CSV file as objects keyed by its header (CRLF or LF line ends). */
export function readCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const keys = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i]!, v])));
}

/** Evenly spread subset, so that --limit still covers every product. */
export const spread = <T>(items: T[], n: number) =>
  items.length <= n
    ? items
    : items.filter((_, i) => Math.floor((i * n) / items.length) !== Math.floor(((i - 1) * n) / items.length));
