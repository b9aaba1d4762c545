// Hybrid logical clock: a time stamp that follows the wall clock but never goes backwards across devices.
//
// Last-writer-wins on catalogue, customer and settings records compares these stamps. A phone whose clock is
// days ahead or a year behind still orders its edits after every edit it has seen: receiving a stamp moves
// the local clock past it, so an edit made after a pull always wins over what was pulled.

/** One stamp: wall-clock milliseconds, a counter for events in the same millisecond, and the writer. */
export type Hlc = { wallMs: number; counter: number; node: string };

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 6;
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1;
const HLC_PATTERN = /^(\d{15})-(\d{6})-([\w:.-]{1,64})$/;

/** The stamp before every real one (a record that was never edited). */
export const HLC_ZERO: Hlc = { wallMs: 0, counter: 0, node: '0' };

/**
 * Fixed-width text form, `000001741000000000-000000-node`: comparing two stamps as strings orders them,
 * so the server and IndexedDB can compare without parsing.
 */
export function formatHlc(hlc: Hlc): string {
  return `${String(hlc.wallMs).padStart(WALL_DIGITS, '0')}-${String(hlc.counter).padStart(COUNTER_DIGITS, '0')}-${hlc.node}`;
}

export function parseHlc(text: string): Hlc | undefined {
  const match = HLC_PATTERN.exec(text);
  if (!match) return undefined;
  return { wallMs: Number(match[1]), counter: Number(match[2]), node: match[3] ?? '' };
}

export function isHlc(text: unknown): text is string {
  return typeof text === 'string' && HLC_PATTERN.test(text);
}

/** Negative, zero or positive like a sort comparator; the node breaks ties so that the order is total. */
export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function next(wallMs: number, counter: number, node: string): Hlc {
  // 10⁶ events in one millisecond cannot happen on a phone; if it did, borrow the next millisecond.
  return counter > MAX_COUNTER ? { wallMs: wallMs + 1, counter: 0, node } : { wallMs, counter, node };
}

/** The stamp of a local edit: later than the wall clock's now and than every stamp seen before. */
export function tickHlc(last: Hlc, nowMs: number, node: string): Hlc {
  const wall = Math.max(Math.floor(nowMs), last.wallMs);
  return next(wall, wall === last.wallMs ? last.counter + 1 : 0, node);
}

/** The local clock after seeing a remote stamp: past both, so the next local edit orders after it. */
export function receiveHlc(local: Hlc, remote: Hlc, nowMs: number): Hlc {
  const wall = Math.max(Math.floor(nowMs), local.wallMs, remote.wallMs);
  let counter = 0;
  if (wall === local.wallMs && wall === remote.wallMs) counter = Math.max(local.counter, remote.counter) + 1;
  else if (wall === local.wallMs) counter = local.counter + 1;
  else if (wall === remote.wallMs) counter = remote.counter + 1;
  return next(wall, counter, local.node);
}

/** A stamp for a record edited before stamps existed: its own edit time, counter 0. */
export function hlcFromTime(iso: string, node: string): string {
  const ms = Date.parse(iso);
  return formatHlc({ wallMs: Number.isFinite(ms) && ms > 0 ? ms : 0, counter: 0, node });
}

/** The later of two stamps (undefined counts as the earliest). */
export function laterHlc(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareHlc(a, b) >= 0 ? a : b;
}
