// The dialog's side of the catalogue sheet Worker: one Worker per chosen file's session, the page where none starts.
import { CatalogueSheetSession, type SheetReply, type SheetRequest } from './catalogueSheetSession';
import type { SheetWorkerMessage, SheetWorkerReply } from './catalogueSheetWorker';

/** The Worker could not even start (no module Workers, blocked script): the page reads and plans instead. */
class WorkerUnavailable extends Error {}

type Pending = { resolve: (reply: unknown) => void; reject: (error: Error) => void };

/**
 * Reads and plans a spreadsheet in a Worker, so that a file of thousands of lines and a large catalogue
 * never hold up the page. Requests are answered in order; `close` ends the Worker.
 */
export class CatalogueSheetPlanner {
  private worker?: Worker;
  private local?: CatalogueSheetSession;
  private started = false;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  async run<R extends SheetRequest>(request: R): Promise<SheetReply<R>> {
    if (this.local || typeof Worker === 'undefined') return this.inPage(request);
    try {
      return (await this.inWorker(request)) as SheetReply<R>;
    } catch (error) {
      // Only a Worker that never answered is replaced, and only on a new file: its rows are the page's then.
      if (!(error instanceof WorkerUnavailable) || request.type !== 'read') throw error;
      console.warn('Tableur lu dans la page (Worker indisponible)', error);
      this.close();
      return this.inPage(request);
    }
  }

  close(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(new Error('closed'));
    this.pending.clear();
  }

  private inPage<R extends SheetRequest>(request: R): Promise<SheetReply<R>> {
    this.local ??= new CatalogueSheetSession();
    return this.local.run(request);
  }

  private inWorker(request: SheetRequest): Promise<unknown> {
    const worker = (this.worker ??= this.startWorker());
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A File crosses by reference: its bytes are read in the Worker, never copied through the page.
      worker.postMessage({ id, request } satisfies SheetWorkerMessage);
    });
  }

  private startWorker(): Worker {
    this.started = false;
    const worker = new Worker(new URL('./catalogueSheetWorker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<SheetWorkerReply>) => {
      this.started = true;
      const reply = event.data;
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.reply);
      else pending.reject(new Error(reply.message));
    });
    worker.addEventListener('error', (event) => {
      const message = event.message || 'catalogue sheet worker failed';
      const error = this.started ? new Error(message) : new WorkerUnavailable(message);
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      worker.terminate();
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }
}
