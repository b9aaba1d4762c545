// ESC/POS bytes of a ticket rendered as a bitmap: raster bands, a feed and a cut, for any 58 or 80 mm printer.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { PAPER, type PaperWidth } from './paper';

/** RGBA pixels, as `getImageData` gives them (browser canvas or @napi-rs/canvas). */
export type TicketBitmap = { data: Uint8ClampedArray; width: number; height: number };

/**
 * Rows per GS v 0 command. Cheap printers have small receive buffers; bands of 240 rows (a multiple
 * of 8, so no white padding appears between them) keep each command under 18 KB on 80 mm paper.
 */
export const BAND_ROWS = 240;
/** Blank lines fed after the ticket so that its end clears the tear bar. */
export const FEED_LINES = 4;

function band(bitmap: TicketBitmap, top: number, rows: number): TicketBitmap {
  const stride = bitmap.width * 4;
  return {
    data: bitmap.data.slice(top * stride, (top + rows) * stride),
    width: bitmap.width,
    height: rows,
  };
}

/**
 * Encodes the bitmap for the paper: initialise, the image in raster bands (thresholded at 128: the
 * ticket is black text on white), feed and partial cut (printers without a cutter ignore it).
 * The bitmap must be exactly the paper's printable width.
 */
export function encodeTicketBitmap(bitmap: TicketBitmap, paper: PaperWidth): Uint8Array {
  const { dots, columns } = PAPER[paper];
  if (bitmap.width !== dots) {
    throw new RangeError(
      `Le ticket fait ${bitmap.width} points de large, le papier ${paper} mm en attend ${dots}`,
    );
  }
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    imageMode: 'raster',
    feedAfterBlock: false,
  });
  encoder.initialize();
  for (let top = 0; top < bitmap.height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, bitmap.height - top);
    // A plain {data, width, height} object: the encoder copies it into its own ImageData in any environment.
    encoder.image(
      { ...band(bitmap, top, rows) },
      { width: dots, height: rows, algorithm: 'threshold', threshold: 128 },
    );
  }
  encoder.newline(FEED_LINES);
  encoder.cut('partial');
  return encoder.encode();
}
