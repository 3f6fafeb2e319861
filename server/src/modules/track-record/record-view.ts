import { createPayoutLedger, type Direction, type TTrackRecordPayload } from '@signalroom/shared';
import type { RecordVerifier, VerifiedEntry } from '@signalroom/shared-node';

/**
 * What figures are made of, folded from the log's verified entries as this process verifies them (never
 * from the signals table, which anyone with database access can edit): each signal as issued, its
 * outcome when one is logged, the payout the log stated when it was issued, and when each entry becomes
 * public. Held in memory, a few hundred bytes a signal.
 */
export interface LoggedSignal {
  /** Its issue entry's place and hash. */
  seq: number;
  hash: string;
  id: string;
  asset: string;
  direction: Direction;
  confidence: number;
  /** The price it was issued at. */
  entryPrice: number;
  /** The start of its window (ms): the slot's boundary, or the moment an analyst published it. */
  windowStart: number;
  issuedAt: string;
  expiresAt: string;
  /** Who issued it: `model:<strategy>` or `analyst:<user id>`. */
  source: string;
  feed: string;
  /** When the log took the entry (ms), as the entry states it (the issue time in the first format). */
  appendedAt: number;
  /** The payout (percent) the log stated when it was issued; null until the log states one. */
  payoutPercent: number | null;
  outcome: LoggedOutcome | null;
}

export interface LoggedOutcome {
  seq: number;
  outcome: 'profit' | 'loss' | 'breakeven' | null;
  status: string | null;
  level: number | null;
  exitPrice: number | null;
  resolvedAt: string | null;
  appendedAt: number;
}

export interface RecordView {
  /** Every signal the log issued, in log order. */
  signals(): readonly LoggedSignal[];
  /** Entries public at `now`: all before the first one still hidden (a signal whose window is open). */
  publicLength(now: Date): number;
  /** When the log took entry `seq` (ms), as it states it. */
  appendedAt(seq: number): number;
  /** Feeds the signals ran on. */
  feeds(): ReadonlySet<string>;
  /** Entries of the log's own kinds: keys (with their place) and payouts. */
  keys(): readonly { seq: number; key: string; appendedAt: string }[];
  payouts(): readonly { seq: number; payoutPercent: number; appendedAt: string }[];
}

/** Builds the view on a verifier before its first catch-up (it hears every entry once). */
export function createRecordView(verifier: RecordVerifier): RecordView {
  const signals: LoggedSignal[] = [];
  const byHash = new Map<string, LoggedSignal>();
  const appended: number[] = [];
  /** Entries still hidden when verified, with when they become public, oldest first. */
  let hidden: { seq: number; publicAt: number }[] = [];
  const feeds = new Set<string>();
  const keys: { seq: number; key: string; appendedAt: string }[] = [];
  const payouts: { seq: number; payoutPercent: number; appendedAt: string }[] = [];
  const ledger = createPayoutLedger<LoggedSignal>((signal, payoutPercent) => {
    signal.payoutPercent = payoutPercent;
  });

  verifier.onEntry((entry: VerifiedEntry) => {
    const p = entry.payload;
    const at = appendedAtOf(p);
    appended[entry.seq] = at;
    hidden.push({ seq: entry.seq, publicAt: entry.publicAt.getTime() });
    if (p.kind === 'signal') {
      const signal: LoggedSignal = {
        seq: entry.seq,
        hash: entry.hash,
        id: p.id,
        asset: p.asset,
        direction: p.direction,
        confidence: p.confidence,
        entryPrice: p.entryPrice,
        windowStart: Date.parse(p.slot),
        issuedAt: p.issuedAt,
        expiresAt: p.expiresAt,
        source: p.v === 1 ? `model:${p.strategy}` : p.source,
        feed: p.feed,
        appendedAt: at,
        payoutPercent: null,
        outcome: null,
      };
      ledger.signal(signal);
      signals.push(signal);
      byHash.set(entry.hash, signal);
      feeds.add(p.feed);
    } else if (p.kind === 'outcome') {
      const signal = byHash.get(p.signalHash);
      // The verifier refuses an outcome of a signal never issued, so one is always found.
      if (signal) {
        signal.outcome = {
          seq: entry.seq,
          outcome: p.outcome,
          status: p.status,
          level: p.level,
          exitPrice: p.exitPrice,
          resolvedAt: p.resolvedAt,
          appendedAt: at,
        };
      }
    } else if (p.kind === 'key') {
      keys.push({ seq: entry.seq, key: p.key, appendedAt: p.appendedAt });
    } else if (p.kind === 'payout') {
      ledger.payout(p.payoutPercent);
      payouts.push({ seq: entry.seq, payoutPercent: p.payoutPercent, appendedAt: p.appendedAt });
    }
  });

  return {
    signals: () => signals,
    publicLength(now) {
      const t = now.getTime();
      // Entries become public in time order of their windows; drop those public by now from the front.
      hidden = hidden.filter((h) => h.publicAt > t);
      const first = hidden.reduce((min, h) => Math.min(min, h.seq), Number.POSITIVE_INFINITY);
      return Number.isFinite(first) ? first - 1 : verifier.size;
    },
    appendedAt: (seq) => appended[seq] ?? Number.NaN,
    feeds: () => feeds,
    keys: () => keys,
    payouts: () => payouts,
  };
}

/** When the log took an entry, as the entry says (the first format has no append time: its issue time). */
function appendedAtOf(p: TTrackRecordPayload): number {
  if ('appendedAt' in p) return Date.parse(p.appendedAt);
  return p.kind === 'signal' ? Date.parse(p.issuedAt) : Date.parse(p.resolvedAt ?? '') || 0;
}
