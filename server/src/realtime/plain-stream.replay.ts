import {
  type SignalTier,
  STREAM_REPLAY_MAX,
  signalViewFor,
  type TierDailyLimits,
  type TStreamMessage,
} from '@signalroom/shared';
import { findSignalsByIds, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../context.js';
import { lastEntrySeq, listEntriesAfter } from '../modules/track-record/track-record.repository.js';

/** What a (re)connecting stream client is sent before live events. */
export interface StreamReplay {
  messages: TStreamMessage[];
  /** The newest entry covered: the last replayed, or the record's newest when nothing was asked. */
  lastSeq: number | null;
  truncated: boolean;
}

/**
 * The record entries after `after`, as the stream's messages in the member's tier view: an issue entry
 * as `signal.issued`, an outcome entry as `signal.resolved`, each with the signal as it stands now.
 * Without `after` nothing is replayed: the client starts from the record's newest entry.
 */
export async function streamReplay(
  ctx: Pick<ServerContext, 'db'>,
  request: { after: number | null; tier: SignalTier; limits: TierDailyLimits },
): Promise<StreamReplay> {
  if (request.after === null) return { messages: [], lastSeq: await lastEntrySeq(ctx.db), truncated: false };
  const entries = await listEntriesAfter(ctx.db, request.after, STREAM_REPLAY_MAX + 1);
  const truncated = entries.length > STREAM_REPLAY_MAX;
  const kept = entries.slice(0, STREAM_REPLAY_MAX);
  const rows = await findSignalsByIds(ctx.db, [...new Set(kept.map((entry) => entry.signal_id))]);
  const signals = new Map(rows.map((row) => [row.id, presentSignal(row)]));
  const messages: TStreamMessage[] = [];
  for (const entry of kept) {
    const signal = signals.get(entry.signal_id);
    if (!signal) continue;
    const view = signalViewFor(signal, request.tier, request.limits);
    messages.push(
      entry.kind === 'signal'
        ? { type: 'signal.issued', seq: entry.seq, signal: view }
        : { type: 'signal.resolved', seq: entry.seq, signal: view },
    );
  }
  return { messages, lastSeq: kept.at(-1)?.seq ?? request.after, truncated };
}
