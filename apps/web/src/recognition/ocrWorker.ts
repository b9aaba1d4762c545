// PP-OCR's networks in a Worker of their own, started by the recognition Worker (recognitionWorker.ts): it reads
// a crop's words while the recognition Worker computes the crop's keypoints, barcode and look-alike on another
// core (packages/recognition/src/ocrThread.ts). The first message gives the model files' URLs (the app's
// models/ folder, cached for offline); the Worker answers `{ ready: true, models }` (the networks it runs) or
// `{ ready: false, error }`.
import {
  createOcrRunner,
  serveOcrRunner,
  setOrtWasmUrl,
  type OcrReply,
  type OcrThreadReady,
} from '@hanouti/recognition';

export type OcrWorkerInit = {
  ortWasm: string;
  ocrDetector: string;
  ocrRecogniser: string;
  ocrClassifier: string;
};

// The app's lib is DOM: the worker's own scope is typed here with the members it uses.
const scope = self as unknown as {
  postMessage(message: OcrReply | OcrThreadReady, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

async function bytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`OCR model ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const init = (event: MessageEvent<unknown>) => {
  scope.removeEventListener('message', init);
  const files = event.data as OcrWorkerInit;
  void (async () => {
    try {
      setOrtWasmUrl(files.ortWasm);
      const [detector, recogniser, classifier] = await Promise.all([
        bytes(files.ocrDetector),
        bytes(files.ocrRecogniser),
        bytes(files.ocrClassifier),
      ]);
      const runner = await createOcrRunner({ detector, recogniser, classifier });
      serveOcrRunner(runner, {
        post: (message, transfer) => scope.postMessage(message, transfer),
        listen: (handler) => scope.addEventListener('message', (e) => handler(e.data)),
      });
      scope.postMessage({ ready: true, models: [...runner.models] });
    } catch (error) {
      scope.postMessage({ ready: false, error: error instanceof Error ? error.message : String(error) });
    }
  })();
};
scope.addEventListener('message', init);
