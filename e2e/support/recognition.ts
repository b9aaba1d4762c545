// Helpers of the recognition specs: a textured product pack, an EAN-13 and a UPC-E (bwip-js), filmed by the fake
// camera.
import { expect, type Locator, type Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LABELS, SAMPLE, yuv420Frame } from './catalog';
import { expectControlsInside } from './layout';
import { fill, openApp, openCapture, screenshotPath, tapCentre, words, type Lang } from './sale';

type Rgb = readonly [number, number, number];

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;
export const PACK_WIDTH = 240;
export const PACK_HEIGHT = 300;
const PACK_LEFT = (FRAME_WIDTH - PACK_WIDTH) / 2;
const PACK_TOP = (FRAME_HEIGHT - PACK_HEIGHT) / 2;
const COUNTER: Rgb = [34, 31, 29];

/** The code the barcode video shows (a valid EAN-13). */
export const FILMED_BARCODE = '4006381333931';

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A product pack as RGB bytes: random coloured rectangles and discs on white (printed packaging is rich in
 * corners, which keypoint matching needs). The same bytes become the product's photo and the filmed pack.
 */
export function packPixels(seed = 7): Uint8Array {
  const rand = seeded(seed);
  const data = new Uint8Array(PACK_WIDTH * PACK_HEIGHT * 3).fill(255);
  for (let s = 0; s < 120; s++) {
    const colour = [rand() * 255, rand() * 255, rand() * 255].map(Math.round);
    const cx = rand() * PACK_WIDTH;
    const cy = rand() * PACK_HEIGHT;
    const r = 4 + rand() * 20;
    const disc = rand() < 0.5;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(PACK_HEIGHT, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(PACK_WIDTH, cx + r); x++) {
        if (disc && (x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        data.set(colour, (y * PACK_WIDTH + x) * 3);
      }
    }
  }
  return data;
}

function packScene(): (x: number, y: number) => Rgb {
  const pack = packPixels();
  return (x, y) => {
    const px = x - PACK_LEFT;
    const py = y - PACK_TOP;
    if (px < 0 || py < 0 || px >= PACK_WIDTH || py >= PACK_HEIGHT) return COUNTER;
    const i = (py * PACK_WIDTH + px) * 3;
    return [pack[i]!, pack[i + 1]!, pack[i + 2]!];
  };
}

/**
 * The digits printed under the UPC-E the dark-pack video shows, as a shopkeeper types them (the reader gives
 * the GTIN-13 of its UPC-A, 0042100005264).
 */
export const FILMED_UPC_E = '04252614';

/**
 * A label with a code drawn from bwip-js's bar widths, 4 px per module, on the counter: the EAN-13 in black on
 * white, or (`dark`) a UPC-E's bars printed light on a dark pack.
 */
function barcodeScene(
  { bcid, text, dark }: { bcid: 'ean13' | 'upce'; text: string; dark: boolean } = {
    bcid: 'ean13',
    text: FILMED_BARCODE,
    dark: false,
  },
): (x: number, y: number) => Rgb {
  const [symbol] = bwipjs.raw(bcid, text) as unknown as { sbs: number[] }[];
  const ink: Rgb = dark ? [235, 225, 200] : [20, 20, 20];
  const paper: Rgb = dark ? [40, 30, 70] : [250, 250, 250];
  const module = 4;
  const bars: boolean[] = [];
  symbol!.sbs.forEach((width, i) => {
    for (let k = 0; k < width * module; k++) bars.push(i % 2 === 0);
  });
  const labelWidth = bars.length + 2 * 12 * module;
  const left = Math.round((FRAME_WIDTH - labelWidth) / 2);
  const top = 120;
  const height = 240;
  return (x, y) => {
    if (x < left || x >= left + labelWidth || y < top || y >= top + height) return COUNTER;
    const bar = bars[x - left - 12 * module];
    return bar && y >= top + 30 && y < top + height - 30 ? ink : paper;
  };
}

/**
 * The same label's code as a phone held too close films it: `pixelsPerModule` px a module (the code 143 px
 * wide) and blurred by a Gaussian of `sigma` px, so that its narrow bars are grey: the library reads nothing
 * (a photo's every pass neither), the blurred templates read it.
 */
function blurredBarcodeScene(pixelsPerModule = 1.5, sigma = 1.2): (x: number, y: number) => Rgb {
  const [symbol] = bwipjs.raw('ean13', FILMED_BARCODE) as unknown as { sbs: number[] }[];
  const modules: boolean[] = [];
  symbol!.sbs.forEach((width, i) => {
    for (let k = 0; k < width; k++) modules.push(i % 2 === 0);
  });
  const quiet = 12;
  const labelWidth = Math.round((modules.length + 2 * quiet) * pixelsPerModule);
  const left = Math.round((FRAME_WIDTH - labelWidth) / 2);
  const top = 150;
  const height = 180;
  // Darkness across the label: each pixel's share of bar (10 samples a pixel), then the Gaussian.
  const covered = Array.from({ length: labelWidth }, (_, x) => {
    let bar = 0;
    for (let s = 0; s < 10; s++) {
      const module = Math.floor((x + (s + 0.5) / 10) / pixelsPerModule) - quiet;
      if (modules[module]) bar++;
    }
    return bar / 10;
  });
  const reach = Math.ceil(3 * sigma);
  const weights = Array.from({ length: 2 * reach + 1 }, (_, k) =>
    Math.exp(-((k - reach) ** 2) / (2 * sigma ** 2)),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const darkness = covered.map(
    (_, x) =>
      weights.reduce(
        (sum, w, k) => sum + w * (covered[Math.min(labelWidth - 1, Math.max(0, x + k - reach))] ?? 0),
        0,
      ) / total,
  );
  return (x, y) => {
    if (x < left || x >= left + labelWidth || y < top || y >= top + height) return COUNTER;
    const dark = y >= top + 20 && y < top + height - 20 ? darkness[x - left]! : 0;
    const grey = Math.round(250 - 230 * dark);
    return [grey, grey, grey];
  };
}

function writeVideo(path: string, scene: (x: number, y: number) => Rgb): string {
  if (existsSync(path)) return path;
  const header = Buffer.from(`YUV4MPEG2 W${FRAME_WIDTH} H${FRAME_HEIGHT} F15:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = yuv420Frame(scene, FRAME_WIDTH, FRAME_HEIGHT);
  const frames = Array.from({ length: 3 }, () => [Buffer.from('FRAME\n', 'ascii'), frame]).flat();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat([header, ...frames]));
  return path;
}

/** Fake camera file filming the pack on the counter. */
export const writePackVideo = () => writeVideo(join(tmpdir(), 'hanouti-e2e-pack-v1.y4m'), packScene());
/** Fake camera file filming the EAN-13 label. */
export const writeBarcodeVideo = () => writeVideo(join(tmpdir(), 'hanouti-e2e-ean13-v1.y4m'), barcodeScene());
/** Fake camera file filming a UPC-E printed light on a dark pack. */
export const writeDarkUpcEVideo = () =>
  writeVideo(
    join(tmpdir(), 'hanouti-e2e-upce-dark-v1.y4m'),
    barcodeScene({ bcid: 'upce', text: FILMED_UPC_E, dark: true }),
  );
/** Fake camera file filming the same label blurred (`blurredBarcodeScene`). */
export const writeBlurredBarcodeVideo = () =>
  writeVideo(join(tmpdir(), 'hanouti-e2e-ean13-blurred-v1.y4m'), blurredBarcodeScene());

/**
 * The pack as a PNG file, encoded by the browser's canvas from the same bytes the camera films; another seed
 * gives another pack of the same style (a product the camera does not film).
 */
export async function packPng(page: Page, seed = 7): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ rgb, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      const image = context.createImageData(width, height);
      for (let p = 0; p < width * height; p++) {
        image.data.set([rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!, 255], p * 4);
      }
      context.putImageData(image, 0, 0);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { rgb: [...packPixels(seed)], width: PACK_WIDTH, height: PACK_HEIGHT },
  );
  return Buffer.from(base64, 'base64');
}

/**
 * The filmed code (`storedCode`, as the shopkeeper types it: the EAN-13 by default) given to the sample oil,
 * the capture opened: the live preview adds the oil to the cart once (held still in front of the camera, it is
 * not added once per frame). `screenshot` names the page's picture.
 */
export async function expectFilmedBarcodeAdded(
  page: Page,
  lang: Lang,
  screenshot: string,
  storedCode = FILMED_BARCODE,
): Promise<void> {
  const W = words[lang];
  const L = LABELS[lang];
  await openApp(page, lang, '#/catalog');
  await page.getByRole('button', { name: L.edit(SAMPLE.oil) }).click();
  const form = page.getByRole('dialog', { name: L.editProduct });
  await form.getByLabel(lang === 'fr' ? 'Code-barres' : 'الرمز الشريطي', { exact: true }).fill(storedCode);
  await page.getByRole('button', { name: L.save, exact: true }).click();
  await expect(form).toBeHidden();

  // A new sale opens on the camera by itself once it is allowed; before that, IA photo is tapped.
  const flow = await openCapture(page, lang);
  await expect(page.getByText(fill(W.sale.capture.scanned, { name: SAMPLE.oil })).first()).toBeVisible({
    timeout: 60_000,
  });
  await page.screenshot({ path: screenshotPath(lang, screenshot) });
  await expectControlsInside(page, `${lang} ${screenshot}`);
  await flow.getByRole('button', { name: W.sale.capture.close }).click();
  const cart = page.getByRole('list', { name: W.shell.sale.cart });
  await expect(cart.getByText(SAMPLE.oil)).toBeVisible();
  await expect(cart.getByRole('listitem')).toHaveCount(1);
}

/**
 * One photo taken on the capture screen (`flow`) and analysed: the review dialog and its first row, once shown.
 * Taps by screen position, as a finger does.
 */
export async function photographOnce(
  page: Page,
  lang: Lang,
  flow: Locator,
): Promise<{ review: Locator; row: Locator }> {
  const W = words[lang];
  const capture = W.sale.capture;
  const shutter = flow.getByRole('button', { name: capture.shutter });
  await expect(shutter).toBeEnabled({ timeout: 30_000 });
  await tapCentre(page, shutter);
  await expect(flow.getByText(fill(capture.counter, { count: 1, max: 3 }))).toBeVisible();
  await tapCentre(page, flow.getByRole('button', { name: W.shell.sale.analyse }));
  const review = page.getByRole('dialog', { name: W.shell.sale.review });
  const row = review.getByRole('list', { name: W.shell.sale.review }).getByRole('listitem').first();
  await expect(row).toBeVisible({ timeout: 90_000 });
  return { review, row };
}
