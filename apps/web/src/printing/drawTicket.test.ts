import { describe, expect, it } from 'vitest';
import { firstStrongDirection } from './drawTicket';

describe('firstStrongDirection', () => {
  it('reads a line by its first letter, as dir="auto" does', () => {
    expect(firstStrongDirection('Avenue Mohammed V, Marrakech')).toBe('ltr');
    expect(firstStrongDirection('شارع محمد الخامس، مراكش')).toBe('rtl');
    expect(firstStrongDirection('12, شارع الحسن الثاني')).toBe('rtl');
    expect(firstStrongDirection('12 rue de Fès, فاس')).toBe('ltr');
  });

  it('leaves a line without letters to the document', () => {
    expect(firstStrongDirection('14/03/2025 10:30')).toBeUndefined();
    expect(firstStrongDirection('+212 6 00 00 00 00')).toBeUndefined();
    expect(firstStrongDirection('')).toBeUndefined();
  });
});
