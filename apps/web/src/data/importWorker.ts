// Web Worker: parses and validates a backup file off the main thread, so the page stays responsive.
import { parseBackupText } from '@hanouti/core';
import type { ImportWorkerReply, ImportWorkerRequest } from './backupParsing';

self.addEventListener('message', (event: MessageEvent<ImportWorkerRequest>) => {
  const reply: ImportWorkerReply = { result: parseBackupText(event.data.text) };
  self.postMessage(reply);
});
