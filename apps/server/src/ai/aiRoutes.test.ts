import { hasValidCheckDigit } from '@hanouti/core';
import { seededRandom } from '@hanouti/recognition';
import fc from 'fast-check';
import bwipjs from 'bwip-js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { buildApp } from '../http/app.js';
import { signUpShop, stayingSignedIn, type TestDevice } from '../testing/shopHarness.js';
import { MAX_REFERENCE_IMAGES } from './aiRoutes.js';

/** A pack-like picture: random coloured rectangles and discs on white, rich in keypoints. */
function texturedPack(seed: number, width = 320, height = 400): Buffer {
  const rand = seededRandom(seed);
  const data = Buffer.alloc(width * height * 3, 255);
  for (let s = 0; s < 140; s++) {
    const colour = [rand() * 255, rand() * 255, rand() * 255];
    const cx = rand() * width;
    const cy = rand() * height;
    const r = 4 + rand() * 22;
    const disc = rand() < 0.5;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++) {
        if (disc && (x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        data.set(colour, (y * width + x) * 3);
      }
    }
  }
  return data;
}

const packPng = (seed: number) =>
  sharp(texturedPack(seed), { raw: { width: 320, height: 400, channels: 3 } })
    .png()
    .toBuffer();

/** Packs placed on the dark counter the app asks for, as a JPEG photo. */
async function counterPhoto(
  packs: { seed: number; left: number; top: number; scale: number }[],
): Promise<Buffer> {
  const layers = await Promise.all(
    packs.map(async ({ seed, left, top, scale }) => ({
      input: await sharp(await packPng(seed))
        .resize(Math.round(320 * scale))
        .toBuffer(),
      left,
      top,
    })),
  );
  return sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 35, g: 32, b: 30 } } })
    .composite(layers)
    .jpeg({ quality: 90 })
    .toBuffer();
}

const base64 = (bytes: Buffer) => bytes.toString('base64');

/** Generated real images: flat, noise or bar-like stripes; small, or strips as long as the bounds allow. */
const side = (min: number, max: number) => fc.integer({ min, max });
const generatedPicture = fc.record({
  // Small pictures, and strips as long as the bounds allow (4,096 × 3,072) and a few pixels thin.
  size: fc.oneof(
    fc.tuple(side(1, 360), side(1, 240)),
    fc.tuple(side(1000, 4096), side(1, 12)),
    fc.tuple(side(1, 12), side(1000, 3072)),
  ),
  kind: fc.constantFrom('flat', 'noise', 'stripes'),
  seed: fc.integer(),
  jpeg: fc.boolean(),
});

async function pictureBytes({
  size: [width, height],
  kind,
  seed,
  jpeg,
}: typeof generatedPicture extends fc.Arbitrary<infer T> ? T : never): Promise<Buffer> {
  const rand = seededRandom(seed);
  const data = Buffer.alloc(width * height * 3, 255);
  const bars = Array.from({ length: width }, () => (rand() < 0.5 ? 0 : 255));
  for (let i = 0; i < width * height; i++) {
    const value = kind === 'flat' ? 128 : kind === 'noise' ? rand() * 255 : bars[i % width]!;
    data.fill(value, i * 3, i * 3 + 3);
  }
  const raw = sharp(data, { raw: { width, height, channels: 3 } });
  return (jpeg ? raw.jpeg() : raw.png()).toBuffer();
}

/** Bounded for CI: FUZZ_RUNS raises it for a longer hunt (as the HTTP fuzz tests). */
const IMAGE_RUNS = Number(process.env.FUZZ_RUNS ?? 20);

describe('/api/ai on generated images', () => {
  let database: DatabaseHandle;
  let server: FastifyInstance;
  let shop: TestDevice;
  /** The AI routes are called as a signed-in phone calls them. */
  const app = {
    inject: async (options: InjectOptions) => {
      await stayingSignedIn(server, shop);
      return server.inject({ ...options, headers: { ...options.headers, ...shop.headers } });
    },
  };

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    server = await buildApp({ database, authRateLimit: { max: 1000, timeWindow: 60_000 } });
    shop = await signUpShop(server);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('reads an EAN-13 rendered by bwip-js', async () => {
    const png = await bwipjs.toBuffer({
      bcid: 'ean13',
      text: '4006381333931',
      scale: 3,
      paddingwidth: 12,
      paddingheight: 12,
      height: 20,
      includetext: true,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai/barcode',
      payload: { image: base64(png) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ barcode: '4006381333931', barcodes: ['4006381333931'] });
  });

  it('reads a blurred code by the digits printed under it, and not without them', async () => {
    // bwip-js's EAN-13 at 4 px a module, resized to 1.8 px a module and blurred by σ 1.6 px: no pass of the
    // library reads its bars; the blurred templates do (one view), and PP-OCR reads its printed digits (a
    // second view on other pixels). With the digits painted over, the templates' read stands alone: no code.
    const png = await bwipjs.toBuffer({
      bcid: 'ean13',
      text: '5901234123457',
      scale: 4,
      height: 18,
      includetext: true,
      paddingwidth: 12,
      paddingheight: 12,
      backgroundcolor: 'FFFFFF',
    });
    const { width = 0 } = await sharp(png).metadata();
    const resized = await sharp(png)
      .resize(Math.round((width * 1.8) / 4))
      .png()
      .toBuffer();
    const blurred = await sharp(resized).blur(1.6).png().toBuffer();
    const { width: w = 0, height: h = 0 } = await sharp(blurred).metadata();
    // The digits lie under the bars, in the lowest fifth of the picture (the bars are 18 mm, the text ~3).
    const cover = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="0" y="${Math.round(h * 0.72)}" width="${w}" height="${h}" fill="#fff"/></svg>`,
    );
    const covered = await sharp(blurred)
      .composite([{ input: cover }])
      .png()
      .toBuffer();
    const read = async (image: Buffer) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/ai/barcode',
        payload: { image: base64(image) },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ barcode: string | null; barcodes: string[] }>();
    };
    expect(await read(blurred)).toEqual({ barcode: '5901234123457', barcodes: ['5901234123457'] });
    expect(await read(covered)).toEqual({ barcode: null, barcodes: [] });
  });

  it('answers any real image, of any size and content, with well-formed codes; the next request still reads', async () => {
    // Flat, noise and bar-like stripes, from 1 px to a long strip, as PNG or JPEG: the bars' views and (no maker's
    // code read) the OCR of the digits run on each; nothing fails, and any code given has its check digit.
    let device = await signUpShop(server);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(generatedPicture, async (picture) => {
        const image = await pictureBytes(picture);
        // A shop may ask 120 analyses a minute (`aiRateLimit`): a longer hunt spreads them over shops.
        if (++sent % 100 === 0) device = await signUpShop(server);
        const response = await server.inject({
          method: 'POST',
          url: '/api/ai/barcode',
          headers: device.headers,
          payload: { image: base64(image) },
        });
        expect(response.statusCode).toBe(200);
        const { barcode, barcodes } = response.json<{ barcode: string | null; barcodes: string[] }>();
        expect(barcode).toBe(barcodes[0] ?? null);
        for (const code of barcodes) expect(hasValidCheckDigit(code)).toBe(true);
      }),
      { numRuns: IMAGE_RUNS },
    );
    const png = await bwipjs.toBuffer({ bcid: 'ean13', text: '4006381333931', scale: 3, includetext: true });
    const after = await app.inject({
      method: 'POST',
      url: '/api/ai/barcode',
      payload: { image: base64(png) },
    });
    expect(after.json()).toEqual({ barcode: '4006381333931', barcodes: ['4006381333931'] });
  });

  it('reads text (fr, ar) and detects packs on any real image without failing: lines read, boxes inside it', async () => {
    let device = await signUpShop(server);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        generatedPicture,
        fc.constantFrom('ocr fr', 'ocr ar', 'detect'),
        async (picture, asked) => {
          const [route, lang] = asked.split(' ');
          if (++sent % 100 === 0) device = await signUpShop(server);
          const response = await server.inject({
            method: 'POST',
            url: `/api/ai/${route}`,
            headers: device.headers,
            payload: { image: base64(await pictureBytes(picture)), ...(lang ? { lang } : {}) },
          });
          expect(response.statusCode).toBe(200);
          if (route === 'ocr') {
            const { text, lines } = response.json<{ text: string; lines: { text: string }[] }>();
            expect(text).toBe(lines.map((line) => line.text).join('\n'));
            return;
          }
          const { detections } = response.json<{ detections: { bbox: number[] }[] }>();
          for (const { bbox } of detections) {
            const [x, y, w, h] = bbox as [number, number, number, number];
            expect(Math.min(x, y, w, h)).toBeGreaterThanOrEqual(0);
            expect(x + w).toBeLessThanOrEqual(1 + 1e-9);
            expect(y + h).toBeLessThanOrEqual(1 + 1e-9);
          }
        },
      ),
      { numRuns: Math.ceil(IMAGE_RUNS / 2) },
    );
  });

  it('matches any real crop against any catalogue part: candidates of the part only, scores in 0..1', async () => {
    // Names, brands and codes as a phone may send them (any text; ids that repeat), reference photos and crops
    // generated as above.
    const product = fc.record(
      {
        id: fc.constantFrom('p1', 'p2', 'p3', 'é', '0'),
        name: fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
        brand: fc.string({ maxLength: 20, unit: 'grapheme' }),
        category: fc.string({ maxLength: 20 }),
        barcode: fc.oneof(fc.string({ maxLength: 14 }), fc.stringMatching(/^\d{8,13}$/)),
        images: fc.array(generatedPicture, { maxLength: 2 }),
      },
      { requiredKeys: ['id', 'name', 'images'] },
    );
    let device = await signUpShop(server);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        generatedPicture,
        fc.array(product, { maxLength: 3 }),
        fc.integer({ min: 1, max: 20 }),
        async (crop, products, topK) => {
          if (++sent % 100 === 0) device = await signUpShop(server);
          const response = await server.inject({
            method: 'POST',
            url: '/api/ai/visual-match',
            headers: device.headers,
            payload: {
              crop_base64: base64(await pictureBytes(crop)),
              top_k: topK,
              products: await Promise.all(
                products.map(async (p) => ({
                  ...p,
                  images: await Promise.all(p.images.map(async (i) => base64(await pictureBytes(i)))),
                })),
              ),
            },
          });
          expect(response.statusCode).toBe(200);
          const { candidates, barcode } = response.json<{
            candidates: { product_id: string; score: number }[];
            barcode: string | null;
          }>();
          expect(candidates.length).toBeLessThanOrEqual(topK);
          const ids = new Set<string>(products.map((p) => p.id));
          for (const { product_id, score } of candidates) {
            expect(ids.has(product_id)).toBe(true);
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(1);
          }
          if (barcode !== null) expect(hasValidCheckDigit(barcode)).toBe(true);
        },
      ),
      { numRuns: Math.ceil(IMAGE_RUNS / 4) },
    );
  });

  it('answers no barcode, not an invented one, for a photo without any', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai/barcode',
      payload: { image: base64(await counterPhoto([{ seed: 3, left: 300, top: 100, scale: 1 }])) },
    });
    expect(response.json()).toEqual({ barcode: null, barcodes: [] });
  });

  it('detects each pack on the counter', async () => {
    const photo = await counterPhoto([
      { seed: 1, left: 60, top: 100, scale: 1 },
      { seed: 2, left: 560, top: 140, scale: 0.9 },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai/detect',
      payload: { image: base64(photo) },
    });
    expect(response.statusCode).toBe(200);
    const { detections } = response.json<{ detections: { bbox: number[] }[] }>();
    expect(detections).toHaveLength(2);
    const lefts = detections.map((d) => d.bbox[0]!).sort((a, b) => a - b);
    expect(lefts[0]).toBeCloseTo(60 / 960, 1);
    expect(lefts[1]).toBeCloseTo(560 / 960, 1);
  });

  it('detects a pack the colour of the counter by its print (text regions)', async () => {
    // Only a little lighter than the counter, its name in a muted grey: no object proposal, but PP-OCR's
    // detector finds the print (DejaVu Sans, Debian's fonts-dejavu-core).
    const darkPack = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="340">
         <rect width="300" height="340" fill="#2d2a27"/>
         <text x="30" y="150" font-family="DejaVu Sans" font-weight="bold" font-size="48" fill="#77716b">Dari</text>
         <text x="30" y="200" font-family="DejaVu Sans" font-size="26" fill="#77716b">Couscous moyen</text>
       </svg>`,
    );
    const photo = await sharp(await counterPhoto([{ seed: 1, left: 60, top: 100, scale: 1 }]))
      .composite([{ input: darkPack, left: 560, top: 150 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai/detect',
      payload: { image: base64(photo) },
    });
    expect(response.statusCode).toBe(200);
    const { detections } = response.json<{ detections: { bbox: number[] }[] }>();
    expect(detections).toHaveLength(2);
    const dark = detections.find((d) => d.bbox[0]! > 0.5)!;
    // Around the pack at x 560–860, y 150–490 of the 960 × 640 photo.
    expect(dark.bbox[0]! * 960).toBeGreaterThan(500);
    expect((dark.bbox[0]! + dark.bbox[2]!) * 960).toBeLessThan(920);
    expect(dark.bbox[1]! * 640).toBeLessThan(300);
    expect((dark.bbox[1]! + dark.bbox[3]!) * 640).toBeGreaterThan(340);
  });

  it('matches a crop to the product whose photo it shows, sure of it', async () => {
    const crop = await sharp(await packPng(1))
      .resize(260)
      .rotate(8, { background: '#23201e' })
      .jpeg()
      .toBuffer();
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai/visual-match',
      payload: {
        crop_base64: base64(crop),
        top_k: 3,
        products: [
          { id: 'p1', name: 'Biscuits', images: [base64(await packPng(1))] },
          { id: 'p2', name: 'Thé', images: [base64(await packPng(2))] },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const { candidates, barcode } = response.json<{
      candidates: { product_id: string; score: number }[];
      barcode: string | null;
    }>();
    expect(barcode).toBeNull();
    expect(candidates[0]?.product_id).toBe('p1');
    expect(candidates[0]?.score).toBeGreaterThanOrEqual(0.7);
    expect(candidates.find((c) => c.product_id === 'p2')?.score ?? 0).toBeLessThan(0.5);
  });

  it('answers each crop for itself when the app sends it again with another part of the catalogue', async () => {
    // The server keeps the last crops' keypoints and text: a crop's answer never comes from another crop's.
    const packCrop = async (seed: number) =>
      sharp(await packPng(seed))
        .resize(260)
        .rotate(8, { background: '#23201e' })
        .jpeg()
        .toBuffer();
    const label = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="420" height="260">
        <rect width="420" height="260" fill="#fdf6e3"/>
        <text x="30" y="100" font-family="DejaVu Sans" font-weight="bold" font-size="60" fill="#8a1a1a">Centrale</text>
        <text x="30" y="180" font-family="DejaVu Sans" font-size="32" fill="#222">Lait demi</text></svg>`),
    )
      .png()
      .toBuffer();
    const biscuits = { id: 'p1', name: 'Biscuits', images: [base64(await packPng(1))] };
    const tea = { id: 'p2', name: 'Thé', images: [base64(await packPng(2))] };
    const milk = { id: 'milk', name: 'Lait Centrale 1L', brand: 'Centrale', images: [] };
    const oil = { id: 'oil', name: 'Huile Lesieur', brand: 'Lesieur', images: [] };
    const match = async (crop: Buffer, products: object[]) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/ai/visual-match',
        payload: { crop_base64: base64(crop), products },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ candidates: { product_id: string; score: number }[] }>().candidates;
    };
    const [one, two] = [await packCrop(1), await packCrop(2)];
    const first = await match(one, [biscuits]);
    expect(first[0]).toMatchObject({ product_id: 'p1' });
    expect(first[0]!.score).toBeGreaterThanOrEqual(0.7);
    // Alone in its part, a product still looks most like the crop; only its own pack makes it Sûr.
    expect((await match(one, [tea]))[0]!.score).toBeLessThan(0.7);
    expect((await match(two, [biscuits]))[0]!.score).toBeLessThan(0.7);
    const second = await match(two, [tea]);
    expect(second[0]).toMatchObject({ product_id: 'p2' });
    expect(second[0]!.score).toBeGreaterThanOrEqual(0.7);
    // The label's lines, read for the first part, name the milk in the second.
    expect((await match(label, [tea]))[0]?.product_id).toBe('p2');
    const read = await match(label, [milk, oil]);
    expect(read.map((c) => c.product_id)).toEqual(['milk']);
    // The same crop and products again: the same answer, to the last digit.
    expect(await match(one, [biscuits])).toEqual(first);
    expect(await match(label, [milk, oil])).toEqual(read);
  });

  it("gives with the candidates the maker's code read on the crop, never a price label's", async () => {
    const code = (bcid: string, text: string) =>
      bwipjs.toBuffer({
        bcid,
        text,
        scale: 2,
        paddingwidth: 10,
        paddingheight: 8,
        height: 12,
        backgroundcolor: 'ffffff',
      });
    // A pack of no product the request names, with its maker's EAN-13 and the shop's price label (prefix 2).
    const maker = await code('ean13', '4006381333931');
    const label = await code('ean13', '2123456789010');
    const crop = async (labels: Buffer[]) =>
      sharp(await packPng(5))
        .resize(480)
        .extend({ bottom: 120 * labels.length + 20, background: '#ffffff' })
        .composite(labels.map((input, i) => ({ input, left: 40, top: 610 + i * 120 })))
        .jpeg({ quality: 90 })
        .toBuffer();
    const match = async (image: Buffer) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/ai/visual-match',
        payload: {
          crop_base64: base64(image),
          products: [{ id: 'p1', name: 'Biscuits', images: [base64(await packPng(1))] }],
        },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ candidates: unknown[]; barcode: string | null }>();
    };
    expect((await match(await crop([label, maker]))).barcode).toBe('4006381333931');
    expect((await match(await crop([label]))).barcode).toBeNull();
  });

  it('refuses a body that is not an image, unknown fields and oversized requests', async () => {
    const notImage = await app.inject({
      method: 'POST',
      url: '/api/ai/detect',
      payload: { image: base64(Buffer.from('hello, not a picture')) },
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: 'invalid_image' });
    const extra = await app.inject({
      method: 'POST',
      url: '/api/ai/barcode',
      payload: { image: 'aGVsbG8gd29ybGQhIQ==', shop_id: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/ai/barcode',
      payload: { image: 'A'.repeat(9 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('reads Arabic lines with lang "ar", and matches a catalogue named in Arabic', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="260">
      <rect width="420" height="260" fill="#f4e9c8"/>
      <text x="210" y="90" text-anchor="middle" font-family="DejaVu Sans" font-size="44" fill="#1a2a5a">زيت الزيتون</text>
      <text x="210" y="190" text-anchor="middle" font-family="DejaVu Sans" font-size="44" fill="#1a2a5a">سكر</text></svg>`;
    const photo = await sharp(Buffer.from(svg)).png().toBuffer();
    const image = `data:image/png;base64,${base64(photo)}`;
    const words = (text: string) => text.replace(/\s+/g, ' ').split(' ');
    const french = await app.inject({ method: 'POST', url: '/api/ai/ocr', payload: { image } });
    expect(french.statusCode).toBe(200);
    // PP-OCR's characters have no Arabic letters.
    expect(words(french.json<{ text: string }>().text)).not.toContain('سكر');
    const arabic = await app.inject({ method: 'POST', url: '/api/ai/ocr', payload: { image, lang: 'ar' } });
    expect(arabic.statusCode).toBe(200);
    const body = arabic.json<{ text: string; lines: { box: [number, number][] }[] }>();
    expect(words(body.text)).toContain('سكر');
    expect(words(body.text)).toContain('الزيتون');
    for (const line of body.lines) expect(line.box).toHaveLength(4);
    const wrongLanguage = await app.inject({
      method: 'POST',
      url: '/api/ai/ocr',
      payload: { image, lang: 'en' },
    });
    expect(wrongLanguage.statusCode).toBe(400);

    const match = await app.inject({
      method: 'POST',
      url: '/api/ai/visual-match',
      payload: {
        crop_base64: base64(photo),
        products: [
          { id: 'oil', name: 'زيت زيتون', images: [] },
          { id: 'tea', name: 'شاي أخضر', images: [] },
          { id: 'flour', name: 'دقيق', images: [] },
        ],
      },
    });
    expect(match.statusCode).toBe(200);
    const candidates = match.json<{ candidates: { product_id: string }[] }>().candidates;
    expect(candidates[0]?.product_id).toBe('oil');
  });

  it('reads the text on a photo, with boxes and confidence, and refuses a non-image', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="260">
      <rect width="420" height="260" fill="#fdf6e3"/>
      <text x="30" y="100" font-family="DejaVu Sans" font-weight="bold" font-size="60" fill="#8a1a1a">Centrale</text>
      <text x="30" y="180" font-family="DejaVu Sans" font-size="32" fill="#222">Lait demi</text></svg>`;
    const photo = await sharp(Buffer.from(svg)).png().toBuffer();
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai/ocr',
      payload: { image: `data:image/png;base64,${base64(photo)}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      text: string;
      lines: { text: string; confidence: number; box: [number, number][] }[];
    }>();
    const centrale = body.lines.find((line) => line.text === 'Centrale');
    expect(centrale).toBeDefined();
    expect(centrale!.confidence).toBeGreaterThan(0.8);
    expect(centrale!.box).toHaveLength(4);
    expect(Math.min(...centrale!.box.map(([x]) => x))).toBeLessThan(40);
    expect(body.text).toContain('Lait');

    const match = await app.inject({
      method: 'POST',
      url: '/api/ai/visual-match',
      payload: {
        crop_base64: base64(photo),
        products: [
          // The category too: a brand's products of one category are siblings (open set).
          { id: 'milk', name: 'Lait Centrale 1L', brand: 'Centrale', category: 'Lait', images: [] },
          { id: 'oil', name: 'Huile Lesieur', brand: 'Lesieur', images: [] },
        ],
      },
    });
    expect(match.statusCode).toBe(200);
    const candidates = match.json<{ candidates: { product_id: string; score: number }[] }>().candidates;
    expect(candidates.map((c) => c.product_id)).toEqual(['milk']);
    // The brand alone is never a sure answer.
    expect(candidates[0]!.score).toBeLessThan(0.7);

    const notImage = await app.inject({
      method: 'POST',
      url: '/api/ai/ocr',
      payload: { image: 'aGVsbG8gd29ybGQhIQ==' },
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: 'invalid_image' });
  });

  it('answers 401 without a token, and refuses more reference photos than a phone sends', async () => {
    const image = (await packPng(7)).toString('base64');
    for (const url of ['/api/ai/barcode', '/api/ai/ocr', '/api/ai/detect']) {
      const anonymous = await server.inject({ method: 'POST', url, payload: { image } });
      expect(anonymous.statusCode).toBe(401);
    }
    const products = Array.from({ length: MAX_REFERENCE_IMAGES + 1 }, (_, i) => ({
      id: `p${i}`,
      name: `Produit ${i}`,
      images: [image],
    }));
    const anonymous = await server.inject({
      method: 'POST',
      url: '/api/ai/visual-match',
      payload: { crop_base64: image, products },
    });
    expect(anonymous.statusCode).toBe(401);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/ai/visual-match',
      payload: { crop_base64: image, products },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'too_many_references' });
  });
});
