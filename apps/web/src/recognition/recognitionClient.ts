// The app's side of the recognition Worker: started on first use, numbered requests, shut down when idle.
import { modelUrls } from './modelFiles';
import type { RecognitionAnswers, RequestOf, RequestType, WorkerCall, WorkerReply } from './protocol';

/** The worker (and its WASM memory, tens of MB) is released after this long without a request. */
export const IDLE_SHUTDOWN_MS = 60_000;

type Pending = {
  resolve: (answer: never) => void;
  reject: (error: Error) => void;
  onProgress?: ((done: number, total: number) => void) | undefined;
};

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let idleTimer: ReturnType<typeof setTimeout> | undefined;
/** Revision of the references the running worker has indexed (none after a restart). */
let indexedRevision: string | undefined;

function stopWorker(reason: string): void {
  worker?.terminate();
  worker = undefined;
  indexedRevision = undefined;
  for (const call of pending.values()) call.reject(new Error(reason));
  pending.clear();
}

function scheduleIdleShutdown(): void {
  clearTimeout(idleTimer);
  if (pending.size === 0) idleTimer = setTimeout(() => stopWorker('idle'), IDLE_SHUTDOWN_MS);
}

function startWorker(): Worker {
  const created = new Worker(new URL('./recognitionWorker.ts', import.meta.url), { type: 'module' });
  created.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const call = pending.get(reply.id);
    if (!call) return;
    if (reply.kind === 'progress') {
      call.onProgress?.(reply.done, reply.total);
      return;
    }
    pending.delete(reply.id);
    if (reply.kind === 'answer') call.resolve(reply.answer as never);
    else call.reject(new Error(reply.message));
    scheduleIdleShutdown();
  };
  created.onerror = (event) => {
    console.error('Recognition worker crashed', event.message);
    stopWorker(`recognition worker crashed: ${event.message}`);
  };
  return created;
}

function send<T extends RequestType>(
  request: RequestOf<T>,
  transfer: Transferable[] = [],
  onProgress?: (done: number, total: number) => void,
): Promise<RecognitionAnswers[T]> {
  clearTimeout(idleTimer);
  if (!worker) {
    worker = startWorker();
    const init: WorkerCall = { id: nextId++, request: { type: 'init', urls: modelUrls() } };
    // The init answer needs no handling: messages are processed in order, so it runs before any request.
    worker.postMessage(init);
  }
  const id = nextId++;
  const call: WorkerCall = { id, request: request };
  return new Promise<RecognitionAnswers[T]>((resolve, reject) => {
    pending.set(id, { resolve: resolve, reject, onProgress });
    worker?.postMessage(call, transfer);
  });
}

/**
 * Retail barcodes in a preview frame (its pixels are transferred, not copied); `known`, the catalogue's
 * barcodes, lets a blurred frame be read for them.
 */
export function scanBarcodes(
  image: RequestOf<'scanBarcodes'>['image'],
  known: readonly string[] = [],
): Promise<string[]> {
  return send<'scanBarcodes'>(
    { type: 'scanBarcodes', image, ...(known.length > 0 ? { known: [...known] } : {}) },
    [image.data.buffer],
  ).then((a) => a.gtins);
}

/** Gives the worker the stored references, unless it already indexed this revision. */
export async function provideReferences(
  revision: string,
  load: () => Promise<RequestOf<'setReferences'>['references']>,
): Promise<void> {
  if (worker && indexedRevision === revision) return;
  const references = await load();
  await send<'setReferences'>({ type: 'setReferences', revision, references });
  indexedRevision = revision;
}

export function analysePhotos(
  request: Omit<RequestOf<'analyse'>, 'type'>,
  onProgress: (done: number, total: number) => void,
): Promise<RecognitionAnswers['analyse']> {
  return send<'analyse'>({ type: 'analyse', ...request }, [], onProgress);
}

export async function computeReference(
  photo: Blob,
): Promise<RecognitionAnswers['computeReference']['features']> {
  return (await send<'computeReference'>({ type: 'computeReference', photo })).features;
}

/**
 * Adds a confirmed crop to the running worker's index, then lets the caller store the outcome; the stored
 * revision it returns is what this worker's index now matches (a worker started later reads the store).
 */
export async function learnReference(
  reference: RequestOf<'learn'>['reference'],
  store: (answer: RecognitionAnswers['learn']) => Promise<string>,
): Promise<RecognitionAnswers['learn']> {
  const answer = await send<'learn'>({ type: 'learn', reference });
  const learntBy = worker;
  const revision = await store(answer);
  if (worker === learntBy && indexedRevision !== undefined) indexedRevision = revision;
  return answer;
}
