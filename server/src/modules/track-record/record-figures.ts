import {
  CALIBRATION_BAND_POINTS,
  createPerformanceAccumulator,
  performanceStatsFrom,
  type ResolvedSignalFacts,
  type TCountedSignals,
  type TPerformanceStats,
  type TrackRecordFacts,
  type TUncountedSignal,
  witnessVerdict,
} from '@signalroom/shared';
import type { TrackRecordState } from './record-state.js';
import type { LoggedSignal } from './record-view.js';

/**
 * Every published figure starts here: the signals of the public log that count, in log order. A signal
 * counts when it resolved (an outcome and a level logged), both its entries are public, and it was
 * witnessed in time: a quorum of witnesses had cosigned a checkpoint holding its issue entry no later
 * than its window's start plus the merge delay (with no witnesses configured, the log's own append time
 * stands in, so a signal logged for a past slot never counts either way), and its outcome entry is
 * witnessed too. Everything else is listed with its reason and left out of every rate.
 */
export interface CountedRecord {
  /** Counted signals, in log order, each with its logged outcome. */
  signals: (LoggedSignal & { outcome: NonNullable<LoggedSignal['outcome']> })[];
  counts: TCountedSignals;
  uncounted: TUncountedSignal[];
  /** The payout figures state now: the log's latest payout entry. */
  payoutPercent: number;
}

const cache = new WeakMap<TrackRecordState, { key: string; record: CountedRecord }>();

/** The counted record as of now (recomputed only when the log, its witnessing or the clock's minute moved). */
export function countedRecord(state: TrackRecordState, now: Date, fallbackPayout: number): CountedRecord {
  const key = `${state.version()}:${Math.floor(now.getTime() / 60_000)}:${fallbackPayout}`;
  const cached = cache.get(state);
  if (cached?.key === key) return cached.record;
  const record = count(state, now, fallbackPayout);
  cache.set(state, { key, record });
  return record;
}

function count(state: TrackRecordState, now: Date, fallbackPayout: number): CountedRecord {
  const { view, ledger, settings } = state;
  const publicLength = view.publicLength(now);
  const selfWitnessed = settings.quorum === 0;
  const witnessedAt = (seq: number): number | null => (selfWitnessed ? view.appendedAt(seq) : ledger.witnessedAt(seq));
  const counted: CountedRecord['signals'] = [];
  const uncounted: TUncountedSignal[] = [];
  const counts: TCountedSignals = { counted: 0, late: 0, unwitnessed: 0, awaiting: 0 };
  for (const signal of view.signals()) {
    if (signal.seq > publicLength) break;
    const deadline = signal.windowStart + settings.maxMergeDelayMs;
    const at = witnessedAt(signal.seq);
    const verdict = witnessVerdict({
      windowStart: signal.windowStart,
      witnessedAt: at,
      maxMergeDelayMs: settings.maxMergeDelayMs,
      now: now.getTime(),
    });
    if (verdict !== 'in-time') {
      const reason = verdict;
      counts[reason] += 1;
      uncounted.push({
        seq: signal.seq,
        id: signal.id,
        asset: signal.asset,
        direction: signal.direction,
        windowStart: new Date(signal.windowStart).toISOString(),
        deadline: new Date(deadline).toISOString(),
        witnessedAt: at === null ? null : new Date(at).toISOString(),
        reason,
      });
      continue;
    }
    const outcome = signal.outcome;
    if (!outcome || outcome.seq > publicLength || outcome.outcome === null || outcome.level === null) continue;
    if (witnessedAt(outcome.seq) === null) continue;
    counted.push({ ...signal, outcome });
    counts.counted += 1;
  }
  return { signals: counted, counts, uncounted, payoutPercent: state.verifier.payoutPercent() ?? fallbackPayout };
}

/** The counted signals as the track record's statistics take them, each with the payout logged at its issue. */
export function trackRecordFacts(record: CountedRecord): TrackRecordFacts[] {
  return record.signals.map((s) => factOf(s, record));
}

/** One counted signal as a fact: its logged outcome, the level it ended at, when, and its issue's payout. */
export function factOf(
  s: CountedRecord['signals'][number],
  record: Pick<CountedRecord, 'payoutPercent'>,
): TrackRecordFacts & { payoutPercent: number } {
  return {
    asset: s.asset,
    direction: s.direction,
    confidence: s.confidence,
    outcome: s.outcome.outcome as TrackRecordFacts['outcome'],
    endLevel: s.outcome.level as number,
    resolvedAt: resolvedAtOf(s),
    payoutPercent: s.payoutPercent ?? record.payoutPercent,
  };
}

/** When a counted signal resolved, as its outcome entry states it (its append time for the first format). */
export function resolvedAtOf(s: CountedRecord['signals'][number]): string {
  return s.outcome.resolvedAt ?? new Date(s.outcome.appendedAt).toISOString();
}

/** The room's and the API's statistics, from the counted signals, at the payout the log states now. */
export function performanceFigures(record: CountedRecord): TPerformanceStats {
  const accumulator = createPerformanceAccumulator();
  for (const s of record.signals) {
    const fact: ResolvedSignalFacts = {
      asset: s.asset,
      direction: s.direction,
      confidence: s.confidence,
      outcome: s.outcome.outcome as ResolvedSignalFacts['outcome'],
      resolvedLevel: s.outcome.outcome === 'loss' ? null : s.outcome.level,
      activeLevel: s.outcome.level as number,
    };
    accumulator.add(fact);
  }
  return performanceStatsFrom(accumulator.aggregates(), record.payoutPercent);
}

/** Counted signals by asset and confidence band, with first-window wins (the Gold Room's calibration). */
export function calibrationRows(record: CountedRecord) {
  const bands = new Map<string, { asset: string; band: number; total: number; sum: number; wonFirst: number }>();
  for (const s of record.signals) {
    const band = Math.min(
      100 - CALIBRATION_BAND_POINTS,
      Math.floor(s.confidence / CALIBRATION_BAND_POINTS) * CALIBRATION_BAND_POINTS,
    );
    const key = `${s.asset}\u0000${band}`;
    const row = bands.get(key) ?? { asset: s.asset, band, total: 0, sum: 0, wonFirst: 0 };
    row.total += 1;
    row.sum += s.confidence;
    if (s.outcome.outcome === 'profit' && s.outcome.level === 0) row.wonFirst += 1;
    bands.set(key, row);
  }
  return [...bands.values()].sort((a, b) => a.asset.localeCompare(b.asset) || a.band - b.band);
}

/** Every source's signals in the public log (issued, void) and its counted results. */
export function sourceFigures(state: TrackRecordState, record: CountedRecord, now: Date) {
  const publicLength = state.view.publicLength(now);
  const sources = new Map<
    string,
    { issued: number; void: number; resolved: { outcome: 'profit' | 'loss' | 'breakeven'; endLevel: number }[] }
  >();
  const entry = (source: string) => {
    const found = sources.get(source) ?? { issued: 0, void: 0, resolved: [] };
    sources.set(source, found);
    return found;
  };
  for (const s of state.view.signals()) {
    if (s.seq > publicLength) break;
    const group = entry(s.source);
    group.issued += 1;
    if (s.outcome?.status === 'void' && s.outcome.seq <= publicLength) group.void += 1;
  }
  for (const s of record.signals) {
    entry(s.source).resolved.push({
      outcome: s.outcome.outcome as 'profit' | 'loss' | 'breakeven',
      endLevel: s.outcome.level as number,
    });
  }
  return sources;
}
