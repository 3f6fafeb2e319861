import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

/**
 * Runs `work` and answers no sooner than `floorMs` after it started, whether it succeeded or threw.
 * Calls whose work differs for a known and an unknown e-mail (a row written, a mail queued) use it so
 * that the time of the answer does not tell the two apart.
 */
export async function withTimingFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
