import { afterEach, describe, expect, it, vi } from 'vitest';
import { backgroundWorkAllowed, holdBackgroundWork } from './backgroundWork';

afterEach(() => vi.useRealTimers());

describe('background work held back', () => {
  it('goes on at once when nothing holds it', async () => {
    await expect(backgroundWorkAllowed()).resolves.toBeUndefined();
  });

  it('waits while a screen holds it, through a hand-over to another screen, then goes on', async () => {
    vi.useFakeTimers();
    const releaseSale = holdBackgroundWork();
    let resumed = false;
    void backgroundWorkAllowed().then(() => (resumed = true));
    // The sale screen gives way to the ticket: one hold released, the next taken in the same moment.
    releaseSale();
    const releaseTicket = holdBackgroundWork();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(resumed).toBe(false);
    releaseTicket();
    releaseTicket();
    await vi.advanceTimersByTimeAsync(999);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resumed).toBe(true);
    await expect(backgroundWorkAllowed()).resolves.toBeUndefined();
  });
});
