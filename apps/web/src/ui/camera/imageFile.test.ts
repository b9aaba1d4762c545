import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './imageFile';
import { fitWithin } from './photoPipeline';

describe('a gallery picture', () => {
  it('must be an image', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toBe('not-an-image');
    expect(imageFileProblem({ type: '', size: 1000 })).toBe('not-an-image');
  });

  it('must weigh at most 5 MB', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('too-large');
  });
});

describe('photo sizes', () => {
  it('scale down to the longest side, never up', () => {
    expect(fitWithin(4000, 3000, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(720, 1280, 256)).toEqual({ width: 144, height: 256 });
    expect(fitWithin(640, 480, 1280)).toEqual({ width: 640, height: 480 });
  });
});
