import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_LENGTH,
  appearanceDescriptor,
  appearanceRanking,
  appearanceSimilarity,
} from './appearance.js';
import { colourBin, hueSaturationValue } from './colour.js';
import { createImage } from './image.js';
import { combineScores } from './fusion.js';
import { appearanceScores } from './strategies/lookAlikeStrategy.js';
import { produceBin } from './testImages.js';

const RED_APPLES = [200, 30, 30] as const;
const LIMES = [80, 190, 40] as const;

describe('hue, saturation and value', () => {
  it('puts the primaries a third of the wheel apart and greys at hue 0', () => {
    expect(hueSaturationValue(255, 0, 0)).toEqual([0, 1, 255]);
    expect(hueSaturationValue(0, 255, 0)).toEqual([2, 1, 255]);
    expect(hueSaturationValue(0, 0, 255)).toEqual([4, 1, 255]);
    expect(hueSaturationValue(255, 0, 128)[0]).toBeCloseTo(6 - 128 / 255);
    expect(hueSaturationValue(90, 90, 90)).toEqual([0, 0, 90]);
    expect(colourBin(255, 0, 0)).not.toBe(colourBin(0, 255, 0));
  });
});

describe('appearance (colour and texture of the centre)', () => {
  it('is a fixed-length descriptor whose two halves are unit vectors', () => {
    const d = appearanceDescriptor(produceBin(1, RED_APPLES, 30));
    expect(d.length).toBe(APPEARANCE_LENGTH);
    expect(appearanceSimilarity(d, d)).toBeCloseTo(1, 5);
  });

  it('finds two photos of the same bin alike, and unlike a bin of another colour', () => {
    const apples = appearanceDescriptor(produceBin(1, RED_APPLES, 30));
    const otherApples = appearanceDescriptor(produceBin(2, RED_APPLES, 30));
    const limes = appearanceDescriptor(produceBin(3, LIMES, 30));
    expect(appearanceSimilarity(apples, otherApples)).toBeGreaterThan(0.9);
    expect(appearanceSimilarity(apples, limes)).toBeLessThan(appearanceSimilarity(apples, otherApples) - 0.2);
  });

  it('tells small pieces from large ones of the same colour by their texture', () => {
    const cherries = (seed: number) => appearanceDescriptor(produceBin(seed, RED_APPLES, 8));
    const apples = (seed: number) => appearanceDescriptor(produceBin(seed, RED_APPLES, 40));
    expect(appearanceSimilarity(cherries(1), cherries(2))).toBeGreaterThan(
      appearanceSimilarity(cherries(1), apples(3)),
    );
    expect(appearanceSimilarity(apples(1), apples(2))).toBeGreaterThan(
      appearanceSimilarity(apples(1), cherries(3)),
    );
  });

  it('describes only the centre: a different border changes little', () => {
    const bin = produceBin(4, LIMES, 25);
    const framed = createImage(bin.width, bin.height);
    framed.data.set(bin.data);
    for (let y = 0; y < bin.height; y++) {
      for (let x = 0; x < bin.width; x++) {
        if (x > bin.width * 0.14 && x < bin.width * 0.86 && y > bin.height * 0.14 && y < bin.height * 0.86)
          continue;
        framed.data.set([20, 20, 200, 255], (y * bin.width + x) * 4);
      }
    }
    expect(appearanceSimilarity(appearanceDescriptor(bin), appearanceDescriptor(framed))).toBeGreaterThan(
      0.95,
    );
  });

  it('ranks products by their best reference photo, and scores only those nearly as alike as the best', () => {
    const references = [
      { productId: 'apples', appearance: appearanceDescriptor(produceBin(10, RED_APPLES, 30)) },
      { productId: 'apples', appearance: appearanceDescriptor(produceBin(11, RED_APPLES, 30)) },
      { productId: 'limes', appearance: appearanceDescriptor(produceBin(12, LIMES, 30)) },
      { productId: 'unknown' },
    ];
    const ranking = appearanceRanking(appearanceDescriptor(produceBin(13, RED_APPLES, 30)), references);
    expect(ranking.map((r) => r.productId)).toEqual(['apples', 'limes']);
    const scores = appearanceScores(ranking);
    expect(scores.get('apples')).toBeGreaterThan(0.4);
    expect(scores.has('limes')).toBe(false);
    // Appearance alone is a guess: shown as a suggestion (> 0.4), Incertain (< 0.5).
    const alone = combineScores({ colour: scores.get('apples')! });
    expect(alone).toBeGreaterThan(0.4);
    expect(alone).toBeLessThan(0.5);
  });
});
