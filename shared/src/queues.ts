/** BullMQ queue and job names, defined once for the worker, the server's Bull Board and metrics. */
export const QUEUES = {
  signals: 'signals',
  /** Work that runs later or is retried: expiries, reminders, deliveries (task-queue.ts). */
  tasks: 'tasks',
} as const;

export const JOBS = {
  /** Scheduled on every 5-minute boundary: generate the slot's signal. */
  generateSignal: 'generate-signal',
  /** Delayed to a signal's expiry (and each martingale level's): resolve its outcome. */
  resolveSignal: 'resolve-signal',
} as const;

/** BullMQ key prefix under the deployment's Redis namespace: the worker's queue and the server's readers. */
export function queuePrefix(namespace: string): string {
  return `${namespace}:bull`;
}
