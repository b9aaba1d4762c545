// Web Worker: reads a chosen spreadsheet and plans its import off the main thread (the rows stay here).
import { CatalogueSheetSession, type SheetRequest } from './catalogueSheetSession';

export type SheetWorkerMessage = { id: number; request: SheetRequest };
export type SheetWorkerReply =
  { id: number; ok: true; reply: unknown } | { id: number; ok: false; message: string };

const session = new CatalogueSheetSession();

self.addEventListener('message', (event: MessageEvent<SheetWorkerMessage>) => {
  const { id, request } = event.data;
  session.run(request).then(
    (reply) => self.postMessage({ id, ok: true, reply } satisfies SheetWorkerReply),
    (error: unknown) =>
      self.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies SheetWorkerReply),
  );
});
