import { dayKeyInZone, TIMING } from '@signalroom/shared';
import {
  type Database,
  presentSignal,
  recordIssuedSignal,
  recordSignalOutcome,
  type SignalRow,
} from '@signalroom/shared-node';
import type { Transaction } from 'kysely';
import type { Db } from '../../src/db/database.js';

/** One stored signal as the engine leaves it; only what a test cares about has to be given. */
export interface SignalRowSeed {
  /** Start of its slot; the primary window ends one slot later. */
  slotStart: Date;
  asset?: string;
  signalType?: 'buy' | 'sell';
  confidence?: number;
  /** Omitted: still active. */
  result?: {
    status: 'expired' | 'closed' | 'hit_tp' | 'hit_sl';
    outcome: 'profit' | 'loss' | 'breakeven';
    /** Level at which it won or broke even (null for a loss). */
    resolvedLevel: number | null;
  };
  /** The martingale level in play, or the last one played once resolved. */
  activeLevel?: number;
  daySequence?: number;
  timeZone?: string;
  /** The feed's id ('simulated' unless given). */
  source?: string;
}

let counter = 0;

/**
 * Writes a signal as the worker would leave it, for tests that need a given history: wins at given
 * levels, losses after L3, an open window. The row goes in with its track record entries, logged when
 * the engine would have logged them (the issue at its slot's boundary, the outcome when it resolved),
 * so the record counts it as it counts the engine's.
 */
export async function insertSignal(db: Db, seed: SignalRowSeed): Promise<SignalRow> {
  const row = await recordIssuedSignal(db, (trx) => insertSignalRow(trx, seed), seed.slotStart);
  if (!row) throw new Error('the signal was not inserted');
  if (!row.outcome) return row;
  const resolved = await recordSignalOutcome(
    db,
    (trx) =>
      trx
        .selectFrom('signals')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirst()
        .then((r) => r ?? null),
    new Date(row.resolved_at ?? seed.slotStart),
  );
  return resolved ?? row;
}

/** The row alone, written around the track record (as a database edit would be). */
export async function insertSignalRow(db: Db | Transaction<Database>, seed: SignalRowSeed): Promise<SignalRow> {
  counter += 1;
  const slotMs = TIMING.signalIntervalMs;
  const signalType = seed.signalType ?? 'buy';
  const expiresAt = new Date(seed.slotStart.getTime() + slotMs);
  const resolvedAt = seed.result ? new Date(expiresAt.getTime() + (seed.activeLevel ?? 0) * slotMs) : null;
  return db
    .insertInto('signals')
    .values({
      slot_start: seed.slotStart,
      day_key: seed.timeZone ? dayKeyInZone(seed.slotStart, seed.timeZone) : `seed-${counter}-${Date.now()}`,
      day_sequence: seed.daySequence ?? 1,
      asset: seed.asset ?? 'EUR/USD (OTC)',
      signal_type: signalType,
      direction: signalType === 'buy' ? 'CALL' : 'PUT',
      entry_price: 1.0845,
      confidence: seed.confidence ?? 70,
      status: seed.result?.status ?? 'active',
      outcome: seed.result?.outcome ?? null,
      active_level: seed.activeLevel ?? 0,
      resolved_level: seed.result?.resolvedLevel ?? null,
      exit_price: seed.result ? 1.085 : null,
      window_ms: slotMs,
      expires_at: expiresAt,
      stop_loss: null,
      take_profit: null,
      analysis: null,
      source: seed.source ?? 'simulated',
      strategy: 'seed',
      created_at: seed.slotStart,
      // Issued on time, as the engine issues a slot's signal.
      issued_at: seed.slotStart,
      updated_at: resolvedAt,
      resolved_at: resolvedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The same row as members receive it. */
export async function insertPresentedSignal(db: Db, seed: SignalRowSeed) {
  return presentSignal(await insertSignal(db, seed));
}

/** A slot start `slotsAgo` whole slots before the slot running at `now`. */
export function slotStartAgo(now: Date, slotsAgo: number): Date {
  const slotMs = TIMING.signalIntervalMs;
  return new Date(Math.floor(now.getTime() / slotMs) * slotMs - slotsAgo * slotMs);
}
