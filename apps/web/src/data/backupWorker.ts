// Web Worker: runs a backup job (export, preview, import) off the main thread, reading and writing IndexedDB itself.
import { runBackupJob, type BackupJob } from './backupJobs';
import type { BackupWorkerReply } from './backupWorkerClient';

function reply(message: BackupWorkerReply): void {
  self.postMessage(message);
}

self.addEventListener('message', (event: MessageEvent<BackupJob>) => {
  runBackupJob(event.data, (progress) => reply({ type: 'progress', progress })).then(
    (result) => reply({ type: 'done', result }),
    (error: unknown) =>
      reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
