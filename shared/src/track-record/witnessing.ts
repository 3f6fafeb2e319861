/**
 * The witnessing rule, one definition for the server, the command-line verifier and browsers. A
 * checkpoint that a quorum of witnesses cosigned bounds when every entry it holds was logged: by the
 * `quorum`-th earliest of their times. A signal counts in figures only when that bound is no later than
 * the start of its window plus the merge delay, so a signal written after the fact (a past slot, a
 * backdated time) can be listed but never counted.
 */

/** A checkpoint a quorum cosigned: its size and when the quorum was complete (ms). */
export interface QuorumPoint {
  size: number;
  at: number;
}

/** Looks up, for an entry, the earliest time a quorum had cosigned a checkpoint holding it. */
export interface QuorumIndex {
  /** When a quorum first cosigned a checkpoint holding entry `seq` (ms), or null when none has. */
  witnessedAt(seq: number): number | null;
  /** The newest quorum checkpoint (null before any). */
  latest(): QuorumPoint | null;
}

export function createQuorumIndex(points: readonly QuorumPoint[]): QuorumIndex {
  const sorted = [...points].sort((a, b) => a.size - b.size);
  // The least time among the checkpoints at or above each: a later checkpoint may have been cosigned
  // sooner (witnesses' clocks differ), and any checkpoint holding the entry bounds it.
  const suffixMin = new Array<number>(sorted.length);
  let min = Number.POSITIVE_INFINITY;
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    min = Math.min(min, (sorted[i] as QuorumPoint).at);
    suffixMin[i] = min;
  }
  let latest: QuorumPoint | null = null;
  for (const point of sorted) if (!latest || point.at >= latest.at) latest = point;
  return {
    witnessedAt(seq) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((sorted[mid] as QuorumPoint).size < seq) lo = mid + 1;
        else hi = mid;
      }
      return lo < sorted.length ? (suffixMin[lo] as number) : null;
    },
    latest: () => latest,
  };
}

/** Where a signal stands against the rule: counted (in time), or why not. */
export type WitnessVerdict = 'in-time' | 'late' | 'unwitnessed' | 'awaiting';

export function witnessVerdict(input: {
  /** The start of its window (ms): the slot's boundary, or the moment an analyst published it. */
  windowStart: number;
  /** When a quorum first cosigned a checkpoint holding its entry (ms), or null. */
  witnessedAt: number | null;
  maxMergeDelayMs: number;
  now: number;
}): WitnessVerdict {
  const deadline = input.windowStart + input.maxMergeDelayMs;
  if (input.witnessedAt === null) return input.now <= deadline ? 'awaiting' : 'unwitnessed';
  return input.witnessedAt <= deadline ? 'in-time' : 'late';
}

/**
 * The payout each signal is paid at, as the log states it: the last payout entry before the signal, and
 * for signals before the first payout entry, that first one (older logs stated none before their
 * signals). One rule for the server and every verifier: call `signal` for each signal entry and `payout`
 * for each payout entry, in log order; `assign` receives a signal's payout when it is known.
 */
export function createPayoutLedger<S>(assign: (signal: S, payoutPercent: number) => void) {
  let current: number | null = null;
  const waiting: S[] = [];
  return {
    signal(s: S): void {
      if (current === null) waiting.push(s);
      else assign(s, current);
    },
    payout(payoutPercent: number): void {
      if (current === null) for (const s of waiting.splice(0)) assign(s, payoutPercent);
      current = payoutPercent;
    },
    /** The payout the log states now (null before its first payout entry). */
    current: () => current,
  };
}
