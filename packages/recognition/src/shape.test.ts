import { confidenceLevel } from '@hanouti/core';
import { describe, expect, it } from 'vitest';
import { createImage, rotateQuarter, type RgbaImage } from './image.js';
import { computeReferenceFeatures } from './keypoints.js';
import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import { recogniseProduct } from './recognise.js';
import { buildIndex } from './referenceIndex.js';
import {
  productSilhouette,
  SHAPE_LENGTH,
  SHAPE_TOP,
  shapeDescriptor,
  shapeRanking,
  shapeScores,
  shapeSimilarity,
} from './shape.js';
import { objectOnBackground, placeOnCounter, texturedPack, type Outline } from './testImages.js';

provideOpenCvFromNodeModules();

/** A tall bottle: body, shoulders, narrow neck. */
const bottle: Outline = (u, v) => {
  if (v < -0.5 || v > 0.5) return false;
  const half = v < -0.25 ? 0.05 : v < -0.12 ? 0.05 + ((v + 0.25) / 0.13) * 0.09 : 0.14;
  return Math.abs(u) <= half;
};
const box: Outline = (u, v) => Math.abs(u) <= 0.4 && Math.abs(v) <= 0.4;
const fruit: Outline = (u, v) => u * u + v * v <= 0.4 ** 2;
/** A long, slightly bent ellipse. */
const banana: Outline = (u, v) => (u / 0.5) ** 2 + ((v + 0.35 * u * u - 0.04) / 0.14) ** 2 <= 1;
const SHAPES = { bottle, box, fruit, banana };

const DARK_COUNTER = [35, 32, 30] as const;
const WOODEN_COUNTER = [120, 80, 50] as const;
const STUDIO_WHITE = [250, 250, 250] as const;
const YELLOW = [230, 190, 40] as const;

/** The object on the dark counter, 250 px per outline unit on a 320-px photo. */
const onCounter = (outline: Outline, angle = 0.2) =>
  objectOnBackground(outline, { background: DARK_COUNTER, colour: YELLOW, size: 250, angle });

/** The same object seen other ways: turned, farther, on another counter, in a studio, mirrored. */
const VIEWS: Record<string, (outline: Outline) => RgbaImage> = {
  'turned 30°': (o) => onCounter(o, 0.2 + Math.PI / 6),
  'turned 90°': (o) => rotateQuarter(onCounter(o)),
  'at 0.6 of its size': (o) =>
    objectOnBackground(o, {
      width: 256,
      height: 256,
      background: DARK_COUNTER,
      colour: YELLOW,
      size: 150,
      angle: 1.1,
    }),
  'on a wooden counter': (o) =>
    objectOnBackground(o, { background: WOODEN_COUNTER, colour: [40, 110, 200], size: 230, angle: 2.3 }),
  'on studio white': (o) =>
    objectOnBackground(o, { background: STUDIO_WHITE, colour: [200, 40, 40], size: 240, angle: 0.9 }),
  mirrored: (o) => mirror(onCounter(o)),
};

function mirror(image: RgbaImage): RgbaImage {
  const out = createImage(image.width, image.height);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      out.data.set(
        image.data.subarray((y * image.width + x) * 4, (y * image.width + x + 1) * 4),
        (y * image.width + image.width - 1 - x) * 4,
      );
  return out;
}

const describeShape = (image: RgbaImage) => {
  const d = shapeDescriptor(image);
  if (!d) throw new Error('no silhouette');
  return d;
};

describe('shape descriptor', () => {
  it('measures what it says: elongation, solidity, extent', () => {
    const [bottleD, boxD, fruitD, bananaD] = [bottle, box, fruit, banana].map((o) =>
      describeShape(onCounter(o)),
    );
    expect(boxD!.length).toBe(SHAPE_LENGTH);
    // Elongation (minor / major axis): 1 for a square and a disc, ≈ 0.3 for the bottle and the banana.
    expect(boxD![0]).toBeGreaterThan(0.97);
    expect(fruitD![0]).toBeGreaterThan(0.97);
    expect(bottleD![0]).toBeLessThan(0.35);
    expect(bananaD![0]).toBeLessThan(0.35);
    // Solidity: the bottle's neck and the banana's bend leave room in the convex hull.
    expect(boxD![1]).toBeGreaterThan(0.95);
    expect(bottleD![1]).toBeLessThan(0.93);
    // Extent in the smallest enclosing rectangle: 1 for a box, π/4 for a disc.
    expect(boxD![2]).toBeGreaterThan(0.94);
    expect(fruitD![2]).toBeCloseTo(Math.PI / 4, 1);
    // Asymmetry (third-order moments): the bottle's neck at one end, none for the box.
    expect(bottleD![4]).toBeGreaterThan(1);
    expect(boxD![4]).toBeLessThan(0.1);
  });

  for (const [name, outline] of Object.entries(SHAPES)) {
    it(`keeps the ${name}'s shape turned, farther, on other backgrounds and mirrored`, () => {
      const reference = describeShape(onCounter(outline));
      for (const [view, draw] of Object.entries(VIEWS)) {
        const similarity = shapeSimilarity(reference, describeShape(draw(outline)));
        expect(similarity, view).toBeGreaterThan(0.6);
      }
    });
  }

  it('finds each shape most similar to itself among the four, in every view', () => {
    const references = Object.entries(SHAPES).map(([id, o]) => ({
      productId: id,
      shape: describeShape(onCounter(o)),
    }));
    for (const [name, outline] of Object.entries(SHAPES)) {
      for (const [view, draw] of Object.entries(VIEWS)) {
        const ranking = shapeRanking(describeShape(draw(outline)), references);
        expect(ranking[0]?.productId, `${name} ${view}`).toBe(name);
        expect(ranking[1]!.similarity, `${name} ${view}`).toBeLessThan(0.2);
      }
    }
  });

  it('fills print of the counter’s colour: the pack is still one solid shape', () => {
    const stripes: Outline = (u, v) => Math.abs(u) < 0.3 && (Math.abs(v) < 0.06 || Math.abs(v - 0.2) < 0.04);
    const plain = productSilhouette(onCounter(box))!;
    const printed = productSilhouette(
      objectOnBackground(box, {
        background: DARK_COUNTER,
        colour: YELLOW,
        size: 250,
        angle: 0.2,
        print: stripes,
      }),
    )!;
    expect(printed.area).toBeGreaterThan(0.99 * plain.area);
    expect(printed.area).toBeLessThan(1.01 * plain.area);
  });
});

describe('silhouette', () => {
  it('is found for a pack on the counter (a detection crop), not for a close-up of the pack', () => {
    const pack = texturedPack(1);
    expect(productSilhouette(pack)).toBeUndefined();
    expect(shapeDescriptor(pack)).toBeUndefined();
    expect(shapeDescriptor(texturedPack(2, 348, 348))).toBeUndefined();
    // The same pack with a 4 % margin of counter around it, as detection crops it.
    const crop = placeOnCounter([{ image: pack, x: 14, y: 16 }], 348, 432);
    const shape = describeShape(crop);
    expect(shape[0]).toBeCloseTo(320 / 400, 1);
    expect(shape[2]).toBeGreaterThan(0.95);
  });

  it('is refused when the object runs out of the photo, or is a crumb', () => {
    // A box turned 45°: its corner 10 px from the left edge, then pushed 30 px over it (~5 % of the border,
    // the rest of the border still plain).
    const corner = 0.4 * 160 * Math.SQRT2;
    const at = (cx: number) =>
      objectOnBackground(box, {
        background: DARK_COUNTER,
        colour: YELLOW,
        size: 160,
        angle: Math.PI / 4,
        cx,
      });
    expect(productSilhouette(at(corner + 10))).toBeDefined();
    expect(productSilhouette(at(corner - 30))).toBeUndefined();
    const crumb = objectOnBackground(fruit, { background: DARK_COUNTER, colour: YELLOW, size: 50 });
    expect(productSilhouette(crumb)).toBeUndefined();
  });

  it('is refused on a patterned background (a cloth, a shelf), even around a plain product', () => {
    // 8-px squares every 16 px: separate specks, a quarter of the border.
    const cloth = onCounter(box, Math.PI / 4);
    for (let y = 0; y < 320; y++)
      for (let x = 0; x < 320; x++)
        if (x % 16 < 8 && y % 16 < 8 && cloth.data[(y * 320 + x) * 4]! === DARK_COUNTER[0])
          cloth.data.set([200, 200, 220], (y * 320 + x) * 4);
    expect(productSilhouette(cloth)).toBeUndefined();
  });
});

describe('shape scores', () => {
  const ranked = (...similarities: number[]) =>
    similarities.map((similarity, i) => ({ productId: `p${i}`, similarity }));

  it('scores the nearest few relative to the best, never enough to be more than Incertain alone', () => {
    const scores = shapeScores(ranked(0.95, 0.8, 0.1, 0.05));
    expect(scores.get('p0')).toBeCloseTo(SHAPE_TOP, 5);
    expect(scores.get('p1')).toBeCloseTo(SHAPE_TOP * 0.5, 5);
    expect(scores.has('p2')).toBe(false);
    expect(0.7 * SHAPE_TOP).toBeLessThan(0.5);
  });

  it('scores nothing when the shape is shared by more products than it keeps (a carton is a carton)', () => {
    const scores = shapeScores(ranked(0.97, 0.96, 0.95, 0.94, 0.9));
    for (const score of scores.values()) expect(score).toBeLessThan(0.1);
    expect(shapeScores(ranked(0.3, 0.1)).size).toBe(0);
  });
});

describe('shape in the recognition', () => {
  it('puts the product of the right shape first among packs of one colour, as a suggestion, never Sûr', async () => {
    const products = ['bottle', 'box', 'banana'] as const;
    const references = [];
    for (const id of products)
      for (const angle of [0.1, 1.3])
        references.push({
          productId: id,
          features: await computeReferenceFeatures(onCounter(SHAPES[id], angle)),
        });
    for (const r of references) expect(r.features.shape).toBeDefined();
    const index = buildIndex(references);
    const catalogue = new Map(products.map((id) => [id, { id, name: id }]));
    // The box, farther and turned: more counter around it than on its reference photos.
    const photo = objectOnBackground(box, {
      width: 256,
      height: 256,
      background: DARK_COUNTER,
      colour: YELLOW,
      size: 150,
      angle: 0.7,
    });
    // Plain packs give keypoints only at their corners (votes without a homography): keypoints are left out
    // so that shape is measured against appearance, which sees one colour and the counter around it.
    const disable = ['barcode', 'visual'] as const;
    const withShape = await recogniseProduct(photo, { index, products: catalogue, disable });
    expect(withShape.shape[0]?.productId).toBe('box');
    expect(withShape.shape[1]!.similarity).toBeLessThan(0.2);
    expect(withShape.candidates[0]?.product_id).toBe('box');
    expect(withShape.candidates[0]?.strategies.shape).toBeCloseTo(SHAPE_TOP, 2);
    expect(withShape.candidates[0]!.score).toBeLessThan(0.7);
    expect(confidenceLevel(withShape.candidates[0]!.score)).not.toBe('high');
    for (const c of withShape.candidates.slice(1)) expect(c.strategies.shape).toBeUndefined();

    // Without shape, appearance alone does not put the box first: the photo has more counter than its
    // references.
    const without = await recogniseProduct(photo, {
      index,
      products: catalogue,
      disable: [...disable, 'shape'],
      features: withShape.features,
    });
    expect(without.shape).toEqual([]);
    for (const c of without.candidates) expect(c.strategies.shape).toBeUndefined();
    expect(without.candidates[0]?.product_id).not.toBe('box');
  });
});
