import { nextSignalBoundary, timerDelay } from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared-node';
import type { SignalEngine } from '../engine/signal-engine.js';
import type { SlotIssuer } from './slot-issuer.js';

export interface Runner {
  /** Judges the signal's windows as they end from `at` on (a signal issued outside the slot, on the desk). */
  watch(signalId: string, at: Date): void;
  close(): Promise<void>;
}

/**
 * The embedded shape's scheduler (no Redis): the same engine steps on timers in this process. A timer
 * for every boundary issues the slot's signal; a timer per active signal judges each window as it ends.
 * On start, signals left active by a previous run are judged at once if overdue.
 */
export async function startInProcessRunner(
  engine: SignalEngine,
  options: { issuer: SlotIssuer; logger: ModuleLogger; now?: () => Date },
): Promise<Runner> {
  const now = options.now ?? (() => new Date());
  const { logger } = options;
  const resolveTimers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let slotTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const track = <T>(p: Promise<T>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };

  function scheduleResolve(id: string, at: Date): void {
    if (closed) return;
    const existing = resolveTimers.get(id);
    if (existing) clearTimeout(existing);
    const timer = setTimeout(
      () => {
        resolveTimers.delete(id);
        void track(
          engine
            .resolveSignal(id)
            .then((r) => {
              if (r.state === 'waiting') scheduleResolve(id, r.nextAt);
            })
            .catch((error) => {
              logger.error({ id, err: error }, 'resolving a signal failed; retrying shortly');
              scheduleResolve(id, new Date(Date.now() + Math.min(5000, engine.intervalMs)));
            }),
        );
      },
      // A far moment (a signal dated years ahead) fires at the ceiling and is asked again: 'waiting'.
      timerDelay(at.getTime() - Date.now()),
    );
    resolveTimers.set(id, timer);
  }

  async function sweep(): Promise<void> {
    for (const w of await engine.resolveDue()) scheduleResolve(w.id, w.nextAt);
  }

  async function runBoundary(slotStart: Date): Promise<void> {
    try {
      const outcome = await options.issuer.issue(slotStart);
      if (outcome.state === 'issued') scheduleResolve(outcome.signal.id, new Date(outcome.signal.expiresAt));
    } catch (error) {
      logger.error({ slot: slotStart.toISOString(), err: error }, 'slot failed');
    }
    await engine.attestSlot().catch((error) => logger.error({ err: error }, 'track record checkpoint failed'));
    // Catch anything a failed timer left behind.
    await sweep().catch((error) => logger.error({ err: error }, 'sweep failed'));
  }

  function scheduleSlot(): void {
    if (closed) return;
    const slotStart = nextSignalBoundary(now(), engine.intervalMs);
    slotTimer = setTimeout(
      () => {
        void track(runBoundary(slotStart)).finally(scheduleSlot);
      },
      timerDelay(slotStart.getTime() - now().getTime()),
    );
  }

  await sweep();
  scheduleSlot();
  return {
    watch: scheduleResolve,
    async close() {
      closed = true;
      if (slotTimer) clearTimeout(slotTimer);
      for (const t of resolveTimers.values()) clearTimeout(t);
      resolveTimers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
