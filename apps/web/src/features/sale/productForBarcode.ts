// Finds the product of a scanned code through the barcode index, without loading the whole catalogue.
import { findByBarcode, normalizeGtin, type Product } from '@hanouti/core';
import { productsWithBarcode } from '../../data/productsRepository';

/**
 * The same article can be stored as EAN-13, as UPC-A (12 digits) or as GTIN-14: the index is asked for
 * each spelling, and core's findByBarcode, which compares normalised codes, decides.
 */
export async function productForBarcode(code: string): Promise<Product | undefined> {
  const typed = code.trim();
  const gtin = normalizeGtin(typed);
  const spellings = new Set([typed, gtin, gtin.startsWith('0') ? gtin.slice(1) : gtin, `0${gtin}`]);
  spellings.delete('');
  const candidates = (
    await Promise.all([...spellings].map((spelling) => productsWithBarcode(spelling)))
  ).flat();
  return findByBarcode(candidates, typed);
}
