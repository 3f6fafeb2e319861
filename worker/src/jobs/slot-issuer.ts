import { setTimeout as sleep } from 'node:timers/promises';
import { isSlotIssuable, lateIssueSeconds, SlotReasons, type TSignal } from '@signalroom/shared';
import {
  createEventPublisher,
  type Database,
  type EventBus,
  findSignalBySlot,
  isDatabaseUnavailable,
  type ModuleLogger,
  presentSignal,
  recordMissedSlots,
  recordSlotGap,
} from '@signalroom/shared-node';
import type { Kysely } from 'kysely';
import type { SignalEngine } from '../engine/signal-engine.js';

export type SlotOutcome =
  | { state: 'issued'; signal: TSignal }
  /** The slot already had its signal, or a recorded reason for having none (another run's work). */
  | { state: 'settled' }
  /** The slot's time passed before its signal could be written: recorded as missed. */
  | { state: 'missed' };

export interface SlotIssuer {
  issue(slotStart: Date): Promise<SlotOutcome>;
}

const MISSED_WHILE_AWAY = 'no signal was written while the slot could be issued: the database or every worker was away';

/** The public reason a slot was missed for, from the last failure before its deadline (none: the job came late). */
function missedReason(failure: unknown): string {
  if (!failure) return SlotReasons.jobLate;
  return isDatabaseUnavailable(failure) ? SlotReasons.databaseDown : SlotReasons.engineFailed;
}

/**
 * The slot promise around the engine's runSlot, shared by both schedulers: a slot yields its signal
 * (late, and marked so by its issue time, when it took a retry), a recorded reason for having none, or,
 * once its issue deadline has passed (slotIssueDeadlineMs: 60 s at the real cadence), a recorded
 * 'missed'; never nothing. Any failure is retried every `retryMs` until the deadline: runSlot is
 * idempotent on the slot (its insert and its gap each refuse a slot already decided), so a retry, a
 * second worker or the slot guard can never issue it twice. Each slot first records as missed the
 * earlier slots left with neither a signal nor a gap (the database or every worker was away when they
 * were due), so an outage longer than a slot is accounted for once it ends.
 */
export function createSlotIssuer(
  engine: SignalEngine,
  deps: { db: Kysely<Database>; bus: EventBus; logger: ModuleLogger; now?: () => Date; retryMs?: number },
): SlotIssuer {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const retryMs = deps.retryMs ?? Math.min(1000, engine.intervalMs / 8);
  const events = createEventPublisher(deps.bus, logger);

  async function recordEarlierMisses(slotStart: Date): Promise<void> {
    try {
      const recorded = await recordMissedSlots(db, {
        before: slotStart,
        intervalMs: engine.intervalMs,
        detail: MISSED_WHILE_AWAY,
        publicReason: SlotReasons.workerAway,
        at: now(),
      });
      if (recorded > 0) logger.warn({ slot: slotStart.toISOString(), recorded }, 'earlier slots recorded as missed');
    } catch (error) {
      // The next slot looks again: the gaps wait for a database that answers.
      logger.warn({ slot: slotStart.toISOString(), err: error }, 'could not record missed slots yet');
    }
  }

  async function recordMissed(slotStart: Date, failure: unknown): Promise<void> {
    const detail = failure
      ? `the slot kept failing until its deadline: ${(failure as Error).message}`
      : 'the slot came too late to issue (its job ran after the deadline)';
    logger.warn({ slot: slotStart.toISOString(), detail }, 'slot missed');
    try {
      await recordSlotGap(db, { slotStart, reason: 'missed', detail, publicReason: missedReason(failure), at: now() });
    } catch (error) {
      logger.warn(
        { slot: slotStart.toISOString(), err: error },
        'missed slot not recorded yet; a later slot records it',
      );
    }
  }

  /**
   * An attempt whose answer was lost may still have committed: then the retry finds the slot's signal
   * written but never announced. Announcing it again is harmless (clients and delivery key on its id).
   */
  async function announceWritten(slotStart: Date): Promise<void> {
    const row = await findSignalBySlot(db, slotStart);
    if (!row) return;
    logger.warn({ slot: slotStart.toISOString(), id: row.id }, 'announcing a signal whose write was not confirmed');
    await events.signalNew(presentSignal(row));
  }

  // A slot being issued in this process (its job, and the slot guard beside it) is issued once: a second
  // caller waits for the same attempt rather than asking the feed again.
  const inFlight = new Map<number, Promise<SlotOutcome>>();

  return {
    issue(slotStart) {
      const key = slotStart.getTime();
      const running = inFlight.get(key);
      if (running) return running.then((outcome) => (outcome.state === 'issued' ? { state: 'settled' } : outcome));
      const attempt = issueSlot(slotStart).finally(() => inFlight.delete(key));
      inFlight.set(key, attempt);
      return attempt;
    },
  };

  async function issueSlot(slotStart: Date): Promise<SlotOutcome> {
    await recordEarlierMisses(slotStart);
    let failure: unknown = null;
    for (;;) {
      if (!isSlotIssuable(slotStart, now(), engine.intervalMs)) {
        await recordMissed(slotStart, failure);
        return { state: 'missed' };
      }
      try {
        const signal = await engine.runSlot(slotStart);
        if (!signal) {
          if (failure) await announceWritten(slotStart);
          return { state: 'settled' };
        }
        const late = lateIssueSeconds(signal);
        if (late !== null) logger.warn({ slot: slotStart.toISOString(), lateSeconds: late }, 'signal issued late');
        return { state: 'issued', signal };
      } catch (error) {
        failure = error;
        logger.warn({ slot: slotStart.toISOString(), err: error }, 'slot not issued yet: retrying until its deadline');
        await sleep(retryMs);
      }
    }
  }
}
