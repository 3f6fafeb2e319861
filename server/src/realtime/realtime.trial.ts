import { isPrimaryWindowClosed, Rooms, type TSignal, timerDelay } from '@signalroom/shared';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import type { RealtimeServer } from './realtime.types.js';

/**
 * Delivery to the `trial` room (docs/decisions.md, "The trial: delayed signals"). A trial member gets a
 * signal only once its primary window has closed, always as `signal:update` (never `signal:new`, the
 * live moment), and every later update as it resolves. A signal still in its window is held, latest
 * version only, and sent when the window closes by this process's clock: the member sees it then even
 * if the worker's own update comes late, and never a moment before.
 */
export interface TrialRelay {
  /** A signal event from the bus, new or updated. */
  handle(signal: TSignal): void;
  /** Drops every held signal (process shutdown). */
  close(): void;
}

export function createTrialRelay(
  io: RealtimeServer,
  deps: { metrics: ServerMetrics; now: () => Date; onError: (error: unknown) => void },
): TrialRelay {
  const held = new Map<string, { signal: TSignal; timer: ReturnType<typeof setTimeout> }>();

  function emit(signal: TSignal): void {
    const size = io.of('/').adapter.rooms.get(Rooms.trial)?.size ?? 0;
    if (size === 0) return;
    io.local.to(Rooms.trial).emit('signal:update', signal);
    deps.metrics.socketEvents.inc({ event: 'signal:update' }, size);
  }

  function release(id: string): void {
    const entry = held.get(id);
    if (!entry) return;
    const wait = Date.parse(entry.signal.expiresAt) - deps.now().getTime();
    if (wait > 0) {
      // The clock said not yet (a timer may fire a little early, or at setTimeout's ceiling): hold on.
      entry.timer = setTimeout(() => release(id), timerDelay(wait));
      return;
    }
    held.delete(id);
    emit(entry.signal);
  }

  return {
    handle(signal) {
      try {
        if (isPrimaryWindowClosed(signal, deps.now())) {
          const entry = held.get(signal.id);
          if (entry) clearTimeout(entry.timer);
          held.delete(signal.id);
          emit(signal);
          return;
        }
        const entry = held.get(signal.id);
        if (entry) {
          entry.signal = signal;
          return;
        }
        const wait = timerDelay(Date.parse(signal.expiresAt) - deps.now().getTime());
        held.set(signal.id, { signal, timer: setTimeout(() => release(signal.id), wait) });
      } catch (error) {
        deps.onError(error);
      }
    },
    close() {
      for (const entry of held.values()) clearTimeout(entry.timer);
      held.clear();
    },
  };
}
