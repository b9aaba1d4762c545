import { describe, expect, it } from 'vitest';
import { loadOpenCv } from './opencv.js';
import { loadOcrModels, provideOpenCvFromNodeModules } from './nodeAssets.js';
import {
  boxesFromProbabilityMap,
  createTextReader,
  ctcGreedyDecode,
  parseCharacterList,
  readingOrder,
  kernelWithPadding,
  lineWidth,
  REC_HEIGHT,
  unclipRectangle,
  withinWidthBudget,
} from './ocr.js';
import { renderSvg } from '../bench/decode.js';

provideOpenCvFromNodeModules();

describe('CTC greedy decoding', () => {
  const characters = ['', 'a', 'b', 'c', ' '];
  const steps = (rows: number[][]) => new Float32Array(rows.flat());

  it('collapses repeats, drops blanks, keeps a letter repeated across a blank', () => {
    const probs = steps([
      [0.1, 0.8, 0.05, 0.05, 0],
      [0.1, 0.7, 0.1, 0.1, 0],
      [0.9, 0.05, 0.05, 0, 0],
      [0.2, 0.6, 0.1, 0.1, 0],
      [0.1, 0, 0, 0.1, 0.8],
      [0.1, 0, 0, 0.9, 0],
    ]);
    const { text, confidence } = ctcGreedyDecode(probs, 6, 5, characters);
    expect(text).toBe('aa c');
    expect(confidence).toBeCloseTo((0.8 + 0.6 + 0.8 + 0.9) / 4, 5);
  });

  it('an all-blank line is empty with confidence 0', () => {
    const probs = steps([
      [0.9, 0.1, 0, 0, 0],
      [0.8, 0.1, 0.1, 0, 0],
    ]);
    expect(ctcGreedyDecode(probs, 2, 5, characters)).toEqual({ text: '', confidence: 0 });
  });

  it('refuses a character list that does not fit the model', () => {
    expect(() => ctcGreedyDecode(new Float32Array(6), 2, 3, characters)).toThrow(/classes/);
  });

  it('character list: blank first, space last', () => {
    const list = parseCharacterList(
      Array.from({ length: 12 }, (_, i) => String.fromCharCode(65 + i)).join('\n') + '\n',
    );
    expect(list[0]).toBe('');
    expect(list[1]).toBe('A');
    expect(list.at(-1)).toBe(' ');
    expect(list).toHaveLength(14);
    expect(() => parseCharacterList('a\nb')).toThrow(/too short/);
  });
});

describe('DB box post-processing', () => {
  it('finds one unclipped box per blob above the score threshold, in reading order', async () => {
    const cv = await loadOpenCv();
    const width = 64;
    const height = 32;
    const map = new Float32Array(width * height);
    // A confident horizontal blob (x 10..39, y 10..17) and a faint one (mean 0.45 < 0.6).
    for (let y = 10; y < 18; y++) for (let x = 10; x < 40; x++) map[y * width + x] = 0.9;
    for (let y = 22; y < 28; y++) for (let x = 45; x < 60; x++) map[y * width + x] = 0.45;
    const boxes = boxesFromProbabilityMap(cv, map, width, height);
    expect(boxes).toHaveLength(1);
    const [tl, tr, br, bl] = boxes[0]!.box as [
      { x: number; y: number },
      { x: number; y: number },
      { x: number; y: number },
      { x: number; y: number },
    ];
    expect(boxes[0]!.score).toBeCloseTo(0.9, 1);
    // Unclipped: the 29×7 rectangle grows by 29·7·1.5/(2·36) ≈ 4.2 px on each side.
    expect(tl.x).toBeLessThan(10);
    expect(tl.y).toBeLessThan(10);
    expect(tr.x).toBeGreaterThan(39);
    expect(br.y).toBeGreaterThan(17);
    expect(tl.x).toBeLessThan(tr.x);
    expect(bl.y).toBeGreaterThan(tl.y);
    expect(tr.x - tl.x).toBeGreaterThan(br.y - tr.y);
  });

  it('rejects a map of the wrong size', async () => {
    const cv = await loadOpenCv();
    expect(() => boxesFromProbabilityMap(cv, new Float32Array(10), 4, 4)).toThrow(/expected/);
  });

  it('unclip grows each side by area × ratio / perimeter', () => {
    const grown = unclipRectangle(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 4 },
        { x: 0, y: 4 },
      ],
      1.5,
    );
    const d = (10 * 4 * 1.5) / 28;
    expect(grown[0]!.x).toBeCloseTo(-d, 5);
    expect(grown[0]!.y).toBeCloseTo(-d, 5);
    expect(grown[2]!.x).toBeCloseTo(10 + d, 5);
  });

  it('shrinking an unclipped box gives back the kernel, plus the padding asked for', () => {
    const kernel = [
      { x: 20, y: 30 },
      { x: 120, y: 40 },
      { x: 118, y: 60 },
      { x: 18, y: 50 },
    ];
    const height = Math.hypot(2, 20);
    const grown = unclipRectangle(kernel, 1.5);
    const back = kernelWithPadding(grown, 1.5, 0);
    back.forEach((p, i) => {
      expect(p.x).toBeCloseTo(kernel[i]!.x, 4);
      expect(p.y).toBeCloseTo(kernel[i]!.y, 4);
    });
    // Padding 0.4: each side 0.4 × the kernel's height out of the kernel, i.e. the kernel unclipped by that.
    const padded = kernelWithPadding(grown, 1.5, 0.4);
    expect(Math.hypot(padded[3]!.x - padded[0]!.x, padded[3]!.y - padded[0]!.y)).toBeCloseTo(1.8 * height, 4);
    // A box too thin to have been unclipped stays a box (no side crosses the other).
    const thin = kernelWithPadding(kernel, 1.5, 0);
    expect(Math.hypot(thin[3]!.x - thin[0]!.x, thin[3]!.y - thin[0]!.y)).toBeGreaterThan(0);
  });

  it('a standing box is read downwards', () => {
    const ordered = readingOrder([
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 20 },
      { x: 0, y: 20 },
    ]);
    // Start at the top, end at the bottom; glyph "down" points left.
    expect(ordered[0]).toEqual({ x: 4, y: 0 });
    expect(ordered[1]).toEqual({ x: 4, y: 20 });
    expect(ordered[3]).toEqual({ x: 0, y: 0 });
  });
});

describe('recogniser width budget', () => {
  // A horizontal box `length` long and 10 high: cut 48 high, it is 4.8 × length wide.
  const box = (length: number, y = 0) => [
    { x: 0, y },
    { x: length, y },
    { x: length, y: y + 10 },
    { x: 0, y: y + 10 },
  ];

  it('keeps the boxes in order while their line widths fit, skipping one that would go past', () => {
    const boxes = [box(100), box(200, 20), box(50, 40), box(10, 60)];
    expect(boxes.map((b) => lineWidth(b, REC_HEIGHT))).toEqual([480, 960, 240, 48]);
    expect(withinWidthBudget(boxes, 800)).toEqual([boxes[0], boxes[2], boxes[3]]);
    expect(withinWidthBudget(boxes, Infinity)).toEqual(boxes);
    expect(withinWidthBudget(boxes, 0)).toEqual([]);
    expect(withinWidthBudget(boxes, 480)).toEqual([boxes[0]]);
  });
});

describe('PP-OCRv4 on onnxruntime-web (WASM)', () => {
  it('reads brand words rendered on a pack, horizontal and standing', async () => {
    const reader = await createTextReader(await loadOcrModels());
    const image = await renderSvg(
      `<rect width="400" height="300" fill="#f4e9c8"/>
       <text x="30" y="110" font-family="DejaVu Sans" font-weight="bold" font-size="60" fill="#1a3a8a">Yoggi</text>
       <text x="30" y="190" font-family="DejaVu Sans" font-size="30" fill="#222">Jordgubb 1 kg</text>
       <text x="360" y="50" font-family="DejaVu Sans" font-size="28" fill="#222" transform="rotate(90 360 50)">Valio</text>`,
      400,
      300,
    );
    const lines = await reader.read(image, { detectorSide: 640 });
    const texts = lines.map((line) => line.text);
    expect(texts).toContain('Yoggi');
    expect(texts).toContain('Valio');
    expect(texts.some((t) => t.startsWith('Jordgubb'))).toBe(true);
    for (const line of lines) {
      expect(line.confidence).toBeGreaterThan(0.5);
      expect(line.box).toHaveLength(4);
    }
    const yoggi = lines.find((line) => line.text === 'Yoggi')!;
    // Its box sits where the word was drawn.
    expect(Math.min(...yoggi.box.map((p) => p.x))).toBeLessThan(40);
    expect(Math.max(...yoggi.box.map((p) => p.y))).toBeGreaterThan(100);
    expect(Math.min(...yoggi.box.map((p) => p.y))).toBeGreaterThan(40);

    // A width budget that holds the narrowest line only: that line alone is read.
    const boxes = await reader.detect(image, { detectorSide: 640 });
    const widths = boxes.map((b) => lineWidth(b, REC_HEIGHT));
    const narrowest = boxes[widths.indexOf(Math.min(...widths))]!;
    const budgeted = await reader.read(image, { detectorSide: 640, widthBudget: Math.min(...widths) });
    expect(budgeted.map((line) => line.box)).toEqual([narrowest]);
    expect(await reader.read(image, { detectorSide: 640, widthBudget: 0 })).toEqual([]);

    const blank = await renderSvg('<rect width="200" height="100" fill="#ffffff"/>', 200, 100);
    expect(await reader.read(blank)).toEqual([]);
    await expect(reader.read({ width: 10, height: 10, data: new Uint8ClampedArray(3) })).rejects.toThrow(
      /RGBA/,
    );
    await reader.release();
  });

  it('reads a pack lying the other way round (the direction classifier turns the lines)', async () => {
    const models = await loadOcrModels();
    // The pack upside down (lying boxes), and a word standing the other way (a quarter turn anticlockwise, a
    // standing box read downwards, so upside down): the classifier says both are turned by half a turn.
    const image = await renderSvg(
      `<rect width="400" height="300" fill="#f4e9c8"/>
       <g transform="rotate(180 200 150)">
         <text x="30" y="110" font-family="DejaVu Sans" font-weight="bold" font-size="60" fill="#1a3a8a">Yoggi</text>
         <text x="30" y="190" font-family="DejaVu Sans" font-size="30" fill="#222">Jordgubb 1 kg</text>
       </g>
       <text x="40" y="250" font-family="DejaVu Sans" font-size="28" fill="#222" transform="rotate(-90 40 250)">Valio</text>`,
      400,
      300,
    );
    const turning = await createTextReader(models);
    const texts = (await turning.read(image, { detectorSide: 640 })).map((line) => line.text);
    expect(texts).toContain('Yoggi');
    expect(texts).toContain('Valio');
    expect(texts.some((t) => t.startsWith('Jordgubb'))).toBe(true);
    await turning.release();
    // Without the classifier the same lines are read upside down: none of the words comes out.
    const { classifier: _, ...withoutClassifier } = models;
    const plain = await createTextReader(withoutClassifier);
    const unturned = (await plain.read(image, { detectorSide: 640 })).map((line) => line.text);
    expect(unturned).not.toContain('Yoggi');
    expect(unturned).not.toContain('Valio');
    await plain.release();
  });

  it('bad model bytes fail with a clear error', async () => {
    const models = await loadOcrModels();
    await expect(createTextReader({ ...models, detector: new Uint8Array([1, 2, 3]) })).rejects.toThrow(
      /OCR detector model/,
    );
    await expect(createTextReader({ ...models, classifier: new Uint8Array([1, 2, 3]) })).rejects.toThrow(
      /OCR direction classifier model/,
    );
  });
});
