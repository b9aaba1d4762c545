import fc from 'fast-check';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOcrModels } from './nodeAssets.js';
import { createOcrRunner, type OcrRunner } from './ocr.js';
import { ocrThreadReady, remoteOcrRunner, serveOcrRunner, type OcrReply } from './ocrThread.js';

const MODELS: readonly string[] = ['detector', 'recogniser', 'classifier'];

/** A port end as ocrThread.ts wants it. */
const portOf = <Out, In>(port: MessagePort) => ({
  post: (message: Out, transfer: ArrayBuffer[]) => port.postMessage(message, transfer),
  listen: (handler: (message: In) => void) => port.on('message', handler),
});

describe('PP-OCR in a thread of its own: the message protocol', () => {
  let runner: OcrRunner;
  let channel: MessageChannel;
  const replies: OcrReply[] = [];
  const nextReply = () =>
    new Promise<OcrReply>((resolve) => channel.port1.once('message', (reply: OcrReply) => resolve(reply)));
  /** A detector input of 32×32 (its smallest): a grey square. */
  const square = () => ({ data: new Float32Array(3 * 32 * 32).fill(0.5), dims: [1, 3, 32, 32] });

  beforeAll(async () => {
    runner = await createOcrRunner(await loadOcrModels());
    channel = new MessageChannel();
    serveOcrRunner(runner, portOf<OcrReply, unknown>(channel.port2));
    channel.port1.on('message', (reply: OcrReply) => replies.push(reply));
  });
  afterAll(async () => {
    channel.port1.close();
    await runner.release();
  });

  it('answers a bad request with its reason, and the next request still runs', async () => {
    let reply = nextReply();
    channel.port1.postMessage({
      id: 1,
      model: 'detector',
      input: { data: new Float32Array(5), dims: [1, 3, 32, 32] },
    });
    const refused = await reply;
    expect(refused.id).toBe(1);
    expect('error' in refused && refused.error).toMatch(/\w/);
    reply = nextReply();
    channel.port1.postMessage({ id: 2, model: 'printer', input: square() });
    expect(await reply).toEqual({ id: 2, error: 'not an OCR request' });
    reply = nextReply();
    channel.port1.postMessage({ id: 3, model: 'detector', input: square() });
    const answer = await reply;
    expect(answer.id).toBe(3);
    expect('output' in answer && answer.output.dims).toEqual([1, 1, 32, 32]);
  });

  it('never stops on generated messages: each gets an answer or is ignored, and a request after them runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.anything({ withTypedArray: true }), { maxLength: 6 }),
        async (messages) => {
          for (const message of messages) channel.port1.postMessage(message);
          const reply = new Promise<OcrReply>((resolve) => {
            const onReply = (r: OcrReply) => {
              if (r.id !== 999) return;
              channel.port1.off('message', onReply);
              resolve(r);
            };
            channel.port1.on('message', onReply);
          });
          channel.port1.postMessage({ id: 999, model: 'detector', input: square() });
          const answer = await reply;
          expect('output' in answer).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("the caller's side: a run answered by the thread; after a failure, every run rejects with its reason", async () => {
    const calls = new MessageChannel();
    serveOcrRunner(runner, portOf<OcrReply, unknown>(calls.port2));
    let terminated = 0;
    const remote = remoteOcrRunner(
      portOf(calls.port1),
      () => {
        terminated++;
      },
      runner.models,
    );
    expect(remote.concurrent).toBe(true);
    expect(remote.models).toEqual(['detector', 'recogniser', 'classifier']);
    const output = await remote.run('detector', square());
    expect(output.dims).toEqual([1, 1, 32, 32]);
    expect(output.data.length).toBe(32 * 32);
    await expect(remote.run('detector', { data: new Float32Array(3), dims: [1, 3, 32, 32] })).rejects.toThrow(
      /^OCR: /,
    );
    remote.fail(new Error('the OCR worker stopped'));
    remote.fail(new Error('a later reason'));
    await expect(remote.run('detector', square())).rejects.toThrow('the OCR worker stopped');
    await remote.release();
    expect(terminated).toBe(1);
    calls.port1.close();
  });

  it("the thread's ready message: the networks it runs, or its reason; anything else is not it", () => {
    expect(ocrThreadReady({ ready: true, models: ['detector', 'recogniser'] })).toEqual({
      ready: true,
      models: ['detector', 'recogniser'],
    });
    expect(ocrThreadReady({ ready: false, error: 'HTTP 404' })).toEqual({ ready: false, error: 'HTTP 404' });
    expect(ocrThreadReady({ ready: true, models: ['printer'] })).toMatchObject({ ready: false });
    expect(ocrThreadReady({ ready: true })).toMatchObject({ ready: false });
    expect(ocrThreadReady({ id: 3, output: square() })).toBeUndefined();
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const answer = ocrThreadReady(message);
        const ready = (message as { ready?: unknown } | null)?.ready;
        if (typeof ready !== 'boolean') expect(answer).toBeUndefined();
        else expect(answer?.ready === false || answer?.models.every((m) => MODELS.includes(m))).toBe(true);
      }),
    );
  });
});
