/** A growing list of things received (mails, bus events) and a way to wait for one of them. */
export interface Arrivals<T> {
  /** Call after pushing a new item: wakes every pending waitFor. */
  arrived(): void;
  /** Resolves with the first item (already received or arriving within the timeout) that matches. */
  waitFor(predicate: (item: T) => boolean, timeoutMs?: number): Promise<T>;
}

/**
 * Waits on `items` as it grows; on timeout rejects with `timeoutMessage(timeoutMs)`, which may
 * describe what did arrive. Shared by the SMTP server and the bus recorder so both wait alike.
 */
export function arrivals<T>(items: readonly T[], timeoutMessage: (timeoutMs: number) => string): Arrivals<T> {
  const waiters = new Set<() => void>();
  return {
    arrived() {
      for (const wake of waiters) wake();
    },
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(timeoutMessage(timeoutMs)));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * Calls `probe` until it returns something other than undefined/false, then resolves with that; after
 * `timeoutMs` rejects with `message` and the last value seen. For conditions nothing announces (a
 * health answer, a row appearing, a process exiting).
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs: number; everyMs?: number; message: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${options.message} (within ${options.timeoutMs} ms; last: ${String(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 50));
  }
}

/**
 * The one deliberate wait in the suites, for a test that must show something does NOT happen (no request
 * after a debounce, no poll once push took over): that takes time to pass. Checks `happened` through
 * the window and fails at once, naming `what`, if it turns true. Never use it to wait until work is done.
 */
export async function expectNothingWithin(
  windowMs: number,
  what: string,
  happened: () => Promise<boolean> | boolean,
): Promise<void> {
  const until = Date.now() + windowMs;
  for (;;) {
    if (await happened()) throw new Error(`Unexpected within ${windowMs} ms: ${what}`);
    const left = until - Date.now();
    if (left <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, left)));
  }
}
