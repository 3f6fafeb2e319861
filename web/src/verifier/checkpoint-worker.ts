import { verifyCheckpointsNative } from './checkpoint-check.js';

/**
 * The verifier page's second thread: it reads and checks the cosigned checkpoints while the page
 * rehashes the entries (two cores, two halves of the work). One message a page of checkpoints.
 */
export interface CheckpointRequest {
  id: number;
  notes: string[];
  witnesses: string[];
}

self.addEventListener('message', (event: MessageEvent<CheckpointRequest>) => {
  const { id, notes, witnesses } = event.data;
  verifyCheckpointsNative(notes, witnesses).then(
    (verdicts) => self.postMessage({ id, verdicts }),
    (error: unknown) => self.postMessage({ id, error: String(error) }),
  );
});
