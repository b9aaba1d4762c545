// Finds the product of a scanned code through the barcode index, without loading the whole catalogue.
import {
  compressToUpcE,
  findByBarcode,
  gtinsOfPrintedCode,
  normalizeGtin,
  type Product,
} from '@hanouti/core';
import { productsWithBarcode } from '../../data/productsRepository';

/**
 * The same article can be stored as EAN-13, as UPC-A (12 digits), as GTIN-14 or, for a UPC-E, as the 8 digits
 * printed under it: the index is asked for each spelling, and core's findByBarcode, which compares
 * normalised codes, decides.
 */
export async function productForBarcode(code: string): Promise<Product | undefined> {
  const typed = code.trim();
  const gtin = normalizeGtin(typed);
  // A hand scanner may also send a UPC-E as its 8 digits: the UPC-A they stand for is asked for too.
  const keys = new Set([gtin, ...gtinsOfPrintedCode(gtin)]);
  const spellings = new Set(
    [typed, ...keys].flatMap((key) => [
      key,
      key.startsWith('0') ? key.slice(1) : key,
      `0${key}`,
      ...compressToUpcE(key),
    ]),
  );
  spellings.delete('');
  const candidates = (
    await Promise.all([...spellings].map((spelling) => productsWithBarcode(spelling)))
  ).flat();
  return findByBarcode(candidates, typed);
}
