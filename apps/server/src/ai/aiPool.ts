// A small pool of worker threads for the AI routes: a bounded queue, a per-shop limit, the event loop kept free.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DomainError } from '../domain/errors.js';
import type { AiAnswer, AiRequest, AiTask } from './aiWorker.js';

export type AiPoolOptions = {
  /** Worker threads (each holds its own copy of the models, ≈ 300 MB): AI_WORKERS, 1 by default. */
  workers?: number | undefined;
  /** Tasks waiting for a worker, all shops together; past it → 429. */
  maxQueued?: number | undefined;
  /** Tasks of one shop running or waiting at once; past it → 429 (one shop cannot hold the others up). */
  perShop?: number | undefined;
};

type Job = {
  id: number;
  shopId: string;
  task: AiTask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

const busy = () => new DomainError('busy', 'ai_busy', 'Reconnaissance occupée, réessayez dans un instant');

/** A worker on the built .js, or on the .ts source through tsx's loader (tests run the sources). */
function startWorker(): Worker {
  const built = new URL('./aiWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  const source = JSON.stringify(new URL('./aiWorker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`,
    { eval: true },
  );
}

export class AiPool {
  private readonly size: number;
  private readonly maxQueued: number;
  private readonly perShop: number;
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private readonly perShopCount = new Map<string, number>();
  private nextId = 1;
  private closed = false;

  constructor(options: AiPoolOptions = {}) {
    this.size = Math.max(1, Math.min(8, options.workers ?? (Number(process.env.AI_WORKERS) || 1)));
    this.maxQueued = options.maxQueued ?? 8;
    this.perShop = options.perShop ?? 2;
  }

  /** Runs `task` for `shopId` on a worker; 429 when the shop or the queue is full. */
  run<T>(shopId: string, task: AiTask): Promise<T> {
    if (this.closed)
      return Promise.reject(new DomainError('unavailable', 'service_unavailable', 'Arrêt en cours'));
    const count = this.perShopCount.get(shopId) ?? 0;
    if (count >= this.perShop || this.queue.length >= this.maxQueued) return Promise.reject(busy());
    this.perShopCount.set(shopId, count + 1);
    return new Promise<T>((resolve, reject) => {
      const release = () => {
        const left = (this.perShopCount.get(shopId) ?? 1) - 1;
        if (left <= 0) this.perShopCount.delete(shopId);
        else this.perShopCount.set(shopId, left);
      };
      this.queue.push({
        id: this.nextId++,
        shopId,
        task,
        resolve: (value) => {
          release();
          resolve(value as T);
        },
        reject: (error) => {
          release();
          reject(error);
        },
      });
      this.dispatch();
    });
  }

  /** Tasks running and waiting now (for tests and the bench). */
  get load(): { running: number; queued: number } {
    return { running: this.running.size, queued: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(busy());
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    // Workers start on demand; a new one takes work once it says it is ready.
    if (this.idle.length === 0 && this.all.length < this.size && this.queue.length > 0) this.spawn();
    while (this.queue.length > 0) {
      const worker = this.idle.pop();
      if (!worker) return;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.postMessage({ id: job.id, task: job.task } satisfies AiRequest);
    }
  }

  private spawn(): Worker {
    const worker = startWorker();
    worker.unref();
    this.all.push(worker);
    worker.on('message', (answer: AiAnswer) => {
      if ('ready' in answer) {
        this.idle.push(worker);
        this.dispatch();
        return;
      }
      const job = this.running.get(worker);
      this.running.delete(worker);
      this.idle.push(worker);
      if (job && job.id === answer.id) {
        if (answer.ok) job.resolve(answer.value);
        else if (answer.error) {
          job.reject(new DomainError(answer.error.kind, answer.error.code, answer.error.message));
        } else job.reject(new Error('AI task failed in its worker'));
      }
      this.dispatch();
    });
    // A worker that dies (out of memory, a crash in WASM) fails its task and is replaced at the next dispatch.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      this.all.splice(this.all.indexOf(worker), 1);
      const idleAt = this.idle.indexOf(worker);
      if (idleAt >= 0) this.idle.splice(idleAt, 1);
      job?.reject(new Error('AI worker stopped'));
      if (!this.closed) this.dispatch();
    });
    return worker;
  }
}
