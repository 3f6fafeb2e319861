import { countdownAt, TIMING } from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared-node';
import { createEventPublisher, type Database, type EventBus, ensureCountdown } from '@signalroom/shared-node';
import type { Kysely } from 'kysely';

export interface CountdownTickerOptions {
  db: Kysely<Database>;
  bus: EventBus;
  logger: ModuleLogger;
  /** How often the deadline is read (ms, default 1 s): a change shows within this. */
  tickMs?: number;
  /** How often an unchanged countdown is published as a sync point (ms, default TIMING.countdownSyncMs). */
  syncMs?: number;
  now?: () => Date;
  /**
   * Whether this process should tick now. With several workers only the lease holder ticks, so clients
   * get one sync point, not one per worker. Absent: always.
   */
  shouldTick?: () => Promise<boolean>;
}

export interface CountdownTicker {
  /** Publishes one sync point now (also used right after a reset). */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * Publishes `countdown:tick` sync points. Clients count down by themselves from the deadline, so an
 * unchanged countdown is published only every `syncMs`; the deadline is read every `tickMs`, and a new
 * deadline (written by any process) or the offer reaching zero is published at the next read. Per-second
 * ticks to every socket were almost all of push's traffic at the real signal cadence.
 */
export function startCountdownTicker(options: CountdownTickerOptions): CountdownTicker {
  const tickMs = options.tickMs ?? 1000;
  const syncMs = options.syncMs ?? TIMING.countdownSyncMs;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running = false;
  let last: { deadline: string | null; ended: boolean; at: number } | null = null;

  const events = createEventPublisher(options.bus, options.logger);

  async function publish(force: boolean): Promise<void> {
    const row = await ensureCountdown(options.db, now());
    const countdown = countdownAt(new Date(row.deadline), now());
    const at = Date.now();
    const changed = !last || last.deadline !== countdown.deadline || last.ended !== countdown.ended;
    if (!force && !changed && last && at - last.at < syncMs) return;
    await events.countdownTick(countdown);
    last = { deadline: countdown.deadline, ended: countdown.ended, at };
  }

  function schedule(): void {
    if (stopped) return;
    const delay = tickMs - (Date.now() % tickMs) || tickMs;
    timer = setTimeout(() => {
      void (async () => {
        if (!running) {
          running = true;
          try {
            if (!options.shouldTick || (await options.shouldTick())) await publish(false);
            // A lapsed lease: whoever takes it over next starts with a sync point.
            else last = null;
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
    tick: () => publish(true),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
