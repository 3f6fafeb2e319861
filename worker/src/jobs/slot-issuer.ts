import { setTimeout as sleep } from 'node:timers/promises';
import { lateIssueSeconds, type TSignal } from '@signalroom/shared';
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
import { isSlotFresh } from './job-payloads.js';

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

/**
 * The slot promise around the engine's runSlot, shared by both schedulers: a slot yields its signal
 * (late, and marked so by its issue time, if the database came back within the first half of the
 * slot), or a recorded 'missed' gap; never nothing. While the database is unavailable the slot is tried
 * again every `retryMs` as long as it is fresh; other failures propagate as before. Each slot first
 * records as missed the earlier slots left with neither a signal nor a gap (the database or every
 * worker was away when they were due), so an outage longer than a slot is accounted for once it ends.
 */
export function createSlotIssuer(
  engine: SignalEngine,
  deps: { db: Kysely<Database>; bus: EventBus; logger: ModuleLogger; now?: () => Date; retryMs?: number },
): SlotIssuer {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const retryMs = deps.retryMs ?? Math.min(1000, engine.intervalMs / 4);
  const events = createEventPublisher(deps.bus, logger);

  async function recordEarlierMisses(slotStart: Date): Promise<void> {
    try {
      const recorded = await recordMissedSlots(db, {
        before: slotStart,
        intervalMs: engine.intervalMs,
        detail: MISSED_WHILE_AWAY,
        at: now(),
      });
      if (recorded > 0) logger.warn({ slot: slotStart.toISOString(), recorded }, 'earlier slots recorded as missed');
    } catch (error) {
      // The next slot looks again: the gaps wait for a database that answers.
      logger.warn({ slot: slotStart.toISOString(), err: error }, 'could not record missed slots yet');
    }
  }

  async function recordMissed(slotStart: Date, cause: unknown): Promise<void> {
    const detail = cause
      ? `the database was unavailable until the slot was too late to issue: ${(cause as Error).message}`
      : 'the slot came too late to issue (its job was delayed)';
    logger.warn({ slot: slotStart.toISOString(), detail }, 'slot missed');
    try {
      await recordSlotGap(db, { slotStart, reason: 'missed', detail, at: now() });
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

  return {
    async issue(slotStart) {
      await recordEarlierMisses(slotStart);
      let failure: unknown = null;
      for (;;) {
        if (!isSlotFresh(slotStart, now(), engine.intervalMs)) {
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
          if (!isDatabaseUnavailable(error)) throw error;
          failure = error;
          logger.warn({ slot: slotStart.toISOString(), err: error }, 'slot not issued yet: database unavailable');
          await sleep(retryMs);
        }
      }
    },
  };
}
