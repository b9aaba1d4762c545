import { describe, expect, it } from 'vitest';
import { createLiveBarcodeConfirmer } from './liveBarcode.js';

describe('live barcode confirmer', () => {
  it('confirms a code read in 2 consecutive frames, once', () => {
    const confirmer = createLiveBarcodeConfirmer();
    expect(confirmer.onFrame(['A'])).toEqual([]);
    expect(confirmer.onFrame(['A'])).toEqual(['A']);
    expect(confirmer.onFrame(['A'])).toEqual([]);
  });
  it('does not confirm a code seen in two frames that are not consecutive', () => {
    const confirmer = createLiveBarcodeConfirmer();
    confirmer.onFrame(['A']);
    confirmer.onFrame([]);
    expect(confirmer.onFrame(['A'])).toEqual([]);
    expect(confirmer.onFrame(['A'])).toEqual(['A']);
  });
  it('adds the product again after it left the view', () => {
    const confirmer = createLiveBarcodeConfirmer();
    confirmer.onFrame(['A']);
    expect(confirmer.onFrame(['A', 'B'])).toEqual(['A']);
    expect(confirmer.onFrame(['B'])).toEqual(['B']);
    confirmer.onFrame([]);
    confirmer.onFrame(['A']);
    expect(confirmer.onFrame(['A'])).toEqual(['A']);
  });
  it('forgets everything on reset', () => {
    const confirmer = createLiveBarcodeConfirmer();
    confirmer.onFrame(['A']);
    confirmer.reset();
    expect(confirmer.onFrame(['A'])).toEqual([]);
  });
});
