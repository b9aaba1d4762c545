// Probe: OpenCV's homography estimators on the pairs the pipeline verifies — each packaged `train` query
// against its own product's reference photos — inliers and time against RANSAC with OpenCV's default 2,000 iterations (the
// pipeline runs 500). `npx tsx bench/homographyProbe.ts [--data DIR]`.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { matchDescriptors } from '../src/hamming.js';
import { computeFeatures, computeReferenceFeatures, type ImageFeatures } from '../src/keypoints.js';
import { provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { loadOpenCv, type CvMat } from '../src/opencv.js';
import { decodeImageFile } from './decode.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({ options: { data: { type: 'string' } } });
const dir = resolve(args.data ?? '../../../shared/datasets/grocery-dev');
provideOpenCvFromNodeModules();
const cv = await loadOpenCv();
/** findHomography with OpenCV's optional iterations and confidence (the typed binding omits them). */
const findHomography = (...args: [CvMat, CvMat, number, number, CvMat, number?, number?]): CvMat =>
  (cv as unknown as { findHomography(...a: typeof args): CvMat }).findHomography(...args);
const packaged = new Set(
  readCsv(join(dir, 'catalog.csv'))
    .filter((r) => r.brand)
    .map((r) => r.product_id!),
);
const queries = readCsv(join(dir, 'queries.csv')).filter(
  (r) => r.split === 'train' && packaged.has(r.product_id!),
);
const pairs: [ImageFeatures, ImageFeatures][] = [];
for (let i = 0; i < queries.length; i += Math.floor(queries.length / 30)) {
  const { path, product_id: productId } = queries[i]!;
  const query = await computeFeatures(await decodeImageFile(join(dir, path!)), { maxKeypoints: 600 });
  for (const file of readdirSync(join(dir, 'references', productId!)))
    pairs.push([
      query,
      await computeReferenceFeatures(await decodeImageFile(join(dir, 'references', productId!, file))),
    ]);
}
const RANSAC_PIXELS = 6;
const variants: [string, number, number?][] = [
  ['RANSAC 2000 (OpenCV default)', cv.RANSAC],
  ['RANSAC 500 (pipeline)', cv.RANSAC, 500],
  ['USAC_DEFAULT', 32, 2000],
  ['USAC_MAGSAC', 38, 2000],
  ['RHO', 16],
];
let base: number[] = [];
for (const [name, method, iterations] of variants) {
  const begin = performance.now();
  const inliers = pairs.map(([query, reference]) => {
    const matches = matchDescriptors(query.descriptors, reference.descriptors, 0.8);
    if (matches.length < 8) return 0;
    const src = cv.matFromArray(
      matches.length,
      1,
      cv.CV_32FC2,
      matches.flatMap((m) => [reference.points[2 * m.train]!, reference.points[2 * m.train + 1]!]),
    );
    const dst = cv.matFromArray(
      matches.length,
      1,
      cv.CV_32FC2,
      matches.flatMap((m) => [query.points[2 * m.query]!, query.points[2 * m.query + 1]!]),
    );
    const mask = new cv.Mat();
    const h = iterations
      ? findHomography(src, dst, method, RANSAC_PIXELS, mask, iterations, 0.995)
      : findHomography(src, dst, method, RANSAC_PIXELS, mask);
    let count = 0;
    if (h.rows === 3) for (let i = 0; i < matches.length; i++) if (mask.data[i]) count++;
    for (const mat of [src, dst, mask, h]) mat.delete();
    return count;
  });
  const ms = (performance.now() - begin) / pairs.length;
  if (!base.length) base = inliers;
  const scored = base.map((b, i) => [b, inliers[i]!] as const).filter(([b]) => b >= 8);
  console.log(
    `${name.padEnd(24)} ${ms.toFixed(2)} ms/pair (matching included), pairs ≥ 8 inliers ${inliers.filter((n) => n >= 8).length}/${pairs.length}, of RANSAC 2000's: lost ${scored.filter(([, n]) => n < 8).length}, mean change ${(scored.reduce((s, [b, n]) => s + n - b, 0) / scored.length).toFixed(2)}`,
  );
}
