// PP-OCR's networks in a thread of their own (a Worker in the browser, worker_threads in Node): the
// recognition thread sends each network's input tensor and gets its output back, and meanwhile does the work
// that does not need the words — the photo's keypoints, barcode and look-alike (recognise.ts). On a phone's
// several cores, and this machine's two, reading is then no longer added to the rest.
import type { OcrModel, OcrRunner, OcrTensor } from './ocr.js';

export type OcrRequest = { id: number; model: OcrModel; input: OcrTensor };
export type OcrReply = { id: number; output: OcrTensor } | { id: number; error: string };
/** The thread's first message: ready with the networks it runs, or the reason it could not load them. */
export type OcrThreadReady = { ready: true; models: OcrModel[] } | { ready: false; error: string };

const isModel = (m: unknown): m is OcrModel => m === 'detector' || m === 'recogniser' || m === 'classifier';

/** The thread's ready message, or undefined for any other message (a reply). */
export function ocrThreadReady(message: unknown): OcrThreadReady | undefined {
  const m = message as { ready?: unknown; models?: unknown; error?: unknown } | null;
  if (typeof m !== 'object' || m === null || typeof m.ready !== 'boolean') return undefined;
  if (!m.ready)
    return { ready: false, error: typeof m.error === 'string' ? m.error : 'the OCR thread failed' };
  if (!Array.isArray(m.models) || !m.models.every(isModel))
    return { ready: false, error: 'the OCR thread named no networks' };
  return { ready: true, models: m.models };
}

/** The two ends of a message channel, whatever the platform's Worker looks like. */
export type OcrPort<Out, In> = {
  post(message: Out, transfer: ArrayBuffer[]): void;
  listen(handler: (message: In) => void): void;
};

function isRequest(message: unknown): message is OcrRequest {
  const m = message as Partial<OcrRequest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'number' &&
    isModel(m.model) &&
    m.input?.data instanceof Float32Array &&
    Array.isArray(m.input.dims)
  );
}

/**
 * The thread's side: runs each request in turn (the runtime is single-threaded) and answers it, an error
 * included — a bad request is answered with its reason and the next one still runs.
 */
export function serveOcrRunner(runner: OcrRunner, port: OcrPort<OcrReply, unknown>): void {
  let queue = Promise.resolve();
  port.listen((message) => {
    if (!isRequest(message)) {
      const id =
        typeof (message as { id?: unknown } | null)?.id === 'number' ? (message as { id: number }).id : -1;
      port.post({ id, error: 'not an OCR request' }, []);
      return;
    }
    queue = queue.then(async () => {
      try {
        const output = await runner.run(message.model, message.input);
        port.post({ id: message.id, output }, [output.data.buffer as ArrayBuffer]);
      } catch (error) {
        port.post({ id: message.id, error: error instanceof Error ? error.message : String(error) }, []);
      }
    });
  });
}

/**
 * The caller's side: each `run` posts its input (transferred, not copied: the caller never reuses it) and
 * resolves with the thread's answer. `models` are the networks the thread said it runs (its ready message).
 * `fail` rejects what is pending and what comes after with its first reason (the thread died); `release` ends
 * the thread.
 */
export function remoteOcrRunner(
  port: OcrPort<OcrRequest, unknown>,
  terminate: () => void | Promise<void>,
  models: readonly OcrModel[],
): OcrRunner & { fail(error: Error): void } {
  let next = 0;
  const pending = new Map<number, { resolve(output: OcrTensor): void; reject(error: Error): void }>();
  let failed: Error | undefined;
  port.listen((message) => {
    const reply = message as OcrReply;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(`OCR: ${reply.error}`));
    else waiting.resolve(reply.output);
  });
  return {
    concurrent: true,
    models: [...models],
    run(model, input) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise<OcrTensor>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        port.post({ id, model, input }, [input.data.buffer as ArrayBuffer]);
      });
    },
    fail(error) {
      failed ??= error;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    },
    async release() {
      this.fail(new Error('OCR: the reader was released'));
      await terminate();
    },
  };
}
