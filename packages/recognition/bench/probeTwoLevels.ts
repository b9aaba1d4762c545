import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Sharp } from 'sharp';
import { gtinsOfPrintedCode } from '../src/gtin.js';
import { resizeImage, rotateImage, toGrey, type RgbaImage } from '../src/image.js';
import { readByTemplates } from '../src/eanTemplate.js';
import { readCsv } from './csv.js';
import { decodeImageFile, outOfFocus, recompressed, rgbaOf, sharpOf } from './decode.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    scale: { type: 'string', default: '1' },
    blur: { type: 'string', default: '0' },
    defocus: { type: 'string', default: '0' },
    quality: { type: 'string' },
    rotate: { type: 'string', default: '0' },
    pipeline: { type: 'string' },
  },
});
const [scale, blur, defocus, rotate] = [
  Number(args.scale),
  Number(args.blur),
  Number(args.defocus),
  Number(args.rotate),
];
async function imitated(image: RgbaImage): Promise<RgbaImage> {
  const raw = async (s: Sharp) => rgbaOf(await s.raw().toBuffer({ resolveWithObject: true }));
  let out = image;
  if (scale !== 1)
    out = await raw(sharpOf(out).resize(Math.round(out.width * scale), Math.round(out.height * scale)));
  if (defocus > 0) out = await outOfFocus(out, defocus);
  if (blur > 0) out = await raw(sharpOf(out).blur(blur));
  if (args.quality) out = await recompressed(out, Number(args.quality));
  if (rotate) out = rotateImage(out, rotate).image;
  return out;
}
import { readFileSync } from 'node:fs';
const unread = new Set<string>();
if (args.pipeline) {
  const t = readFileSync(args.pipeline, 'utf8');
  const j = JSON.parse(t.slice(t.indexOf('{')));
  const b = j.barcodes;
  for (const u of (b.scales ? (Object.values(b.scales)[0] as any) : b).unread) unread.add(u);
}
const read = (img: RgbaImage) => readByTemplates(toGrey(img), img.width, img.height, { ean8: true });
const counts: Record<string, { right: number; added: number; wrong: string[] }> = {};
const add = (k: string, code: string | undefined, expected: string[], path: string) => {
  const c = (counts[k] ??= { right: 0, added: 0, wrong: [] });
  if (!code) return;
  if (expected.includes(code)) {
    c.right++;
    if (unread.has(path)) c.added++;
  } else c.wrong.push(`${path}:${code}`);
};
const norm = (c: string) => (c.length === 12 ? '0' + c : c);
for (const row of readCsv(join(args.data!, 'barcodes.csv'))) {
  const image = await imitated(await decodeImageFile(join(args.data!, row.path!)));
  const expected = gtinsOfPrintedCode(row.expected!);
  const a = read(image);
  const long = Math.max(image.width, image.height);
  const f = long <= 750 ? 2 : 0.5;
  const b = read(resizeImage(image, Math.round(image.width * f), Math.round(image.height * f)));
  const f2 = long <= 750 ? 1.5 : 0.75;
  const c = read(resizeImage(image, Math.round(image.width * f2), Math.round(image.height * f2)));
  const [a0, b0, c0] = [a[0], b[0], c[0]];
  add('A', a0 && a0.code, expected, row.path!);
  add('B', b0 && b0.code, expected, row.path!);
  add('C', c0 && c0.code, expected, row.path!);
  add('A&B', a0 && b0 && a0.code === b0.code ? a0.code : undefined, expected, row.path!);
  add('A&C', a0 && c0 && a0.code === c0.code ? a0.code : undefined, expected, row.path!);
  add('B&C', b0 && c0 && b0.code === c0.code ? b0.code : undefined, expected, row.path!);
  const votes = [a0, b0, c0].filter(Boolean).map((r) => r!.code);
  const two = votes.find((v) => votes.filter((w) => w === v).length >= 2);
  add(
    '2of3',
    two &&
      votes.every(
        (v) => v === two || votes.filter((w) => w === two).length > 2 * votes.filter((w) => w === v).length,
      )
      ? two
      : undefined,
    expected,
    row.path!,
  );
  add('A>=6', a0 && a0.rows >= 6 ? a0.code : undefined, expected, row.path!);
}
console.log(JSON.stringify({ scale, blur, defocus, quality: args.quality, rotate, counts }));
