import { QUEUES, queuePrefix } from '@signalroom/shared';
import type { ModuleLogger } from './logger.js';

/** What a handler learns about the run: the task's id and which attempt this is (1 for the first). */
export interface TaskRun {
  id: string;
  attempt: number;
}

export type TaskHandler<P> = (payload: P, run: TaskRun) => Promise<void>;

/** A task the database says must be pending (a grant that expires, a reminder): restored at start. */
export interface PendingTask<P> {
  id: string;
  payload: P;
  /** When it runs; absent or past, at once. */
  runAt?: Date | undefined;
}

export interface TaskKindOptions<P> {
  /** Runs in all, the first included (default 5). */
  attempts?: number;
  /** Wait before the first retry; each later retry waits twice the one before (default 1 s). */
  backoffMs?: number;
  /**
   * What must be pending according to the database. Run at start (and after Redis came back empty), so a
   * restart or a lost queue loses no task; handlers must be idempotent, since a task may then run twice.
   */
  restore?: () => Promise<PendingTask<P>[]>;
  /**
   * Work a member asked for by hand (a resend, a recovery): it runs only when no task of an ordinary
   * kind is waiting, so it never goes ahead of them.
   */
  background?: boolean;
  /**
   * At most this many tasks of the kind run at once in one process; the others wait without taking a
   * slot, so a kind whose tasks may each wait seconds on someone else's server cannot fill the queue.
   */
  concurrency?: number;
}

export interface TaskCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * Work that runs later or must survive a failure: a grant's expiry, a reminder, a delivery. One queue for
 * every kind; a kind's handler is defined once (at module registration), then tasks are scheduled by id.
 */
export interface TaskQueue {
  define<P>(kind: string, handler: TaskHandler<P>, options?: TaskKindOptions<P>): void;
  /** Schedules a task; a pending task of the same kind and id is replaced (a new time, a new payload). */
  schedule<P>(kind: string, id: string, payload: P, runAt?: Date): Promise<void>;
  /** Schedules many at once; ids already pending are left as they are (a fan-out run twice adds nothing). */
  scheduleMany<P>(kind: string, tasks: PendingTask<P>[]): Promise<void>;
  /** Drops a pending task; one already running finishes. */
  cancel(kind: string, id: string): Promise<void>;
  counts(): Promise<TaskCounts>;
  /** Restores every kind's pending tasks and starts running them. Call once, after every define. */
  start(): Promise<void>;
  /** Stops taking tasks and waits for the running ones. */
  close(): Promise<void>;
}

export interface Definition {
  handler: TaskHandler<unknown>;
  attempts: number;
  backoffMs: number;
  restore?: (() => Promise<PendingTask<unknown>[]>) | undefined;
  background: boolean;
  /** Null: no limit of its own (the queue's concurrency). */
  concurrency: number | null;
}

/** The name of the queue every shape's tasks go through, and its BullMQ prefix. */
export const TASK_QUEUE = { name: QUEUES.tasks, prefix: queuePrefix } as const;

/** Task ids are `kind.id`: BullMQ refuses ':' in custom ids, and the kind keeps ids of kinds apart. */
export function taskKey(kind: string, id: string): string {
  return `${kind}.${id}`;
}

/** Registers definitions, with the checks both shapes share. */
export function createDefinitions(logger: ModuleLogger) {
  const definitions = new Map<string, Definition>();
  return {
    definitions,
    define<P>(kind: string, handler: TaskHandler<P>, options: TaskKindOptions<P> = {}): void {
      if (definitions.has(kind)) throw new Error(`Task kind ${kind} is defined twice`);
      if (kind.includes('.') || kind.includes(':')) throw new Error(`Task kind ${kind} may not contain '.' or ':'`);
      definitions.set(kind, {
        handler: handler as TaskHandler<unknown>,
        attempts: Math.max(1, options.attempts ?? 5),
        backoffMs: options.backoffMs ?? 1000,
        restore: options.restore as Definition['restore'],
        background: options.background ?? false,
        concurrency: options.concurrency ? Math.max(1, options.concurrency) : null,
      });
    },
    /** The pending tasks of every kind, from the database; a kind whose restore fails is logged and skipped. */
    async restorable(): Promise<{ kind: string; task: PendingTask<unknown> }[]> {
      const all: { kind: string; task: PendingTask<unknown> }[] = [];
      for (const [kind, definition] of definitions) {
        if (!definition.restore) continue;
        try {
          for (const task of await definition.restore()) all.push({ kind, task });
        } catch (error) {
          logger.error({ kind, err: error }, 'could not restore pending tasks');
        }
      }
      return all;
    },
    require(kind: string): Definition {
      const definition = definitions.get(kind);
      if (!definition) throw new Error(`No handler is defined for task kind ${kind}`);
      return definition;
    },
  };
}
