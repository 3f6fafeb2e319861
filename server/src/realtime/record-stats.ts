import type { TPerformanceStats } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { performanceStats } from '../modules/signals/signals.service.js';

/**
 * The statistics as this process's hold on the track record gives them, recomputed whenever the log
 * moves (a checkpoint signed, witnesses answered) and passed on only when they changed: the rooms and
 * the plain stream send `stats:update` from here, never statistics a worker read from the signals table.
 */
export interface RecordStatsFeed {
  onStats(listener: (stats: TPerformanceStats) => void): void;
  stop(): void;
}

export function createRecordStatsFeed(
  ctx: Pick<ServerContext, 'bus' | 'record' | 'db' | 'now' | 'config' | 'logger'>,
  onError: (error: unknown) => void,
): RecordStatsFeed {
  const listeners: ((stats: TPerformanceStats) => void)[] = [];
  let last = '';
  let running: Promise<void> | null = null;
  let again = false;

  async function recompute(): Promise<void> {
    do {
      again = false;
      await ctx.record.refresh();
      const stats = await performanceStats(ctx);
      const text = JSON.stringify(stats);
      if (text !== last) {
        last = text;
        for (const listener of listeners) listener(stats);
      }
    } while (again);
  }

  const stop = ctx.bus.subscribe((event) => {
    if (event.type !== 'record:checkpoint' && event.type !== 'record:witnessed') return;
    if (running) {
      // A change while one recompute runs: one more pass after it, however many arrive.
      again = true;
      return;
    }
    running = recompute()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  });
  return { onStats: (listener) => void listeners.push(listener), stop };
}
