import { countdownAt } from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared/node';
import { createEventPublisher, type Database, type EventBus, ensureCountdown } from '@signalroom/shared/node';
import type { Kysely } from 'kysely';

export interface CountdownTickerOptions {
  db: Kysely<Database>;
  bus: EventBus;
  logger: ModuleLogger;
  tickMs?: number;
  now?: () => Date;
  /**
   * Whether this process should tick now. With several workers only the lease holder ticks, so clients
   * get one tick a second, not one per worker. Absent: always.
   */
  shouldTick?: () => Promise<boolean>;
}

export interface CountdownTicker {
  /** Publishes one tick now (also used right after a reset). */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * Publishes `countdown:tick` every second, on the second. It reads the deadline each time, so an admin's
 * reset (written by a server process) shows in the next tick, within a second.
 */
export function startCountdownTicker(options: CountdownTickerOptions): CountdownTicker {
  const tickMs = options.tickMs ?? 1000;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running = false;

  const events = createEventPublisher(options.bus, options.logger);

  async function tick(): Promise<void> {
    const row = await ensureCountdown(options.db, now());
    await events.countdownTick(countdownAt(new Date(row.deadline), now()));
  }

  function schedule(): void {
    if (stopped) return;
    const delay = tickMs - (Date.now() % tickMs) || tickMs;
    timer = setTimeout(() => {
      void (async () => {
        if (!running) {
          running = true;
          try {
            if (!options.shouldTick || (await options.shouldTick())) await tick();
          } catch (error) {
            options.logger.warn({ err: error }, 'countdown tick failed');
          } finally {
            running = false;
          }
        }
        schedule();
      })();
    }, delay);
    timer.unref?.();
  }

  schedule();
  return {
    tick,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
