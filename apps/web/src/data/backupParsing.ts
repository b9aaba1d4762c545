// Runs the core backup parser in a Web Worker (in the page when Worker is unavailable, as in tests).
import { parseBackupText, type ImportResult } from '@hanouti/core';

export type ImportWorkerRequest = { text: string };
export type ImportWorkerReply = { result: ImportResult };

function parseInWorker(text: string): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ImportWorkerReply>) => {
      worker.terminate();
      resolve(event.data.result);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'import worker failed'));
    });
    const request: ImportWorkerRequest = { text };
    worker.postMessage(request);
  });
}

/**
 * Parses and validates the backup text; nothing here touches the database. Where a module Worker
 * cannot start (tests, old browsers), the same parser runs in the page.
 */
export async function parseBackup(text: string): Promise<ImportResult> {
  if (typeof Worker === 'undefined') return parseBackupText(text);
  try {
    return await parseInWorker(text);
  } catch (error) {
    console.warn('Analyse de la sauvegarde dans la page (Worker indisponible)', error);
    return parseBackupText(text);
  }
}
