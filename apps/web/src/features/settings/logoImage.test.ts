import { describe, expect, it } from 'vitest';
import { checkLogoFile, fittedSize, LOGO_MAX_SIZE } from './logoImage';

describe('shop logo image', () => {
  it('accepts images up to 5 MB only', () => {
    expect(checkLogoFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true });
    expect(checkLogoFile({ type: 'application/pdf', size: 1000 })).toEqual({
      ok: false,
      error: 'not-an-image',
    });
    expect(checkLogoFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toEqual({
      ok: false,
      error: 'too-large',
    });
  });

  it('fits the logo in the printer width, keeping proportions and never enlarging', () => {
    expect(fittedSize(1200, 600, LOGO_MAX_SIZE)).toEqual({ width: 384, height: 192 });
    expect(fittedSize(300, 900, LOGO_MAX_SIZE)).toEqual({ width: 128, height: 384 });
    expect(fittedSize(100, 50, LOGO_MAX_SIZE)).toEqual({ width: 100, height: 50 });
  });
});
