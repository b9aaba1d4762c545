// `npx tsx bench/arabicText.ts [--n 120] [--seed 1] [--padding 0.4,0.7] [--upright 0,0.15]`: Arabic product
// names rendered on pack-like images (seeded: words, fonts of `fc-list :lang=ar`, sizes, slight rotation,
// blur, noise), found by PP-OCR's detector and read by tesseract `ara` (arabicText.ts). Reports the share of
// lines the detector finds, word accuracy (exact after normaliseText, and similarity ≥ 0.8), ms per line,
// model load time, the size of the files the app downloads, and Latin lines wrongly kept as Arabic.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  ARABIC_DETECTOR_SIDE,
  ARABIC_LINES,
  ARABIC_LINE_PADDING,
  arabicLine,
  arabicLineImage,
  startTesseractArabic,
  UPRIGHT_BELOW,
  type LineRecogniser,
} from '../src/arabicText.js';
import type { RgbaImage } from '../src/image.js';
import { arabicModelFiles, loadOcrModels, provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { createTextReader, type Point } from '../src/ocr.js';
import { seededRandom } from '../src/random.js';
import { texturedPack } from '../src/testImages.js';
import { normaliseText, textTokens, wordSimilarity, WORD_MATCH_SIMILARITY } from '../src/textMatch.js';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '120' },
    seed: { type: 'string', default: '1' },
    padding: { type: 'string', default: String(ARABIC_LINE_PADDING) },
    upright: { type: 'string', default: String(UPRIGHT_BELOW) },
  },
});
const count = Number(args.n);
const list = (text: string) => text.split(',').map(Number);

/** Common words of a Moroccan grocery's shelves (names and kinds of products). */
const WORDS = [
  'حليب',
  'زيت',
  'سكر',
  'دقيق',
  'شاي',
  'قهوة',
  'أرز',
  'عدس',
  'حمص',
  'ماء',
  'صابون',
  'زبدة',
  'جبن',
  'بيض',
  'ملح',
  'خميرة',
  'طماطم',
  'مربى',
  'عصير',
  'معكرونة',
  'شعرية',
  'كسكس',
  'سميد',
  'فول',
  'لوبيا',
  'بسكويت',
  'شوكولاتة',
  'حلوى',
  'زيتون',
  'تمر',
  'عسل',
  'خل',
  'كمون',
  'فلفل',
  'قرفة',
  'نعناع',
  'منظف',
  'مناديل',
  'سردين',
  'تونة',
  'لبن',
  'رايب',
  'صلصة',
  'بطاطس',
];
const LATIN = ['Lait Centrale', 'Huile Lesieur', 'Sucre Cosumar', 'Thé Sultan', 'Pâtes Dari', 'Savon Taous'];

/** Families with Arabic glyphs on this machine, with a weight each (bold where the family has it). */
function arabicFonts(): { family: string; weight: string }[] {
  const out = execFileSync('fc-list', [':lang=ar', 'family', 'style'], { encoding: 'utf8' });
  const fonts = new Map<string, { family: string; weight: string }>();
  for (const line of out.trim().split('\n')) {
    const [families, styles = ''] = line.split(':style=');
    const family = families!.split(',').at(-1)!.trim();
    const weight = /bold/i.test(styles) ? 'bold' : 'normal';
    fonts.set(`${family}/${weight}`, { family, weight });
  }
  return [...fonts.values()];
}

type Sample = {
  image: RgbaImage;
  text: string;
  band: { cx: number; cy: number; w: number; h: number; angle: number };
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A pack (textured, 480 × 360) with a label band carrying `text`, turned, blurred and noised. */
async function renderSample(
  seed: number,
  text: string,
  fonts: { family: string; weight: string }[],
): Promise<Sample> {
  const rand = seededRandom(seed * 7919 + 17);
  const [width, height] = [480, 360];
  const pack = texturedPack(seed, width, height);
  const font = fonts[Math.floor(rand() * fonts.length)]!;
  const size = [24, 32, 44, 60][Math.floor(rand() * 4)]!;
  const angle = (rand() * 2 - 1) * 4;
  const w = Math.min(width - 20, size * 0.62 * text.length + size);
  const h = size * 1.9;
  const cx = width / 2 + (rand() * 2 - 1) * (width - w) * 0.3;
  const cy = height * (0.3 + rand() * 0.4);
  const hue = Math.floor(rand() * 360);
  const ink = rand() < 0.75 ? '#1b1b2a' : `hsl(${(hue + 180) % 360}, 70%, 22%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <g transform="rotate(${angle.toFixed(2)} ${cx} ${cy})">
      <rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${size / 4}" fill="hsl(${hue}, 60%, 88%)"/>
      <text x="${cx}" y="${cy + size * 0.35}" text-anchor="middle" font-family="${font.family}" font-weight="${font.weight}" font-size="${size}" fill="${ink}">${escape(text)}</text>
    </g></svg>`;
  const blur = rand() * 1.2;
  let pipeline = sharp(Buffer.from(pack.data), { raw: { width, height, channels: 4 } }).composite([
    { input: Buffer.from(svg) },
  ]);
  if (blur > 0.3)
    pipeline = sharp(await pipeline.raw().toBuffer(), { raw: { width, height, channels: 4 } }).blur(blur);
  const data = new Uint8ClampedArray(await pipeline.raw().toBuffer());
  const noise = rand() * 12;
  for (let i = 0; i < data.length; i++) if (i % 4 !== 3) data[i] = data[i]! + (rand() * 2 - 1) * noise;
  return { image: { width, height, data }, text, band: { cx, cy, w, h, angle } };
}

/** True when the box's centre lies on the label band. */
function onBand(box: readonly Point[], band: Sample['band']): boolean {
  const x = box.reduce((s, p) => s + p.x / 4, 0) - band.cx;
  const y = box.reduce((s, p) => s + p.y / 4, 0) - band.cy;
  const a = (-band.angle * Math.PI) / 180;
  const u = x * Math.cos(a) - y * Math.sin(a);
  const v = x * Math.sin(a) + y * Math.cos(a);
  return Math.abs(u) <= band.w / 2 && Math.abs(v) <= band.h / 2;
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

provideOpenCvFromNodeModules();
const fonts = arabicFonts();
if (fonts.length === 0) throw new Error('no font with Arabic glyphs (fc-list :lang=ar)');
const rand = seededRandom(Number(args.seed));
const samples: Sample[] = [];
for (let i = 0; i < count; i++) {
  const words = Array.from({ length: rand() < 0.5 ? 1 : 2 }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
  samples.push(await renderSample(Number(args.seed) * 1000 + i, words.join(' '), fonts));
}
const latin = await Promise.all(LATIN.map((text, i) => renderSample(5000 + i, text, fonts)));

const ocr = await createTextReader(await loadOcrModels());
const started = performance.now();
const tesseract = await startTesseractArabic(arabicModelFiles());
const loadMs = performance.now() - started;
const lineTimes: number[] = [];
const timed: LineRecogniser = {
  async recognise(image) {
    const t = performance.now();
    const words = await tesseract.recognise(image);
    lineTimes.push(performance.now() - t);
    return words;
  },
  terminate: () => tesseract.terminate(),
};

// Detector once per image, at the side and line count recogniseProduct uses for Arabic lines.
const detected = new Map<Sample, Point[][]>();
let found = 0;
let ppocrRead = 0;
for (const sample of [...samples, ...latin]) {
  const boxes = await ocr.detect(sample.image, {
    detectorSide: ARABIC_DETECTOR_SIDE,
    maxLines: ARABIC_LINES,
  });
  detected.set(sample, boxes);
  if (samples.includes(sample) && boxes.some((box) => onBand(box, sample.band))) found++;
  if (samples.includes(sample)) {
    const lines = await ocr.recognise(
      sample.image,
      boxes.filter((box) => onBand(box, sample.band)),
    );
    if (lines.length > 0) ppocrRead++;
  }
}

console.log(
  `fonts: ${fonts.map((f) => `${f.family} ${f.weight}`).join(', ')}; ${count} names, ${latin.length} Latin lines`,
);
console.log(
  `PP-OCR's detector finds the Arabic line on ${found}/${count} (${((100 * found) / count).toFixed(1)} %)`,
);
console.log(`PP-OCR's own recogniser returns some line (≥ 0.5) on the band for ${ppocrRead}/${count}`);
console.log(`tesseract ara load: ${loadMs.toFixed(0)} ms`);

for (const padding of list(args.padding))
  for (const uprightBelow of list(args.upright)) {
    lineTimes.length = 0;
    let words = 0;
    let exact = 0;
    let fuzzy = 0;
    let namesExact = 0;
    for (const sample of samples) {
      const read: string[] = [];
      for (const box of detected.get(sample)!) {
        const line = arabicLine(
          await timed.recognise(arabicLineImage(sample.image, box, { padding, uprightBelow })),
          box,
        );
        if (line) read.push(...normaliseText(line.text).split(' '));
      }
      const expected = normaliseText(sample.text).split(' ');
      let all = true;
      for (const word of expected) {
        words++;
        if (read.includes(word)) exact++;
        else all = false;
        if (read.some((r) => wordSimilarity(r, word) >= WORD_MATCH_SIMILARITY)) fuzzy++;
      }
      if (all) namesExact++;
      else if (process.env.SHOW)
        console.log(
          `  ${sample.text} → ${read.join(' ')} (${detected.get(sample)!.filter((b) => onBand(b, sample.band)).length} boxes on the band)`,
        );
    }
    let latinKept = 0;
    for (const sample of latin)
      for (const box of detected.get(sample)!) {
        const line = arabicLine(
          await tesseract.recognise(arabicLineImage(sample.image, box, { padding, uprightBelow })),
          box,
        );
        if (line && textTokens(line.text).length > 0) latinKept++;
      }
    console.log(
      `padding ${padding}, upright below ${uprightBelow} rad: words exact ${exact}/${words} (${((100 * exact) / words).toFixed(1)} %), ` +
        `similarity ≥ ${WORD_MATCH_SIMILARITY} ${fuzzy}/${words} (${((100 * fuzzy) / words).toFixed(1)} %), whole names ${namesExact}/${count}; ` +
        `ms per line median ${percentile(lineTimes, 0.5).toFixed(0)} / p95 ${percentile(lineTimes, 0.95).toFixed(0)} (${lineTimes.length} lines); ` +
        `Latin lines kept as Arabic ${latinKept}`,
    );
  }

const require = createRequire(import.meta.url);
const files = [
  require.resolve('tesseract.js/dist/worker.min.js'),
  join(dirname(require.resolve('tesseract.js-core/package.json')), 'tesseract-core-simd-lstm.js'),
  join(dirname(require.resolve('tesseract.js-core/package.json')), 'tesseract-core-simd-lstm.wasm'),
  join(arabicModelFiles().langPath, 'ara.traineddata.gz'),
];
const sizes = files.map((file) => [file.split('node_modules/')[1], statSync(file).size] as const);
for (const [file, size] of sizes) console.log(`  ${file}: ${(size / 1e6).toFixed(2)} MB`);
console.log(
  `downloaded by the app for Arabic: ${(sizes.reduce((s, [, b]) => s + b, 0) / 1e6).toFixed(2)} MB`,
);
await tesseract.terminate();
await ocr.release();
