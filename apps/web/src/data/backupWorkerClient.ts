// Sends a backup job to the backup Worker and waits for its outcome; only progress and the outcome cross over.
import {
  runBackupJob,
  type BackupJob,
  type BackupJobResult,
  type BackupProgress,
  type OnBackupProgress,
} from './backupJobs';

export type BackupWorkerReply =
  | { type: 'progress'; progress: BackupProgress }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; message: string };

/** The Worker could not even start (no module Workers, blocked script): the page may run the job instead. */
class WorkerUnavailable extends Error {}

function runInWorker<J extends BackupJob>(job: J, onProgress: OnBackupProgress): Promise<BackupJobResult<J>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./backupWorker.ts', import.meta.url), { type: 'module' });
    let started = false;
    worker.addEventListener('message', (event: MessageEvent<BackupWorkerReply>) => {
      started = true;
      const reply = event.data;
      if (reply.type === 'progress') {
        onProgress(reply.progress);
        return;
      }
      worker.terminate();
      if (reply.type === 'done') resolve(reply.result as BackupJobResult<J>);
      else reject(new Error(reply.message));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      const message = event.message || 'backup worker failed';
      reject(started ? new Error(message) : new WorkerUnavailable(message));
    });
    // A File and a Blob cross by reference: the file's bytes are never copied through the main thread.
    worker.postMessage(job);
  });
}

/**
 * Runs a backup job in the backup Worker, so the page stays responsive however large the shop. Where a
 * module Worker cannot start (tests, old browsers), the same job runs in the page.
 */
export async function runBackupJobOffThread<J extends BackupJob>(
  job: J,
  onProgress: OnBackupProgress = () => undefined,
): Promise<BackupJobResult<J>> {
  if (typeof Worker === 'undefined') return runBackupJob(job, onProgress);
  try {
    return await runInWorker(job, onProgress);
  } catch (error) {
    if (!(error instanceof WorkerUnavailable)) throw error;
    console.warn('Sauvegarde dans la page (Worker indisponible)', error);
    return runBackupJob(job, onProgress);
  }
}
