import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, hlcFromTime, parseHlc, receiveHlc, tickHlc, HLC_ZERO } from './hlc.js';

describe('hybrid logical clock', () => {
  it('formats to text that sorts like the clock and parses back', () => {
    const a = { wallMs: 1_741_000_000_000, counter: 3, node: 'phone-a' };
    expect(parseHlc(formatHlc(a))).toEqual(a);
    expect(compareHlc(formatHlc(a), formatHlc({ ...a, counter: 4 }))).toBeLessThan(0);
    expect(compareHlc(formatHlc(a), formatHlc({ ...a, wallMs: a.wallMs + 1, counter: 0 }))).toBeLessThan(0);
    expect(parseHlc('nonsense')).toBeUndefined();
  });

  it('never goes backwards, even when the wall clock does', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2e12 }), { minLength: 1, maxLength: 30 }), (times) => {
        let clock = HLC_ZERO;
        let last = formatHlc(clock);
        for (const now of times) {
          clock = tickHlc(clock, now, 'p');
          const text = formatHlc(clock);
          expect(compareHlc(text, last)).toBeGreaterThan(0);
          last = text;
        }
      }),
    );
  });

  it('orders an edit made after receiving a stamp after that stamp, whatever the local clock says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1e12, max: 2e12 }),
        fc.integer({ min: -4e10, max: 4e10 }),
        (remoteMs, skew) => {
          const remote = { wallMs: remoteMs, counter: 7, node: 'other' };
          const local = receiveHlc(HLC_ZERO, remote, remoteMs + skew);
          const edit = tickHlc(local, remoteMs + skew, 'me');
          expect(compareHlc(formatHlc(edit), formatHlc(remote))).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('stamps a record edited before clocks existed with its own time', () => {
    expect(hlcFromTime('2025-03-01T10:00:00.000Z', 'p')).toBe(
      formatHlc({ wallMs: Date.parse('2025-03-01T10:00:00.000Z'), counter: 0, node: 'p' }),
    );
  });
});
