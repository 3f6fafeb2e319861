import type { TSignal } from '@signalroom/shared';
import {
  closePaperTrades,
  createEventPublisher,
  type Database,
  type EventBus,
  listSignalsWithStaleTrades,
  type ModuleLogger,
  openPaperTrades,
} from '@signalroom/shared-node';
import type { Kysely } from 'kysely';

export interface PaperTrading {
  /** A signal was issued: every running bot that takes it opens a trade. */
  onIssued(signal: TSignal): Promise<void>;
  /** A signal resolved: its trades close from its real outcome and level. */
  onResolved(signal: TSignal): Promise<void>;
}

/**
 * The members' paper-trading bots, driven by the signal engine. Each step is one set-based statement
 * for every bot (shared/node paper-trading-repository) and one bus event; each server process then tells
 * its own members their trades. A failure is logged, never thrown: a signal is issued and resolved
 * whatever happens to the bots, and trades left open by a crash close at the next signal.
 */
export function createPaperTrading(deps: {
  db: Kysely<Database>;
  bus: EventBus;
  logger: ModuleLogger;
  now: () => Date;
  /** PAYOUT_PERCENT: what a won window pays on its stake when trades close. */
  payoutPercent?: number;
}): PaperTrading {
  const { db, logger } = deps;
  const events = createEventPublisher(deps.bus, logger);

  async function close(signalId: string): Promise<void> {
    const closed = await closePaperTrades(db, signalId, deps.now(), deps.payoutPercent);
    if (closed > 0) {
      logger.info({ signalId, closed }, 'paper trades closed');
      await events.botTrades(signalId, 'closed');
    }
  }

  return {
    async onIssued(signal) {
      try {
        for (const signalId of await listSignalsWithStaleTrades(db)) await close(signalId);
        const opened = await openPaperTrades(db, signal.id, deps.now());
        if (opened > 0) {
          logger.info({ signalId: signal.id, opened }, 'paper trades opened');
          await events.botTrades(signal.id, 'opened');
        }
      } catch (error) {
        logger.error({ signalId: signal.id, err: error }, 'could not open paper trades');
      }
    },
    async onResolved(signal) {
      try {
        await close(signal.id);
      } catch (error) {
        logger.error({ signalId: signal.id, err: error }, 'could not close paper trades; the next signal retries');
      }
    },
  };
}
