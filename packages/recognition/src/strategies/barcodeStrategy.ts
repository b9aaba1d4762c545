// Barcode strategy: the retail codes read on the photo (barcode.ts); a code of the catalogue scores its
// products (decisive in the fusion: a code names one product, and nothing outside the catalogue has it).
import { isInStoreCode, readRetailBarcodes } from '../barcode.js';
import { barcodeScore } from '../fusion.js';
import { gtinsOfPrintedCode } from '../gtin.js';
import type { PhotoStrategy } from './strategy.js';

export type BarcodeEvidence = {
  barcodes: string[];
  /** The maker's codes read that no product of the catalogue has (price and weight labels left out). */
  unknownCodes: string[];
};

export const barcodeStrategy: PhotoStrategy<BarcodeEvidence> = async ({ image, options, settings }) => {
  const catalogue = new Map<string, string[]>();
  for (const product of options.products.values()) {
    // 8 digits stored may be a UPC-E's, which the reader gives as its UPC-A's GTIN-13.
    for (const gtin of product.barcode ? gtinsOfPrintedCode(product.barcode) : [])
      catalogue.set(gtin, [...(catalogue.get(gtin) ?? []), product.id]);
  }
  // A catalogue without codes is no catalogue to the reader (its template view reads only for one).
  const reads = await readRetailBarcodes(image, {
    effort: settings.barcodeEffort,
    ...(catalogue.size > 0
      ? {
          known: (gtin: string) => catalogue.has(gtin),
          knownEan8: [...catalogue.keys()].some((gtin) => gtin.length === 8),
        }
      : {}),
  });
  const scores = new Map<string, number>();
  const barcodes: string[] = [];
  const unknownCodes: string[] = [];
  for (const read of reads) {
    barcodes.push(read.gtin);
    for (const id of catalogue.get(read.gtin) ?? []) scores.set(id, barcodeScore(true));
    if (!catalogue.has(read.gtin) && !isInStoreCode(read.gtin)) unknownCodes.push(read.gtin);
  }
  return { scores, evidence: { barcodes, unknownCodes } };
};
