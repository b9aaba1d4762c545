// Node only: the worker_threads entry that runs PP-OCR's networks for `createThreadedTextReader` (nodeAssets.ts).
/// <reference types="node" />
import { parentPort } from 'node:worker_threads';
import { loadOcrModels } from './nodeAssets.js';
import { createOcrRunner } from './ocr.js';
import { serveOcrRunner, type OcrThreadReady } from './ocrThread.js';

const port = parentPort;
if (!port) throw new Error('nodeOcrThread.ts runs as a worker thread');
const runner = await createOcrRunner(await loadOcrModels());
serveOcrRunner(runner, {
  post: (message, transfer) => port.postMessage(message, transfer),
  listen: (handler) => port.on('message', handler),
});
port.postMessage({ ready: true, models: [...runner.models] } satisfies OcrThreadReady);
