// Background work (the daily check of the large tables) steps aside while a sale is rung up and its ticket shown.

/** Background work resumes this long after the last hold is released (the sale screen hands over to the ticket). */
const RESUME_AFTER_MS = 1000;

let holds = 0;
let waiting: (() => void)[] = [];
let resumeTimer: ReturnType<typeof setTimeout> | undefined;

function resumeIfFree(): void {
  resumeTimer = undefined;
  if (holds > 0) return;
  const resume = waiting;
  waiting = [];
  for (const go of resume) go();
}

/** Holds background work back until the returned release is called (twice is the same as once). */
export function holdBackgroundWork(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0 && resumeTimer === undefined) resumeTimer = setTimeout(resumeIfFree, RESUME_AFTER_MS);
  };
}

/** Resolves at once when nothing holds background work back, else once no hold is left. */
export function backgroundWorkAllowed(): Promise<void> {
  return holds === 0 && resumeTimer === undefined
    ? Promise.resolve()
    : new Promise((resolve) => waiting.push(resolve));
}
