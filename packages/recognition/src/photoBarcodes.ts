// The codes on a photo read as the app's photo modes read them, for a caller that wants the codes alone (the
// server's /api/ai/barcode, the barcode bench): the bars' views (barcode.ts), then — when none gave a maker's
// code — the photo's text read with the balanced mode's settings, the digits printed under a code one more
// view of it (printedDigits.ts). A photo whose bars gave the maker's code is never read for text.
import {
  decideWithPrintedDigits,
  isInStoreCode,
  readRetailBarcodeViews,
  type BarcodeRead,
  type ReadBarcodeOptions,
} from './barcode.js';
import type { RgbaImage } from './image.js';
import type { ReadTextOptions, TextReader } from './ocr.js';
import { printedDigitRuns } from './printedDigits.js';
import { PRECISION_SETTINGS, textReadOptions } from './strategies/strategy.js';

/** The balanced mode's text reading (textStrategy.ts), which reads the digits under a code in the app. */
export function printedDigitsTextOptions(): ReadTextOptions {
  return textReadOptions(PRECISION_SETTINGS.balanced) ?? { detectorSide: 960 };
}

export type PhotoBarcodes = {
  /** The codes accepted, the product's first (a price label never before a maker's code). */
  reads: BarcodeRead[];
  /** Whether the text was read: no view of the bars gave a maker's code. */
  textRead: boolean;
  /** Whether a maker's code stands only with its printed digits (no view of the bars gave it alone). */
  byPrintedDigits: boolean;
};

/**
 * The retail codes on a photo (`readRetailBarcodeViews`, `photo` effort), with the digits printed under them
 * as one more view when no view of the bars gave a maker's code (`decideWithPrintedDigits`). Without a
 * `reader`, the bars alone. `known`: the catalogue's codes, which the template view may read alone.
 */
export async function readPhotoBarcodes(
  image: RgbaImage,
  options: Pick<ReadBarcodeOptions, 'known' | 'knownEan8'> & { reader?: Pick<TextReader, 'read'> } = {},
): Promise<PhotoBarcodes> {
  const { reader, ...known } = options;
  const bars = await readRetailBarcodeViews(image, {
    effort: 'photo',
    ...known,
    ...(reader ? { digitsFollow: true } : {}),
  });
  const makerRead = (reads: readonly BarcodeRead[]) => reads.some((read) => !isInStoreCode(read.gtin));
  if (!reader || makerRead(bars.reads)) return { reads: bars.reads, textRead: false, byPrintedDigits: false };
  const lines = await reader.read(image, printedDigitsTextOptions());
  const reads = decideWithPrintedDigits(bars, printedDigitRuns(lines), options.known);
  return { reads, textRead: true, byPrintedDigits: makerRead(reads) };
}
