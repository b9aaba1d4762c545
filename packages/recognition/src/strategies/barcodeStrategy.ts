// Barcode strategy: the retail codes read on the photo (barcode.ts); a code of the catalogue scores its
// products (decisive in the fusion: a code names one product, and nothing outside the catalogue has it).
// When the photo's text is read after it, the digits printed under a code are one more view of it
// (`withPrintedDigits`).
import {
  decideWithPrintedDigits,
  isInStoreCode,
  readRetailBarcodeViews,
  type BarcodeRead,
  type BarcodeViews,
} from '../barcode.js';
import { barcodeScore } from '../fusion.js';
import { gtinsOfPrintedCode } from '../gtin.js';
import type { TextLine } from '../ocr.js';
import { printedDigitRuns } from '../printedDigits.js';
import type { PhotoStrategy, RecogniseOptions, StrategyResult } from './strategy.js';

export type BarcodeEvidence = {
  barcodes: string[];
  /** The maker's codes read that no product of the catalogue has (price and weight labels left out). */
  unknownCodes: string[];
  /** The bars' views, for the printed digits to confirm (`withPrintedDigits`); unset when none follow. */
  views?: Pick<BarcodeViews, 'views' | 'templateView'>;
};

/** The catalogue's products by GTIN (8 digits stored may be a UPC-E's, which the reader gives as its UPC-A's). */
function catalogueCodes(options: RecogniseOptions): Map<string, string[]> {
  const catalogue = new Map<string, string[]>();
  for (const product of options.products.values())
    for (const gtin of product.barcode ? gtinsOfPrintedCode(product.barcode) : [])
      catalogue.set(gtin, [...(catalogue.get(gtin) ?? []), product.id]);
  return catalogue;
}

function scored(
  reads: readonly BarcodeRead[],
  catalogue: ReadonlyMap<string, string[]>,
  views: BarcodeEvidence['views'],
): StrategyResult<BarcodeEvidence> {
  const scores = new Map<string, number>();
  const barcodes: string[] = [];
  const unknownCodes: string[] = [];
  for (const read of reads) {
    barcodes.push(read.gtin);
    for (const id of catalogue.get(read.gtin) ?? []) scores.set(id, barcodeScore(true));
    if (!catalogue.has(read.gtin) && !isInStoreCode(read.gtin)) unknownCodes.push(read.gtin);
  }
  return { scores, evidence: { barcodes, unknownCodes, ...(views ? { views } : {}) } };
}

export const barcodeStrategy: PhotoStrategy<BarcodeEvidence> = async ({ image, options, settings }) => {
  const catalogue = catalogueCodes(options);
  // The text is read after the code when the mode reads text (and no catalogue code stops it).
  const digitsFollow =
    settings.barcodeEffort === 'photo' &&
    options.text !== undefined &&
    Boolean(settings.textDetectorSide) &&
    !(options.disable ?? []).includes('text');
  // A catalogue without codes is no catalogue to the reader (its template view reads only for one).
  const views = await readRetailBarcodeViews(image, {
    effort: settings.barcodeEffort,
    ...(catalogue.size > 0
      ? {
          known: (gtin: string) => catalogue.has(gtin),
          knownEan8: [...catalogue.keys()].some((gtin) => gtin.length === 8),
        }
      : {}),
    ...(digitsFollow ? { digitsFollow } : {}),
  });
  return scored(views.reads, catalogue, digitsFollow ? views : undefined);
};

/**
 * The barcode strategy's answer once the photo's text was read: when no view of the bars gave a maker's code,
 * the digits printed under a code are one more view (`decideWithPrintedDigits`) — a code the templates alone
 * read on a blurred photo stands when its printed digits were read too.
 */
export function withPrintedDigits(
  barcode: StrategyResult<BarcodeEvidence>,
  lines: readonly TextLine[],
  options: RecogniseOptions,
): StrategyResult<BarcodeEvidence> {
  const { barcodes, views } = barcode.evidence;
  if (!views || lines.length === 0 || barcodes.some((gtin) => !isInStoreCode(gtin))) return barcode;
  const catalogue = catalogueCodes(options);
  const reads = decideWithPrintedDigits(views, printedDigitRuns(lines), (gtin) => catalogue.has(gtin));
  return scored(reads, catalogue, views);
}
