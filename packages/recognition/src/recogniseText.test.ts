import { CONFIDENCE_HIGH } from '@hanouti/core';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareBarcodeReader } from './barcode.js';
import { resizeImage, type RgbaImage } from './image.js';
import { computeReferenceFeatures } from './keypoints.js';
import {
  createThreadedTextReader,
  loadOcrModels,
  loadZxingReaderWasm,
  provideOpenCvFromNodeModules,
} from './nodeAssets.js';
import { recogniseDetections, type Detection } from './detect.js';
import { createTextReader, type Point, type TextReader } from './ocr.js';
import { recogniseProduct, type Recognition } from './recognise.js';
import { PRECISION_SETTINGS, type CatalogueProduct } from './strategies/strategy.js';
import { seededRandom } from './random.js';
import { buildIndex } from './referenceIndex.js';
import { placeOnCounter, texturedPack } from './testImages.js';
import { buildTextIndex } from './textMatch.js';

provideOpenCvFromNodeModules();

/** A textured pack with a white band carrying `word` (DejaVu Sans) at the bottom. */
async function packWithWord(seed: number, word: string): Promise<RgbaImage> {
  const pack = texturedPack(seed);
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="90">
    <rect width="320" height="90" fill="#ffffff"/>
    <text x="30" y="65" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#111">${word}</text></svg>`;
  const { data } = await sharp(Buffer.from(pack.data), { raw: { width: 320, height: 400, channels: 4 } })
    .composite([{ input: Buffer.from(band), top: 310, left: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: 320, height: 400, data: new Uint8ClampedArray(data) };
}

/** `photo` with an EAN-13 printed on a white label at its top left. */
async function withBarcode(photo: RgbaImage, code: string): Promise<RgbaImage> {
  const label = await bwipjs.toBuffer({ bcid: 'ean13', text: code, scale: 2, height: 12, paddingwidth: 8 });
  const { data } = await sharp(Buffer.from(photo.data), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .composite([{ input: label, top: 8, left: 8 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...photo, data: new Uint8ClampedArray(data) };
}

/** What a shopkeeper is shown of one recognition. */
const answerOf = (r: Recognition) => ({
  candidates: r.candidates,
  possiblyUnknown: r.possiblyUnknown,
  barcodes: r.barcodes,
  textLines: r.textLines,
  keypoints: r.keypoints,
});

const catalogue = new Map<string, CatalogueProduct>([
  ['arla', { id: 'arla', name: 'Arla Standard Milk', brand: 'Arla' }],
  ['oatly', { id: 'oatly', name: 'Oatly Oat Milk', brand: 'Oatly' }],
  ['valio', { id: 'valio', name: 'Valio Vanilla Yoghurt', brand: 'Valio' }],
]);

describe('text strategy in recogniseProduct', () => {
  it('text alone finds the brand but is never Sûr; text contradicting keypoints removes their Sûr', async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const text = {
      reader: await createTextReader(await loadOcrModels()),
      index: buildTextIndex(catalogue.values()),
    };

    // No reference photos: the brand read on the pack is the only evidence.
    const valio = await packWithWord(5, 'Valio');
    const alone = await recogniseProduct(valio, { index: buildIndex([]), products: catalogue, text });
    expect(alone.textLines.map((line) => line.text)).toContain('Valio');
    expect(alone.candidates[0]?.product_id).toBe('valio');
    expect(alone.candidates[0]?.brand).toBe('Valio');
    expect(alone.candidates[0]!.score).toBeLessThan(CONFIDENCE_HIGH);
    expect(alone.candidates[0]!.score).toBeGreaterThan(0.3);

    // The pack's keypoints match the "arla" reference surely, but the pack reads another brand and name.
    const photo = await packWithWord(7, 'Oatly Oat');
    const index = buildIndex([
      { productId: 'arla', features: await computeReferenceFeatures(photo), origin: 'photo' },
    ]);
    const withoutText = await recogniseProduct(photo, {
      index,
      products: catalogue,
      disable: ['text'],
      text,
    });
    expect(withoutText.candidates[0]?.product_id).toBe('arla');
    // A sure keypoint match, but Arla has no other product in this catalogue and none of its own words is
    // read: nothing tells it from another Arla pack the shop does not sell (openSet.ts). Not Sûr.
    expect(withoutText.candidates[0]!.score).toBeLessThan(CONFIDENCE_HIGH);
    expect(withoutText.possiblyUnknown).toBe(true);
    const unbranded = new Map([...catalogue].map(([id, p]) => [id, { id, name: p.name }]));
    const sureWithoutBrand = await recogniseProduct(photo, {
      index,
      products: unbranded,
      disable: ['text'],
    });
    expect(sureWithoutBrand.candidates[0]!.score).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    expect(withoutText.textLines).toEqual([]);
    const withText = await recogniseProduct(photo, { index, products: catalogue, text });
    expect(withText.candidates.find((c) => c.product_id === 'oatly')?.strategies.text).toBeGreaterThan(0.3);
    expect(Math.max(...withText.candidates.map((c) => c.score))).toBeLessThan(CONFIDENCE_HIGH);

    // Fast mode reads no text.
    const fast = await recogniseProduct(valio, {
      index: buildIndex([]),
      products: catalogue,
      text,
      mode: 'fast',
    });
    expect(fast.textLines).toEqual([]);
    expect(fast.candidates).toEqual([]);
    await text.reader.release();
  });

  it("a sure keypoint answer is not sure when the pack's words name a flavour of the same brand", async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const flavours = new Map<string, CatalogueProduct>([
      ['mango', { id: 'mango', name: 'Tropic Mango Juice', brand: 'Tropic' }],
      ['apple', { id: 'apple', name: 'Tropic Apple Juice', brand: 'Tropic' }],
      ['milk', { id: 'milk', name: 'Arla Standard Milk', brand: 'Arla' }],
    ]);
    const text = {
      reader: await createTextReader(await loadOcrModels()),
      index: buildTextIndex(flavours.values()),
    };
    // The brand's shared design: the pack's keypoints match the mango reference surely.
    const sure = async (word: string) => {
      const photo = await packWithWord(11, word);
      const index = buildIndex([
        { productId: 'mango', features: await computeReferenceFeatures(photo), origin: 'photo' },
      ]);
      return recogniseProduct(photo, { index, products: flavours, text });
    };

    // "Apple" is printed: the apple flavour's text beats the mango's (brand only) by far.
    const apple = await sure('Tropic Apple');
    const textOf = (id: string) => apple.candidates.find((c) => c.product_id === id)?.strategies.text ?? 0;
    expect(textOf('apple') - textOf('mango')).toBeGreaterThanOrEqual(0.3);
    expect(Math.max(...apple.candidates.map((c) => c.score))).toBeLessThan(CONFIDENCE_HIGH);
    expect(apple.candidates.slice(0, 2).map((c) => c.product_id)).toEqual(
      expect.arrayContaining(['mango', 'apple']),
    );

    // "Mango" is printed: the text agrees with the keypoints, the answer stays Sûr.
    const mango = await sure('Tropic Mango');
    expect(mango.candidates[0]?.product_id).toBe('mango');
    expect(mango.candidates[0]!.score).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    await text.reader.release();
  });

  it('verifies the photos of the product the words name, even when the keypoint votes did not shortlist them', async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const flavours = new Map<string, CatalogueProduct>([
      ['mango', { id: 'mango', name: 'Tropic Mango Juice', brand: 'Tropic' }],
      ['apple', { id: 'apple', name: 'Tropic Apple Juice', brand: 'Tropic' }],
    ]);
    const text = {
      reader: await createTextReader(await loadOcrModels()),
      index: buildTextIndex(flavours.values()),
    };
    const photo = await packWithWord(11, 'Tropic Apple');
    // The shop's photo of the apple juice, a little smaller in the frame: fewer votes than the query's own.
    const applePhoto = resizeImage(photo, 288, 360);
    // Shelf clutter that the votes prefer: the query's own descriptors, at shuffled places (no homography).
    const own = await computeReferenceFeatures(photo);
    const random = seededRandom(5);
    const clutter = Array.from({ length: PRECISION_SETTINGS.balanced.verifiedReferences + 2 }, (_, i) => {
      const points = Float32Array.from({ length: own.points.length }, (_, k) => own.points[k]!);
      for (let a = points.length / 2 - 1; a > 0; a--) {
        const b = Math.floor(random() * (a + 1));
        [points[2 * a], points[2 * b]] = [points[2 * b]!, points[2 * a]!];
        [points[2 * a + 1], points[2 * b + 1]] = [points[2 * b + 1]!, points[2 * a + 1]!];
      }
      return { productId: `shelf-${i}`, features: { ...own, points }, origin: 'photo' as const };
    });
    const index = buildIndex([
      ...clutter,
      { productId: 'apple', features: await computeReferenceFeatures(applePhoto), origin: 'photo' },
    ]);

    // Without the words, the apple photo is never verified: no sure answer.
    const unread = await recogniseProduct(photo, { index, products: flavours, text, disable: ['text'] });
    expect(unread.candidates[0]?.score ?? 0).toBeLessThan(CONFIDENCE_HIGH);
    // "Apple" is read: its photo is verified, the homography holds, the answer is the apple juice, Sûr.
    const read = await recogniseProduct(photo, { index, products: flavours, text });
    expect(read.candidates[0]?.product_id).toBe('apple');
    expect(read.candidates[0]!.score).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    await text.reader.release();
  });

  it('gives the same answers with PP-OCR in a thread of its own, and stops reading once a barcode decides', async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const products = new Map<string, CatalogueProduct>([
      ['mango', { id: 'mango', name: 'Tropic Mango Juice', brand: 'Tropic', barcode: '5449000000996' }],
      ['apple', { id: 'apple', name: 'Tropic Apple Juice', brand: 'Tropic' }],
      ['valio', { id: 'valio', name: 'Valio Vanilla Yoghurt', brand: 'Valio' }],
    ]);
    const apple = await packWithWord(11, 'Tropic Apple');
    const index = buildIndex([
      { productId: 'mango', features: await computeReferenceFeatures(apple), origin: 'photo' },
      {
        productId: 'apple',
        features: await computeReferenceFeatures(resizeImage(apple, 288, 360)),
        origin: 'photo',
      },
    ]);
    const photos = [
      apple,
      await packWithWord(5, 'Valio'),
      await withBarcode(await packWithWord(3, 'Valio Vanilla'), '5449000000996'),
      await packWithWord(7, 'Tropic Mango'),
    ];
    const answers = async (reader: TextReader) => {
      const text = { reader, index: buildTextIndex(products.values()) };
      const all = [];
      for (const photo of photos)
        all.push(answerOf(await recogniseProduct(photo, { index, products, text })));
      await reader.release();
      return all;
    };
    const threaded = await createThreadedTextReader();
    expect(threaded.concurrent).toBe(true);
    const inThread = await answers(await createTextReader(await loadOcrModels()));
    expect(await answers(threaded)).toEqual(inThread);
    // The words were read where no barcode decided…
    expect(inThread[0]!.textLines.map((line) => line.text).join(' ')).toContain('Apple');
    expect(inThread[1]!.textLines.map((line) => line.text)).toContain('Valio');
    // …and not where the catalogue's barcode did (the threaded reading was stopped), nor did that stop the
    // next photo's reading.
    expect(inThread[2]!.barcodes).toEqual(['5449000000996']);
    expect(inThread[2]!.candidates[0]?.product_id).toBe('mango');
    expect(inThread[2]!.textLines).toEqual([]);
    expect(inThread[3]!.textLines.map((line) => line.text).join(' ')).toContain('Tropic');
    // Released, the thread answers no more, with a reason.
    await expect(threaded.read(apple)).rejects.toThrow(/released/);
  });

  it("recognises the object proposals' crops while the OCR thread looks for text regions: same detections, same answers", async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const apple = await packWithWord(11, 'Tropic Apple');
    const index = buildIndex([
      { productId: 'apple', features: await computeReferenceFeatures(apple), origin: 'photo' },
    ]);
    const products = new Map<string, CatalogueProduct>([
      ['apple', { id: 'apple', name: 'Tropic Apple Juice', brand: 'Tropic' }],
    ]);
    const photo = placeOnCounter([{ image: apple, x: 100, y: 150 }], 1280, 720);
    // A line of print on an empty part of the counter (the colour of the counter: no object proposal
    // there): a text region alone, a detection the measured boxes do not have.
    const line: Point[] = [
      { x: 820, y: 300 },
      { x: 1120, y: 300 },
      { x: 1120, y: 350 },
      { x: 820, y: 350 },
    ];
    // The text detector's answer, held until `gate` opens.
    const withLine = (reader: TextReader, gate: Promise<void>): TextReader => ({
      ...reader,
      detect: async (image, options) => {
        await gate;
        return [...(await reader.detect(image, options)), line];
      },
    });
    const run = async (
      reader: TextReader,
      gate: Promise<void>,
      onFirstCrop: () => void,
      on = photo,
      keep = false,
    ) => {
      const text = { reader, index: buildTextIndex(products.values()) };
      const heard: Detection[][] = [];
      const out = [];
      const crops = recogniseDetections(
        on,
        { reader: withLine(reader, gate), detectorSide: 640 },
        async (crop) => {
          onFirstCrop();
          return answerOf(await recogniseProduct(crop, { index, products, text }));
        },
        (detections) => heard.push([...detections]),
      );
      for await (const { detection, crop, recognition } of crops)
        out.push({ detection, size: [crop.width, crop.height], recognition });
      if (!keep) await reader.release();
      return { heard, out };
    };
    const open = Promise.resolve();
    const inThread = await run(await createTextReader(await loadOcrModels()), open, () => undefined);
    // The pack (and what its own print proposes) and the line's text region, each recognised once.
    const holds = ({ bbox: [x, y, w, h] }: Detection, px: number, py: number) =>
      px / 1280 >= x && px / 1280 <= x + w && py / 720 >= y && py / 720 <= y + h;
    expect(inThread.out.length).toBeGreaterThanOrEqual(2);
    expect(inThread.out.filter((o) => holds(o.detection, 970, 325))).toHaveLength(1);
    expect(inThread.out.filter((o) => holds(o.detection, 260, 350)).length).toBeGreaterThanOrEqual(1);
    expect(inThread.heard).toEqual([inThread.out.map((o) => o.detection)]);
    expect(inThread.out.some((o) => o.recognition.candidates[0]?.product_id === 'apple')).toBe(true);
    // With PP-OCR in its thread, the pack's crop is being recognised while the text detector's answer is
    // still held: the run would wait for ever (and the test time out) if it detected first.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let cropStarted = () => {};
    const started = new Promise<void>((resolve) => (cropStarted = resolve));
    const reader = await createThreadedTextReader();
    const threaded = run(reader, gate, () => cropStarted(), photo, true);
    await started;
    release();
    expect(await threaded).toEqual(inThread);
    // Nothing on the counter but the line: no crop is started before the text regions are known (the whole
    // photo is not a detection here), so each crop recognised is a detection.
    let crops = 0;
    const counter = placeOnCounter([], 1280, 720);
    const bare = await run(reader, open, () => crops++, counter);
    expect(bare.out).toHaveLength(1);
    expect(crops).toBe(1);
  });
});
