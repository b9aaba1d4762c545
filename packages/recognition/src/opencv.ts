// Loads OpenCV (WASM) once and exposes the few calls the pipeline uses, typed narrowly.

/** The subset of OpenCV.js used here (its bundled typings lack AKAZE). */
export type CvMat = {
  data: Uint8Array;
  data32F: Float32Array;
  data64F: Float64Array;
  rows: number;
  cols: number;
  delete(): void;
};
type CvKeyPoint = { pt: { x: number; y: number }; response: number; size: number; angle: number };
export type CvKeyPointVector = { size(): number; get(i: number): CvKeyPoint; delete(): void };
type CvFeature2D = {
  detectAndCompute(image: CvMat, mask: CvMat, keypoints: CvKeyPointVector, descriptors: CvMat): void;
  setThreshold?(threshold: number): void;
  delete(): void;
};
export type CvMatVector = { size(): number; get(i: number): CvMat; delete(): void };
type CvRotatedRect = {
  center: { x: number; y: number };
  size: { width: number; height: number };
  angle: number;
};
export type OpenCv = {
  Mat: new () => CvMat;
  MatVector: new () => CvMatVector;
  findContours(image: CvMat, contours: CvMatVector, hierarchy: CvMat, mode: number, method: number): void;
  minAreaRect(points: CvMat): CvRotatedRect;
  RotatedRect: { points(rect: CvRotatedRect): { x: number; y: number }[] };
  RETR_LIST: number;
  CHAIN_APPROX_SIMPLE: number;
  KeyPointVector: new () => CvKeyPointVector;
  AKAZE: new () => CvFeature2D;
  matFromArray(rows: number, cols: number, type: number, array: ArrayLike<number>): CvMat;
  findHomography(
    src: CvMat,
    dst: CvMat,
    method: number,
    threshold: number,
    mask: CvMat,
    maxIters?: number,
    confidence?: number,
  ): CvMat;
  CV_8UC1: number;
  CV_32FC2: number;
  RANSAC: number;
};

let loading: Promise<OpenCv> | undefined;
let provided: unknown;

/**
 * Hands over the OpenCV.js module object. Node callers use `provideOpenCvFromNodeModules()` (nodeAssets.ts),
 * because a test runner's ESM interop awaits the module's `then` and never settles; a browser worker may
 * rely on the dynamic import below instead.
 */
export function provideOpenCv(module: unknown): void {
  provided = module;
}

/**
 * Resolves when the runtime is ready. The module object is a thenable whose `then` never settles when
 * awaited, so it is removed first; errors are caught here because OpenCV prints its whole source when one
 * escapes.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= (async () => {
    const module = (provided ??
      ((await import('@techstark/opencv-js')) as { default: unknown }).default) as Record<string, unknown> & {
      onRuntimeInitialized?: () => void;
    };
    return new Promise<OpenCv>((resolve, reject) => {
      try {
        const ready = () => {
          delete module.then;
          resolve(module as unknown as OpenCv);
        };
        if (typeof module.Mat === 'function') ready();
        else module.onRuntimeInitialized = ready;
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  })();
  return loading;
}
