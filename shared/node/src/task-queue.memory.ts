import { type ModuleLogger, silentLogger } from './logger.js';
import { createDefinitions, type PendingTask, type TaskCounts, type TaskQueue, taskKey } from './task-queue.js';

/** setTimeout's longest wait; a later task waits in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Failures remembered for counts(), like the queue's kept failed jobs. */
const FAILED_KEPT = 1000;

interface Entry {
  kind: string;
  id: string;
  payload: unknown;
  runAt: number;
  attempt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * The embedded shape's task queue: timers in this process, the same retry rules as BullMQ's
 * (exponential backoff, a fixed number of attempts), at most `concurrency` handlers at once. Nothing
 * survives the process; what must is restored from the database at start.
 */
export function createInProcessTaskQueue(
  options: { logger?: ModuleLogger; concurrency?: number; now?: () => number } = {},
): TaskQueue {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? 8;
  const registry = createDefinitions(logger);
  const pending = new Map<string, Entry>();
  const ready: Entry[] = [];
  const running = new Set<Promise<void>>();
  /** Tasks running now, per kind (for kinds with a concurrency of their own). */
  const runningOfKind = new Map<string, number>();
  let failed = 0;
  let started = false;
  let closed = false;

  function arm(entry: Entry): void {
    if (!started || closed) return;
    const wait = entry.runAt - now();
    if (wait <= 0) {
      entry.timer = null;
      ready.push(entry);
      pump();
      return;
    }
    entry.timer = setTimeout(() => arm(entry), Math.min(wait, MAX_TIMER_MS));
    entry.timer.unref?.();
  }

  /**
   * The next task to run: the first ready one of an ordinary kind, else the first of a background kind;
   * a kind already running as many as its own concurrency is passed over.
   */
  function takeNext(): Entry | undefined {
    let background = -1;
    for (let i = 0; i < ready.length; i += 1) {
      const { kind } = ready[i] as Entry;
      const definition = registry.definitions.get(kind);
      if (definition?.concurrency && (runningOfKind.get(kind) ?? 0) >= definition.concurrency) continue;
      if (!definition?.background) return ready.splice(i, 1)[0];
      if (background < 0) background = i;
    }
    return background >= 0 ? ready.splice(background, 1)[0] : undefined;
  }

  function pump(): void {
    while (!closed && running.size < concurrency && ready.length > 0) {
      const entry = takeNext();
      if (!entry) return;
      runningOfKind.set(entry.kind, (runningOfKind.get(entry.kind) ?? 0) + 1);
      const run = execute(entry).finally(() => {
        running.delete(run);
        runningOfKind.set(entry.kind, (runningOfKind.get(entry.kind) ?? 1) - 1);
        pump();
      });
      running.add(run);
    }
  }

  async function execute(entry: Entry): Promise<void> {
    const key = taskKey(entry.kind, entry.id);
    if (pending.get(key) !== entry) return; // replaced or cancelled meanwhile
    pending.delete(key);
    try {
      const definition = registry.require(entry.kind);
      try {
        await definition.handler(entry.payload, { id: entry.id, attempt: entry.attempt });
      } catch (error) {
        if (entry.attempt >= definition.attempts) throw error;
        const retry: Entry = {
          ...entry,
          attempt: entry.attempt + 1,
          runAt: now() + definition.backoffMs * 2 ** (entry.attempt - 1),
          timer: null,
        };
        logger.warn({ kind: entry.kind, id: entry.id, attempt: entry.attempt, err: error }, 'task failed; retrying');
        // A task scheduled again while this one ran is newer: it wins over the retry.
        if (!pending.has(key)) {
          pending.set(key, retry);
          arm(retry);
        }
      }
    } catch (error) {
      failed = Math.min(FAILED_KEPT, failed + 1);
      logger.error({ kind: entry.kind, id: entry.id, attempt: entry.attempt, err: error }, 'task failed for good');
    }
  }

  function put(kind: string, task: PendingTask<unknown>, replace: boolean): void {
    const key = taskKey(kind, task.id);
    const existing = pending.get(key);
    if (existing && !replace) return;
    if (existing?.timer) clearTimeout(existing.timer);
    if (existing) {
      const index = ready.indexOf(existing);
      if (index >= 0) ready.splice(index, 1);
    }
    const entry: Entry = {
      kind,
      id: task.id,
      payload: task.payload,
      runAt: task.runAt?.getTime() ?? now(),
      attempt: 1,
      timer: null,
    };
    pending.set(key, entry);
    arm(entry);
  }

  return {
    define: registry.define,
    async schedule(kind, id, payload, runAt) {
      registry.require(kind);
      put(kind, { id, payload, runAt }, true);
    },
    async scheduleMany(kind, tasks) {
      registry.require(kind);
      for (const task of tasks) put(kind, task, false);
    },
    async cancel(kind, id) {
      const key = taskKey(kind, id);
      const entry = pending.get(key);
      if (!entry) return;
      if (entry.timer) clearTimeout(entry.timer);
      pending.delete(key);
      const index = ready.indexOf(entry);
      if (index >= 0) ready.splice(index, 1);
    },
    async counts(): Promise<TaskCounts> {
      const delayed = pending.size - ready.length;
      return { waiting: ready.length, active: running.size, delayed, failed };
    },
    async start() {
      if (started) return;
      for (const { kind, task } of await registry.restorable()) put(kind, task, true);
      started = true;
      for (const entry of pending.values()) arm(entry);
    },
    async close() {
      closed = true;
      for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
      await Promise.allSettled([...running]);
    },
  };
}
