import type { CheckpointVerdict } from '@signalroom/shared';
import { verifyCheckpointsNative } from './checkpoint-check.js';
import type { CheckpointRequest } from './checkpoint-worker.js';
import CheckpointWorker from './checkpoint-worker.ts?worker&inline';

interface Pending {
  notes: string[];
  witnesses: string[];
  resolve(verdicts: CheckpointVerdict[]): void;
  reject(error: Error): void;
}

/**
 * Checks cosigned checkpoints on a second thread (a worker started from this page's own script, so a
 * saved copy needs nothing else); where no worker can start, or it fails, in the page itself, so the
 * verdict never depends on it. `thread()` says which did the work.
 */
export function createCheckpointThread() {
  let worker: Worker | null = null;
  let usedPage = false;
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const inPage = (request: Pending) => {
    usedPage = true;
    verifyCheckpointsNative(request.notes, request.witnesses).then(request.resolve, request.reject);
  };
  const giveUp = (reason: unknown) => {
    console.warn('The checkpoint worker stopped; checking in this page instead:', reason);
    worker?.terminate();
    worker = null;
    for (const request of pending.values()) inPage(request);
    pending.clear();
  };
  try {
    worker = new CheckpointWorker();
    worker.addEventListener(
      'message',
      (event: MessageEvent<{ id: number; verdicts?: CheckpointVerdict[]; error?: string }>) => {
        const request = pending.get(event.data.id);
        pending.delete(event.data.id);
        if (!request) return;
        if (event.data.verdicts) request.resolve(event.data.verdicts);
        else request.reject(new Error(event.data.error ?? 'the checkpoint worker failed'));
      },
    );
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      giveUp(event.message);
    });
  } catch (error) {
    giveUp(error);
  }
  return {
    verify(notes: string[], witnesses: readonly string[]): Promise<CheckpointVerdict[]> {
      return new Promise((resolve, reject) => {
        const request: Pending = { notes, witnesses: [...witnesses], resolve, reject };
        if (!worker) return inPage(request);
        const id = nextId++;
        pending.set(id, request);
        worker.postMessage({ id, notes, witnesses: request.witnesses } satisfies CheckpointRequest);
      });
    },
    /** Where the checkpoints were checked: 'worker', 'page', or both when the worker gave up midway. */
    thread(): 'worker' | 'page' | 'worker and page' {
      if (!usedPage) return 'worker';
      return nextId > 0 ? 'worker and page' : 'page';
    },
    close(): void {
      worker?.terminate();
    },
  };
}
