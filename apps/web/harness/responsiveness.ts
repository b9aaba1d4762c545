// Watches the main thread while something runs: long tasks (PerformanceObserver) and gaps between animation frames.
import type { Responsiveness } from '../../../e2e/support/harnessApi';

/** Runs `work` and reports how long the page could not respond meanwhile. */
export async function watchResponsiveness<T>(
  work: () => Promise<T>,
): Promise<{ value: T; responsiveness: Responsiveness }> {
  const tasks: number[] = [];
  const observer =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('longtask')
      ? new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        })
      : undefined;
  observer?.observe({ type: 'longtask' });

  let frames = 0;
  let maxFrameGapMs = 0;
  let last = performance.now();
  let watching = true;
  const onFrame = (time: number) => {
    frames += 1;
    maxFrameGapMs = Math.max(maxFrameGapMs, time - last);
    last = time;
    if (watching) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  try {
    const value = await work();
    // One more frame, so a stall at the very end is counted too.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    maxFrameGapMs = Math.max(maxFrameGapMs, performance.now() - last);
    return { value, responsiveness: summarise() };
  } finally {
    watching = false;
    for (const entry of observer?.takeRecords() ?? []) tasks.push(entry.duration);
    observer?.disconnect();
  }

  function summarise(): Responsiveness {
    for (const entry of observer?.takeRecords() ?? []) tasks.push(entry.duration);
    return {
      longestTaskMs: Math.round(tasks.reduce((max, d) => Math.max(max, d), 0)),
      longTasks: tasks.length,
      longTaskTotalMs: Math.round(tasks.reduce((sum, d) => sum + d, 0)),
      maxFrameGapMs: Math.round(maxFrameGapMs),
      frames,
    };
  }
}
