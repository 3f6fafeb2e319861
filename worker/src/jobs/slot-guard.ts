import {
  isSlotIssuable,
  nextSignalBoundary,
  SLOT_UNDECIDED,
  slotIssueDeadlineMs,
  type TSignal,
  timerDelay,
} from '@signalroom/shared';
import { type Database, hasSlotLedgerStarted, type ModuleLogger, slotStanding } from '@signalroom/shared-node';
import type { Kysely } from 'kysely';
import type { SlotIssuer } from './slot-issuer.js';

export interface SlotGuard {
  close(): Promise<void>;
}

/**
 * A slot must not be lost because its job was. The guard issues the current slot, through the same
 * idempotent issuer as the scheduler, when it is still within its issue deadline and nothing decided
 * it yet: once when the worker starts (a worker killed at a boundary and restarted in time issues the
 * slot), and, with `everyBoundary` (the BullMQ shape, whose jobs live in Redis), a third of the deadline
 * after each boundary (a flushed Redis or a stalled queue still yields the slot; the late job then finds
 * it settled). It acts only once the ledger has started: a fresh install's first slot is the next
 * boundary's, as the empty room announces.
 */
export function startSlotGuard(deps: {
  db: Kysely<Database>;
  issuer: SlotIssuer;
  intervalMs: number;
  logger: ModuleLogger;
  everyBoundary: boolean;
  /** Told of a signal the guard issued (its windows must be judged). */
  onIssued: (signal: TSignal) => void;
  now?: () => Date;
}): SlotGuard {
  const now = deps.now ?? (() => new Date());
  const { db, intervalMs, logger } = deps;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function check(): Promise<void> {
    const at = now();
    const slot = new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
    if (!isSlotIssuable(slot, at, intervalMs)) return;
    if (!(await hasSlotLedgerStarted(db))) return;
    if ((await slotStanding(db, slot)) !== SLOT_UNDECIDED) return;
    logger.warn({ slot: slot.toISOString() }, 'slot not decided by its job: the slot guard issues it');
    const outcome = await deps.issuer.issue(slot);
    if (outcome.state === 'issued') deps.onIssued(outcome.signal);
  }

  function run(): void {
    if (closed) return;
    const p = check().catch((error) => logger.warn({ err: error }, 'slot guard check failed'));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  function scheduleNext(): void {
    if (closed) return;
    const at = nextSignalBoundary(now(), intervalMs).getTime() + slotIssueDeadlineMs(intervalMs) / 3;
    timer = setTimeout(
      () => {
        run();
        scheduleNext();
      },
      timerDelay(at - now().getTime()),
    );
  }

  run();
  if (deps.everyBoundary) scheduleNext();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
