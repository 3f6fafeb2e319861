import type { TSignal } from '@signalroom/shared';
import type { Database } from '@signalroom/shared/node';
import type { Selectable } from 'kysely';

export type SignalRow = Selectable<Database['signals']>;

const iso = (d: Date | string) => new Date(d).toISOString();

/** A stored signal as members receive it (ZSignal); the server cuts it per tier afterwards. */
export function presentSignal(row: SignalRow): TSignal {
  return {
    id: row.id,
    asset: row.asset,
    signalType: row.signal_type,
    direction: row.direction,
    entryPrice: row.entry_price,
    confidence: row.confidence,
    status: row.status,
    outcome: row.outcome,
    createdAt: iso(row.created_at),
    updatedAt: row.updated_at ? iso(row.updated_at) : null,
    expiresAt: iso(row.expires_at),
    stopLoss: row.stop_loss,
    takeProfit: row.take_profit,
    analysis: row.analysis,
    resolvedLevel: row.resolved_level,
    exitPrice: row.exit_price,
    daySequence: row.day_sequence,
    source: row.source,
    activeLevel: row.active_level,
    locked: false,
  };
}
