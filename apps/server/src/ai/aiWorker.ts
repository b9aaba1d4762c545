// Runs the recognition pipeline (aiService) in a worker thread, so that its seconds of CPU never hold the event loop.
import { parentPort } from 'node:worker_threads';
import { DomainError, type DomainErrorKind } from '../domain/errors.js';
import * as service from './aiService.js';

export type AiTask =
  | { kind: 'detect'; image: string; detectThreshold?: number | undefined }
  | { kind: 'barcode'; image: string }
  | { kind: 'ocr'; image: string; lang?: service.TextLanguage | undefined }
  | { kind: 'visual-match'; crop: string; products: service.MatchProduct[]; topK: number };

export type AiRequest = { id: number; task: AiTask };
export type AiAnswer =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { kind: DomainErrorKind; code: string; message: string } | undefined };

async function run(task: AiTask): Promise<unknown> {
  switch (task.kind) {
    case 'detect':
      return service.detect(task.image, task.detectThreshold);
    case 'barcode':
      return service.readBarcodes(task.image);
    case 'ocr':
      return service.readText(task.image, task.lang);
    case 'visual-match':
      return service.visualMatch(task.crop, task.products, task.topK);
  }
}

parentPort?.postMessage({ ready: true } satisfies AiAnswer);
parentPort?.on('message', (request: AiRequest) => {
  run(request.task).then(
    (value) => parentPort?.postMessage({ id: request.id, ok: true, value } satisfies AiAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        // Our own refusals (an unreadable image) cross over as they are; anything else is a server error.
        error:
          error instanceof DomainError
            ? { kind: error.kind, code: error.code, message: error.message }
            : undefined,
      } satisfies AiAnswer),
  );
});
