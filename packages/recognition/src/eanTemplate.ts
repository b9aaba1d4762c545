// EAN-13 / UPC-A and EAN-8 read by blurred templates, not by a binariser (after Gallo & Manduchi, "Reading 1D
// barcodes with mobile phones using deformable templates", 2011; simplified: one module width a row, no
// deformation). Where blur or a coarse sampling (under about 1.5 px a module) has spread the narrow bars into
// grey, a binariser loses them; a correlation with each digit's pattern blurred alike does not. Along a row
// across upright bars (or, turned, lying ones), the densest run of edges gives the code's two outer edges; the
// code's modules (95, or an EAN-8's 67: the symbology whose guards and digits fit best) are placed between them
// (searched ±1.5 modules at each end, in module steps — the same work at any resolution — where the guards fit
// best); each digit's 7 modules, with its known neighbour on each side, are correlated (zero mean, unit norm:
// blind to the light's level and contrast) with every digit's pattern blurred by a Gaussian of 0.3–1.2
// modules; the best code under the first digit's parity patterns (EAN-13) and the check digit is found by
// dynamic programming. A row's read counts when its mean correlation is at least MIN_CORRELATION and every
// digit is its position's best pattern (the check digit corrected nothing). The reads are rows of one image:
// barcode.ts counts them as one view (a code outside the catalogue needs another view to agree).
import type { PixelBox } from './image.js';

/** Odd-parity (L) patterns of the ten digits, a module each (1: bar); R is their complement, G R reversed. */
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011'];
L_CODES.push('0110001', '0101111', '0111011', '0110111', '0001011');
const R_CODES = L_CODES.map((p) => [...p].map((c) => (c === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((p) => [...p].reverse().join(''));
/** The left half's parities, by the first digit (EAN-13; UPC-A is its first digit 0). */
const PARITIES = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG'];
PARITIES.push('LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL');
/** Samples a module. */
const SUB = 3;
/** Blurs the templates are made with, in modules. */
const SIGMAS = [0.3, 0.6, 0.9, 1.2];
const MIN_CORRELATION = 0.8;

function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly =
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
  const y = 1 - poly * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/** Zero mean, unit norm (in place). */
function normalise(v: Float64Array): Float64Array {
  let mean = 0;
  for (const x of v) mean += x;
  mean /= v.length;
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] = v[i]! - mean;
    norm += v[i]! * v[i]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Modules (1: bar) blurred by `sigma` modules, SUB samples a module (the end modules repeated outwards). */
function blurredModules(modules: readonly number[], sigma: number): Float64Array {
  const out = new Float64Array(modules.length * SUB);
  for (let i = 0; i < out.length; i++) {
    const x = (i + 0.5) / SUB;
    let value = 0;
    for (let m = -3; m < modules.length + 3; m++) {
      // The share of module m under a Gaussian centred at x.
      const share = 0.5 * (erf((m + 1 - x) / sigma / Math.SQRT2) - erf((m - x) / sigma / Math.SQRT2));
      value += share * modules[Math.min(modules.length - 1, Math.max(0, m))]!;
    }
    out[i] = value;
  }
  return out;
}

/** A digit's 7 modules with a module of context each side, blurred by `sigma` modules, normalised. */
function template(pattern: string, before: number, after: number, sigma: number): Float64Array {
  return normalise(blurredModules([before, ...[...pattern].map(Number), after], sigma));
}

type Guards = readonly (readonly [number, readonly number[]])[];

/**
 * The modules every code of a symbology has, by first module: the start guard with the quiet zone before it and
 * the first digit's first module (a space, whatever the digit and parity), the middle guard between a left
 * digit's last module and a right digit's first (bars), the end guard between the last digit's space and the
 * quiet zone.
 */
const guardsAt = (middle: number, end: number): Guards => [
  [-1, [0, 1, 0, 1, 0]],
  [middle - 1, [1, 0, 1, 0, 1, 0, 1]],
  [end - 1, [0, 1, 0, 1, 0]],
];
const guardTemplate = (guards: Guards, sigma: number) =>
  normalise(Float64Array.from(guards.flatMap(([, modules]) => [...blurredModules(modules, sigma)])));

/**
 * EAN-13 (UPC-A is its first digit 0): 95 modules, 12 encoded digits (the first is the left half's parities);
 * EAN-8: 67 modules, 8 digits, the left half all L. `digitStart`: each encoded digit's first module.
 */
type Symbology = {
  modules: number;
  digitStart: readonly number[];
  left: number;
  guards: Guards;
  guardModules: number;
};
const symbology = (digitStart: number[], middle: number, end: number, modules: number): Symbology => {
  const guards = guardsAt(middle, end);
  return {
    modules,
    digitStart,
    left: digitStart.length / 2,
    guards,
    guardModules: guards.reduce((total, [, m]) => total + m.length, 0),
  };
};
const EAN13 = symbology([3, 10, 17, 24, 31, 38, 50, 57, 64, 71, 78, 85], 45, 92, 95);
const EAN8 = symbology([3, 10, 17, 24, 36, 43, 50, 57], 31, 64, 67);
const SYMBOLOGIES = [EAN13, EAN8];

/**
 * Per blur, the templates: the left half's [digit][L, G] (each follows a bar and precedes a space), the right
 * half's [digit] (each follows a space and precedes a bar).
 */
const TEMPLATES = new Map(
  SIGMAS.map((sigma) => [
    sigma,
    {
      left: L_CODES.map((l, d) => [template(l, 1, 0, sigma), template(G_CODES[d]!, 1, 0, sigma)] as const),
      right: R_CODES.map((r) => template(r, 0, 1, sigma)),
    },
  ]),
);

/** `count` modules from `firstModule` sampled along the profile (SUB a module), module m at x0 + m·w. */
function moduleSamples(
  profile: Float64Array,
  x0: number,
  w: number,
  firstModule: number,
  count: number,
  out = new Float64Array(count * SUB),
  at = 0,
): Float64Array {
  for (let i = 0; i < count * SUB; i++) {
    const x = x0 + (firstModule + (i + 0.5) / SUB) * w - 0.5;
    const i0 = Math.max(0, Math.min(profile.length - 1, Math.floor(x)));
    const i1 = Math.min(profile.length - 1, i0 + 1);
    const f = Math.max(0, Math.min(1, x - i0));
    out[at + i] = profile[i0]! * (1 - f) + profile[i1]! * f;
  }
  return out;
}

/** A digit's 9 modules (context included) sampled along the profile, normalised. */
function digitSamples(profile: Float64Array, x0: number, w: number, firstModule: number): Float64Array {
  return normalise(moduleSamples(profile, x0, w, firstModule - 1, 9));
}

/** How well the guards sit at a placement: their samples' correlation with the guards blurred (`guards`). */
function guardScore(
  code: Symbology,
  profile: Float64Array,
  x0: number,
  w: number,
  guards: Float64Array,
): number {
  const samples = new Float64Array(code.guardModules * SUB);
  let at = 0;
  for (const [first, modules] of code.guards) {
    moduleSamples(profile, x0, w, first, modules.length, samples, at);
    at += modules.length * SUB;
  }
  return dot(normalise(samples), guards);
}

/**
 * Correlations of each position with each pattern: left [position][digit][L, G], right [position][digit]
 * (an EAN-8's left digits are all L: its G correlations are −∞).
 */
function correlations(code: Symbology, profile: Float64Array, x0: number, w: number, sigma: number) {
  const templates = TEMPLATES.get(sigma)!;
  const left: (readonly [number, number])[][] = [];
  const right: number[][] = [];
  code.digitStart.forEach((first, p) => {
    const samples = digitSamples(profile, x0, w, first);
    if (p >= code.left) right.push(templates.right.map((r) => dot(samples, r)));
    else if (code === EAN8) left.push(templates.left.map(([l]) => [dot(samples, l), -Infinity] as const));
    else left.push(templates.left.map(([l, g]) => [dot(samples, l), dot(samples, g)] as const));
  });
  return { left, right };
}

/** The mean over the digits of each position's best correlation: how well the code sits there. */
function placementScore(
  code: Symbology,
  profile: Float64Array,
  x0: number,
  w: number,
  sigma: number,
): number {
  const templates = TEMPLATES.get(sigma)!;
  let total = 0;
  code.digitStart.forEach((first, p) => {
    const samples = digitSamples(profile, x0, w, first);
    let best = -Infinity;
    if (p >= code.left) for (const r of templates.right) best = Math.max(best, dot(samples, r));
    else if (code === EAN8) for (const [l] of templates.left) best = Math.max(best, dot(samples, l));
    else for (const [l, g] of templates.left) best = Math.max(best, dot(samples, l), dot(samples, g));
    total += best;
  });
  return total / code.digitStart.length;
}

/** Weight of the 13-digit code's n-th digit (0-based) in its check sum. */
const weightOf = (n: number) => (n % 2 === 0 ? 1 : 3);

type Path = { score: number; digits: number[] };

/** The best EAN-8 at a placement (its check: weights 3, 1, 3, … over the 8 digits), as `decodeAt`. */
function decodeEan8At(profile: Float64Array, x0: number, w: number, sigma: number) {
  const { left, right } = correlations(EAN8, profile, x0, w, sigma);
  const scores = [...left.map((position) => position.map(([l]) => l)), ...right];
  let paths = new Map<number, Path>([[0, { score: 0, digits: [] }]]);
  scores.forEach((position, p) => {
    const next = new Map<number, Path>();
    for (const [sum, path] of paths)
      for (let d = 0; d < 10; d++) {
        const residue = (sum + (p % 2 === 0 ? 3 : 1) * d) % 10;
        const score = path.score + position[d]!;
        if ((next.get(residue)?.score ?? -Infinity) < score)
          next.set(residue, { score, digits: [...path.digits, d] });
      }
    paths = next;
  });
  const best = paths.get(0);
  if (!best) return undefined;
  const code = best.digits.join('');
  const uncorrected = scores.map((position) => position.indexOf(Math.max(...position))).join('') === code;
  return { code, correlation: best.score / 8, uncorrected };
}

/** The best code (13 digits) at a placement, its mean correlation, and whether no digit was corrected. */
function decodeAt(profile: Float64Array, x0: number, w: number, sigma: number) {
  const { left, right } = correlations(EAN13, profile, x0, w, sigma);
  // The right half: the best digits for each residue of their weighted sum (digits 8–13 of the code).
  let rightBest = new Map<number, Path>([[0, { score: 0, digits: [] }]]);
  for (let p = 0; p < 6; p++) {
    const next = new Map<number, Path>();
    for (const [sum, path] of rightBest)
      for (let d = 0; d < 10; d++) {
        const residue = (sum + weightOf(p + 7) * d) % 10;
        const score = path.score + right[p]![d]!;
        if ((next.get(residue)?.score ?? -Infinity) < score)
          next.set(residue, { score, digits: [...path.digits, d] });
      }
    rightBest = next;
  }
  let best: { score: number; code: string } | undefined;
  for (let first = 0; first < 10; first++) {
    let paths = new Map<number, Path>([[first, { score: 0, digits: [] }]]);
    for (let p = 0; p < 6; p++) {
      const parity = PARITIES[first]![p] === 'G' ? 1 : 0;
      const next = new Map<number, Path>();
      for (const [sum, path] of paths)
        for (let d = 0; d < 10; d++) {
          const residue = (sum + weightOf(p + 1) * d) % 10;
          const score = path.score + left[p]![d]![parity];
          if ((next.get(residue)?.score ?? -Infinity) < score)
            next.set(residue, { score, digits: [...path.digits, d] });
        }
      paths = next;
    }
    for (const [sum, path] of paths) {
      const rest = rightBest.get((10 - sum) % 10);
      if (!rest) continue;
      const score = path.score + rest.score;
      if (!best || score > best.score)
        best = { score, code: `${first}${path.digits.join('')}${rest.digits.join('')}` };
    }
  }
  if (!best) return undefined;
  const argmax = (values: readonly number[]) => values.indexOf(Math.max(...values));
  const uncorrected =
    left.map((position) => Math.floor(argmax(position.flat()) / 2)).join('') +
    right.map((position) => argmax(position)).join('');
  return { code: best.code, correlation: best.score / 12, uncorrected: uncorrected === best.code.slice(1) };
}

/** The darkness (255 − grey) along row y, averaged over the rows `band` above and below. */
function rowProfile(grey: Uint8Array, width: number, height: number, y: number, band: number): Float64Array {
  const out = new Float64Array(width);
  let rows = 0;
  for (let yy = Math.max(0, y - band); yy <= Math.min(height - 1, y + band); yy++, rows++)
    for (let x = 0; x < width; x++) out[x] = out[x]! + 255 - grey[yy * width + x]!;
  for (let x = 0; x < width; x++) out[x] = out[x]! / rows;
  return out;
}

/** The first and last edges of the densest run of edges along a profile (runs split at wide gaps). */
function edgeRun(profile: Float64Array): [number, number] | undefined {
  const gradient = new Float64Array(profile.length);
  let max = 0;
  for (let x = 1; x < profile.length - 1; x++) {
    gradient[x] = Math.abs(profile[x + 1]! - profile[x - 1]!) / 2;
    max = Math.max(max, gradient[x]!);
  }
  if (max < 6) return undefined;
  const edges: number[] = [];
  for (let x = 1; x < profile.length - 1; x++)
    if (gradient[x]! >= 0.25 * max && gradient[x]! >= gradient[x - 1]! && gradient[x]! > gradient[x + 1]!)
      edges.push(x);
  let best: [number, number, number] | undefined;
  let start = 0;
  for (let i = 1; i <= edges.length; i++) {
    const spacing = (edges[i - 1]! - edges[start]!) / Math.max(1, i - 1 - start);
    if (i < edges.length && edges[i]! - edges[i - 1]! <= Math.max(8, 4 * spacing)) continue;
    const count = i - start;
    if (count >= 10 && (!best || count > best[2])) best = [edges[start]!, edges[i - 1]!, count];
    start = i;
  }
  return best && [best[0], best[1]];
}

/** A row's read: its 13 (EAN-8: 8) digits, how well they fit, whether the check digit corrected none, its ends. */
export type RowRead = { code: string; correlation: number; uncorrected: boolean; from: number; to: number };

/**
 * One row's read: the code placed between the run's edges — coarsely (each end ±1.5 modules in quarter-module
 * steps, ranked by how well the guards fit, the digits correlated at the GUARD_PLACEMENTS best; one blur; as an
 * EAN-13 and as an EAN-8, the better fit kept),
 * then finely (eighth-module steps at that blur, then every blur at the best) — and decoded at the best
 * placement. A row whose coarse placement fits badly (a run of edges that is text, not a code) stops there.
 */
export function readRow(profile: Float64Array, ean8 = true): RowRead | undefined {
  const run = edgeRun(profile);
  if (!run) return undefined;
  const [e0, e1] = run;
  // The symbology whose coarse placement fits best (an EAN-13's run read as an EAN-8 puts its guards and digits
  // on the wrong modules, and the other way round).
  let best: { code: Symbology; score: number; a: number; b: number; sigma: number } | undefined;
  const placeAt = (code: Symbology, a: number, b: number) => {
    const w0 = (e1 - e0) / code.modules;
    const from = e0 + 0.5 + a * w0;
    return [from, (e1 + 0.5 + b * w0 - from) / code.modules] as const;
  };
  for (const code of ean8 ? SYMBOLOGIES : [EAN13]) {
    if ((e1 - e0) / code.modules < 0.8) continue;
    // Coarse: the placements whose guards fit best (a few correlations each), then the digits at those only.
    const coarse: { a: number; b: number; guards: number }[] = [];
    for (let a = -1.5; a <= 1.5 + 1e-9; a += 0.25)
      for (let b = -1.5; b <= 1.5 + 1e-9; b += 0.25)
        coarse.push({
          a,
          b,
          guards: guardScore(code, profile, ...placeAt(code, a, b), COARSE_GUARDS.get(code)!),
        });
    coarse.sort((p, q) => q.guards - p.guards || p.a - q.a || p.b - q.b);
    for (const { a, b } of coarse.slice(0, GUARD_PLACEMENTS)) {
      const score = placementScore(code, profile, ...placeAt(code, a, b), COARSE_SIGMA);
      if (!best || score > best.score) best = { code, score, a, b, sigma: COARSE_SIGMA };
    }
  }
  if (!best || best.score < COARSE_FIT) return undefined;
  const code = best.code;
  const search = (a0: number, b0: number, reach: number, step: number, sigmas: readonly number[]) => {
    for (let a = a0 - reach; a <= a0 + reach + 1e-9; a += step)
      for (let b = b0 - reach; b <= b0 + reach + 1e-9; b += step)
        for (const sigma of sigmas) {
          const score = placementScore(code, profile, ...placeAt(code, a, b), sigma);
          if (score > best!.score) best = { code, score, a, b, sigma };
        }
  };
  // Fine: the placement at the coarse blur, then the blur at that placement.
  search(best.a, best.b, 0.25, 0.125, [COARSE_SIGMA]);
  search(best.a, best.b, 0, 1, SIGMAS);
  const [from, w] = placeAt(code, best.a, best.b);
  const read =
    code === EAN8 ? decodeEan8At(profile, from, w, best.sigma) : decodeAt(profile, from, w, best.sigma);
  return read && { ...read, from, to: from + code.modules * w };
}

/** The blur of the coarse placement, in modules; a coarse placement fitting worse than COARSE_FIT is not a code. */
const COARSE_SIGMA = 0.6;
const COARSE_FIT = 0.5;
const COARSE_GUARDS = new Map(SYMBOLOGIES.map((code) => [code, guardTemplate(code.guards, COARSE_SIGMA)]));
/** Coarse placements (of 169) whose digits are correlated: the ones whose guards fit best. */
const GUARD_PLACEMENTS = 8;
/** Rows that must read a code for it to be kept. */
export const MIN_TEMPLATE_ROWS = 3;

export type TemplateRead = { code: string; rows: number; box: PixelBox };

/**
 * Codes read along rows of a grey image (and of it turned a quarter), each with the rows that read it and their
 * box. The rows are 24 across the image; around a row that fits a code well, four more rows a third of a step
 * apart (a small code gets the rows its agreement needs). A code is kept when MIN_TEMPLATE_ROWS rows read it and
 * more than twice the rows of any other code read where it is (blur moves a digit alike on neighbouring rows;
 * a rival with half the rows says the place is ambiguous). `ean8: false`: EAN-13 / UPC-A only (a catalogue
 * without an EAN-8 need not pay for its placements).
 */
export function readByTemplates(
  grey: Uint8Array,
  width: number,
  height: number,
  { ean8 = true }: { ean8?: boolean } = {},
): TemplateRead[] {
  const found: TemplateRead[] = [];
  for (const turned of [false, true]) {
    const [w, h] = turned ? [height, width] : [width, height];
    const plane = turned ? transpose(grey, width, height) : grey;
    const step = Math.max(2, Math.round(h / 24));
    const band = 1;
    const byCode = new Map<string, { rows: number; x0: number; x1: number; y0: number; y1: number }>();
    const readAt = (y: number) => {
      const profile = rowProfile(plane, w, h, y, band);
      let fits = false;
      for (const reversed of [false, true]) {
        const read = readRow(reversed ? profile.slice().reverse() : profile, ean8);
        if (!read || read.correlation < MIN_CORRELATION) continue;
        fits = true;
        if (!read.uncorrected) continue;
        const [x0, x1] = reversed ? [w - read.to, w - read.from] : [read.from, read.to];
        const seen = byCode.get(read.code);
        if (!seen) byCode.set(read.code, { rows: 1, x0, x1, y0: y - band, y1: y + band });
        else
          Object.assign(seen, {
            rows: seen.rows + 1,
            x0: Math.min(seen.x0, x0),
            x1: Math.max(seen.x1, x1),
            y0: Math.min(seen.y0, y - band),
            y1: Math.max(seen.y1, y + band),
          });
      }
      return fits;
    };
    const fitting: number[] = [];
    for (let y = step; y < h - step; y += step) if (readAt(y)) fitting.push(y);
    const extra = new Set<number>();
    for (const y of fitting) for (const k of [-2, -1, 1, 2]) extra.add(Math.round(y + (k * step) / 3));
    for (const y of [...extra].sort((a, b) => a - b)) if (y > 0 && y < h - 1) readAt(y);
    for (const [code, { rows, x0, x1, y0, y1 }] of byCode) {
      const box = turned
        ? { x: y0, y: x0, width: y1 - y0, height: x1 - x0 }
        : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
      found.push({ code, rows, box });
    }
  }
  const overlaps = (a: PixelBox, b: PixelBox) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  return found
    .filter(
      (read) =>
        read.rows >= MIN_TEMPLATE_ROWS &&
        found.every(
          (other) =>
            other === read ||
            other.code === read.code ||
            !overlaps(read.box, other.box) ||
            read.rows > 2 * other.rows,
        ),
    )
    .sort((a, b) => b.rows - a.rows);
}

function transpose(grey: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = grey[y * width + x]!;
  return out;
}
