import {
  JOURNAL_LIST_LIMIT,
  type JournalFact,
  JournalMessages,
  journalFigures,
  type MatchableSignal,
  matchTrades,
  readImportRow,
  type TJournal,
  type TJournalEntry,
  type TJournalEntryRequest,
  type TJournalImportRequest,
  type TJournalImportResult,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { countedRecord } from '../track-record/record-figures.js';
import type { LoggedSignal } from '../track-record/record-view.js';
import { refreshRecord } from '../track-record/track-record.service.js';
import { deleteJournalRow, type JournalRow, journalRows, saveJournalRows } from './journal.repository.js';

type Ctx = Pick<ServerContext, 'db' | 'now' | 'record' | 'config'>;

/**
 * The member's journal against the record. Every signal it names is one the log issued, its entry
 * price and instrument as the log states them (never the editable signals table); the record's side of
 * the comparison counts only signals the record itself counts (witnessed in time, resolved).
 */
async function loggedSignals(ctx: Ctx): Promise<{ signals: Map<string, LoggedSignal>; withheld: boolean }> {
  const { withheld } = await refreshRecord(ctx);
  return { signals: new Map(ctx.record.view.signals().map((s) => [s.id, s])), withheld };
}

function presentEntry(row: JournalRow, signal: LoggedSignal): TJournalEntry {
  return {
    signalId: row.signalId,
    asset: signal.asset,
    direction: signal.direction,
    windowStart: new Date(signal.windowStart).toISOString(),
    entryPrice: signal.entryPrice,
    taken: row.taken,
    stake: row.stake,
    fillPrice: row.fillPrice,
    filledAt: row.filledAt?.toISOString() ?? null,
    result: row.result,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function memberJournal(ctx: Ctx, user: TUser): Promise<TJournal> {
  const [{ signals, withheld }, rows] = await Promise.all([loggedSignals(ctx), journalRows(ctx.db, user.id)]);
  // While the record's figures are withheld, the record counts nothing to compare with.
  const counted = new Map(
    withheld
      ? []
      : countedRecord(ctx.record, ctx.now(), ctx.config.PAYOUT_PERCENT).signals.map((s) => [
          s.id,
          s.outcome.outcome === 'profit' && s.outcome.level === 0,
        ]),
  );
  const entries = rows.flatMap((row) => {
    const signal = signals.get(row.signalId);
    return signal ? [{ row, signal }] : [];
  });
  const facts: JournalFact[] = entries.map(({ row, signal }) => ({
    taken: row.taken,
    stake: row.stake,
    fillPrice: row.fillPrice,
    result: row.result,
    direction: signal.direction,
    entryPrice: signal.entryPrice,
    recordFirstWindowWon: counted.get(signal.id) ?? null,
  }));
  return {
    figures: journalFigures(facts),
    entries: entries
      .sort((a, b) => b.signal.windowStart - a.signal.windowStart)
      .slice(0, JOURNAL_LIST_LIMIT)
      .map(({ row, signal }) => presentEntry(row, signal)),
    total: entries.length,
    recordWithheld: withheld,
  };
}

/** A signal the member may journal: one the log issued whose window has started. */
function journalable(signals: Map<string, LoggedSignal>, id: string, now: Date): LoggedSignal {
  const signal = signals.get(id);
  if (!signal) throw AppError.notFound(JournalMessages.signalUnknown);
  if (signal.windowStart > now.getTime()) throw new AppError('unprocessable', JournalMessages.signalNotStarted);
  return signal;
}

export async function saveJournalEntry(
  ctx: Ctx,
  user: TUser,
  signalId: string,
  entry: TJournalEntryRequest,
): Promise<TJournalEntry> {
  const signal = journalable((await loggedSignals(ctx)).signals, signalId, ctx.now());
  // A skipped signal keeps no trade fields (the schema refuses them; absent ones are stored as null).
  const [row] = await saveJournalRows(ctx.db, user.id, [{ signalId, entry, source: 'manual' }], ctx.now());
  return presentEntry(row as JournalRow, signal);
}

export async function removeJournalEntry(ctx: Ctx, user: TUser, signalId: string): Promise<void> {
  journalable((await loggedSignals(ctx)).signals, signalId, ctx.now());
  await deleteJournalRow(ctx.db, user.id, signalId);
}

/** A time as the import's problems name it: at the file's own offset, which the member reads it in. */
function timeAtOffset(utcOffsetMinutes: number) {
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(utcOffsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(utcOffsetMinutes) % 60).padStart(2, '0');
  return (ms: number) =>
    `${new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ')} (UTC${sign}${hours}:${minutes})`;
}

/**
 * Reads every row, matches each trade to the signal it followed, and (unless a dry run) writes them all
 * in one transaction, or none when any row has a problem.
 */
export async function importTrades(
  ctx: Ctx,
  user: TUser,
  request: TJournalImportRequest,
): Promise<TJournalImportResult> {
  const now = ctx.now().getTime();
  const matchable: MatchableSignal[] = [...(await loggedSignals(ctx)).signals.values()]
    .filter((s) => s.windowStart <= now)
    .map((s) => ({
      id: s.id,
      asset: s.asset,
      direction: s.direction,
      windowStart: s.windowStart,
      expiresAt: Date.parse(s.expiresAt),
    }));
  const read = request.rows.map((row) => ({ line: row.line, read: readImportRow(row, request.utcOffsetMinutes) }));
  const trades = read.flatMap(({ line, read: r }) => ('trade' in r ? [{ line, trade: r.trade }] : []));
  const matches = new Map(
    matchTrades(trades, matchable, timeAtOffset(request.utcOffsetMinutes)).map((m) => [m.line, m]),
  );
  const tradeOf = new Map(trades.map((t) => [t.line, t.trade]));
  const verdicts = read.map(({ line, read: r }) => {
    const match = matches.get(line);
    const problem = 'problem' in r ? r.problem : (match?.problem ?? null);
    const signal = problem ? null : (match?.signal ?? null);
    return {
      line,
      signalId: signal?.id ?? null,
      asset: signal?.asset ?? null,
      windowStart: signal ? new Date(signal.windowStart).toISOString() : null,
      problem,
    };
  });
  if (request.dryRun) return { rows: verdicts, imported: 0, dryRun: true };
  const bad = verdicts.filter((v) => v.problem !== null);
  if (bad.length > 0) {
    throw new AppError('unprocessable', JournalMessages.importHasProblems(bad.length), {
      fields: Object.fromEntries(bad.map((v) => [`line ${v.line}`, v.problem as string])),
    });
  }
  const writes = verdicts.map((v) => {
    const trade = tradeOf.get(v.line);
    return {
      signalId: v.signalId as string,
      source: 'import' as const,
      entry: {
        taken: true,
        stake: trade?.stake ?? null,
        filledAt: trade ? new Date(trade.time).toISOString() : null,
        result: trade?.result ?? null,
      },
    };
  });
  await ctx.db.transaction().execute((trx) => saveJournalRows(trx, user.id, writes, ctx.now()));
  return { rows: verdicts, imported: writes.length, dryRun: false };
}
