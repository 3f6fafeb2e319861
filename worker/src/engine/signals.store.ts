import type { Database, SignalRow, SignalsTable } from '@signalroom/shared/node';
import { type Kysely, sql, type Updateable } from 'kysely';

type Db = Kysely<Database>;

export interface NewSignal {
  slotStart: Date;
  dayKey: string;
  asset: string;
  signalType: 'buy' | 'sell';
  entryPrice: number;
  confidence: number;
  windowMs: number;
  expiresAt: Date;
  stopLoss: number | null;
  takeProfit: number | null;
  analysis: string;
  source: 'simulated' | 'feed';
  strategy: string;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Inserts the slot's signal unless the slot already has one (then null). The day sequence is the next
 * number of the operator's day, computed in the same statement; if two different slots race for the
 * same number, the unique (day_key, day_sequence) key refuses one and it retries with the next number.
 */
export async function insertSignalForSlot(db: Db, s: NewSignal): Promise<SignalRow | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await sql<SignalRow>`
        insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price,
          confidence, window_ms, expires_at, stop_loss, take_profit, analysis, source, strategy, created_at)
        select ${s.slotStart}, ${s.dayKey}, coalesce(max(day_sequence), 0) + 1, ${s.asset}, ${s.signalType},
          ${s.signalType === 'buy' ? 'CALL' : 'PUT'}, ${s.entryPrice}, ${s.confidence}, ${s.windowMs}, ${s.expiresAt},
          ${s.stopLoss}, ${s.takeProfit}, ${s.analysis}, ${s.source}, ${s.strategy}, ${s.slotStart}
        from signals where day_key = ${s.dayKey}
        on conflict (slot_start) do nothing
        returning *`.execute(db);
      return result.rows[0] ?? null;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 4) throw error;
    }
  }
}

export function findSignal(db: Db, id: string): Promise<SignalRow | undefined> {
  return db.selectFrom('signals').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSignalBySlot(db: Db, slotStart: Date): Promise<SignalRow | undefined> {
  return db.selectFrom('signals').selectAll().where('slot_start', '=', slotStart).executeTakeFirst();
}

/** Active signals, with the end of the window now in play, oldest first. */
export async function listActiveSignals(db: Db): Promise<{ id: string; levelEndsAt: Date }[]> {
  const rows = await db
    .selectFrom('signals')
    .select(['id', 'expires_at', 'active_level', 'window_ms'])
    .where('status', '=', 'active')
    .orderBy('expires_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    levelEndsAt: new Date(new Date(r.expires_at).getTime() + r.active_level * r.window_ms),
  }));
}

/** Moves an active signal from `level` to the next martingale level; null if someone else already did. */
export async function advanceSignalLevel(db: Db, id: string, level: number, now: Date): Promise<SignalRow | null> {
  return updateIfActiveAtLevel(db, id, level, { active_level: level + 1, updated_at: now });
}

/** Writes the final state of a signal resolved at `level`; null if it was already resolved. */
export async function finishSignal(
  db: Db,
  id: string,
  level: number,
  result: {
    status: 'expired' | 'closed' | 'hit_tp' | 'hit_sl';
    outcome: 'profit' | 'loss' | 'breakeven';
    resolvedLevel: number | null;
    exitPrice: number;
  },
  now: Date,
): Promise<SignalRow | null> {
  return updateIfActiveAtLevel(db, id, level, {
    status: result.status,
    outcome: result.outcome,
    resolved_level: result.resolvedLevel,
    exit_price: result.exitPrice,
    updated_at: now,
    resolved_at: now,
  });
}

/**
 * The compare-and-set both moves rest on: updates the signal only while it is still active at `level`,
 * so of racing engines exactly one gets the row back (the others get null and do nothing).
 */
async function updateIfActiveAtLevel(
  db: Db,
  id: string,
  level: number,
  values: Updateable<SignalsTable>,
): Promise<SignalRow | null> {
  const row = await db
    .updateTable('signals')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('active_level', '=', level)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
