import { createPublicKey, verify } from 'node:crypto';
import {
  checkpointMessage,
  createTrackRecordChecker,
  type TTrackRecordCheckpoint,
  trackRecordHashInput,
} from '@signalroom/shared';
import { nodeSha256, sha256Hex, trackRecordSigner } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';
import {
  type CheckpointRow,
  chainLength,
  entriesOfSignals,
  lastSignalChange,
  listCheckpoints,
  oldestSignalChange,
  pruneSignalChanges,
  signalChangesSince,
  streamEntries,
} from './track-record.repository.js';

/**
 * The server's own check of the track record, kept per process and advanced incrementally: new entries
 * are rehashed once (rebuilt from the signals table), entries of signals written since the last check
 * (the change log a trigger keeps) are rehashed again, and every new signed checkpoint is compared with
 * the tree the chain gives at its size. A full check from the first entry runs at start and then
 * periodically, off the request path: it also catches writes made with the database's triggers
 * disabled. Once broken, the record stays broken until a full check finds it whole again.
 */
export interface TrackRecordCheckResult {
  /** Entries checked (the whole chain, hidden entries included: the server can rebuild them). */
  checkedLength: number;
  brokenAt: number | null;
  brokenReason: string | null;
  checkedAt: Date;
  fullCheckAt: Date | null;
}

type Checker = ReturnType<typeof createTrackRecordChecker>;

interface State {
  checker: Checker;
  checkpointId: number;
  changeId: string;
  brokenAt: number | null;
  brokenReason: string | null;
  checkedAt: Date;
  fullCheckAt: Date | null;
}

/** Change-log rows older than this are pruned by the full check; a check further behind starts over. */
const CHANGE_LOG_KEEP_MS = 24 * 3600_000;

export interface TrackRecordMonitor {
  /** Advances the check to the chain as it is now (incremental; one run at a time, callers share it). */
  check(): Promise<TrackRecordCheckResult>;
  /** Checks everything again from the first entry. */
  fullCheck(): Promise<TrackRecordCheckResult>;
  /** The last result without waiting (null before the first check finished). */
  last(): TrackRecordCheckResult | null;
  /** Runs the full check every `everyMs` in the background. */
  start(everyMs: number, onError: (error: unknown) => void): void;
  stop(): void;
}

export function createTrackRecordMonitor(db: Db, now: () => Date): TrackRecordMonitor {
  let state: State | null = null;
  let running: Promise<TrackRecordCheckResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let verifyKey: ReturnType<typeof createPublicKey> | null = null;

  const resultOf = (s: State): TrackRecordCheckResult => ({
    checkedLength: s.checker.length,
    brokenAt: s.brokenAt,
    brokenReason: s.brokenReason,
    checkedAt: s.checkedAt,
    fullCheckAt: s.fullCheckAt,
  });

  async function signatureHolds(row: CheckpointRow): Promise<boolean> {
    if (!verifyKey) {
      const raw = Buffer.from((await trackRecordSigner(db)).publicKey, 'hex');
      verifyKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    }
    const cp: TTrackRecordCheckpoint = { ...row, time: row.signed_at };
    return verify(null, Buffer.from(checkpointMessage(cp), 'utf8'), verifyKey, Buffer.from(row.signature, 'hex'));
  }

  const breakAt = (s: State, seq: number, reason: string) => {
    if (s.brokenAt === null || seq < s.brokenAt) {
      s.brokenAt = seq;
      s.brokenReason = reason;
    }
  };

  /**
   * A checkpoint against the chain's state at its size (the checker stands exactly there). New
   * checkpoints also have their signature checked; a full check leaves the old ones' to outsiders, since
   * the key lives beside them and a server re-checking its own signatures proves nothing to anyone.
   */
  async function compare(s: State, row: CheckpointRow, checkSignature: boolean): Promise<void> {
    const at = s.checker.result();
    if (row.root !== at.root || row.head !== at.head) {
      breakAt(s, Math.max(1, row.size), `checkpoint ${row.id} of ${row.size} entries does not match the chain`);
    } else if (checkSignature && !(await signatureHolds(row))) {
      breakAt(s, Math.max(1, row.size), `checkpoint ${row.id} does not carry this record's signature`);
    }
  }

  /** Re-verifies the entries of signals written since the last check. */
  async function recheckWritten(s: State): Promise<void> {
    for (;;) {
      const { ids, last } = await signalChangesSince(db, s.changeId);
      if (last === s.changeId) return;
      for (const entry of await entriesOfSignals(db, ids, s.checker.length)) {
        if (sha256Hex(trackRecordHashInput(entry.prevHash, entry.payload)) !== entry.hash) {
          breakAt(s, entry.seq, 'its content does not match its hash');
        }
      }
      s.changeId = last;
    }
  }

  /** New entries and checkpoints, in step: each checkpoint is compared when the chain reaches its size. */
  async function advance(s: State, checkSignatures: boolean): Promise<void> {
    const PAGE = 5000;
    let pending: CheckpointRow[] = [];
    let next = 0;
    // Read a page only when the last one is used up and was full (no query per entry).
    let more = true;
    const peek = async (): Promise<CheckpointRow | undefined> => {
      if (next === pending.length && more) {
        pending = await listCheckpoints(db, s.checkpointId, PAGE);
        next = 0;
        more = pending.length === PAGE;
      }
      return pending[next];
    };
    const compareDue = async () => {
      for (;;) {
        const cp = await peek();
        if (!cp || cp.size > s.checker.length) return;
        if (cp.size < s.checker.length) {
          breakAt(s, Math.max(1, cp.size), `checkpoint ${cp.id} signs ${cp.size} entries after a larger one`);
        } else {
          await compare(s, cp, checkSignatures);
        }
        s.checkpointId = cp.id;
        next += 1;
      }
    };
    // seq is an integer column: the largest it can be bounds the read.
    for await (const entry of streamEntries(db, 2 ** 31 - 1, 2000, s.checker.length)) {
      await compareDue();
      const failure = s.checker.add(entry);
      if (failure) {
        breakAt(s, failure.brokenAt, failure.reason);
        return;
      }
    }
    await compareDue();
    // A checkpoint beyond the chain: signed for entries that are gone (read after the checkpoints, so an
    // append that committed meanwhile is counted).
    more = true;
    const beyond = await peek();
    if (beyond && beyond.size > (await chainLength(db))) {
      breakAt(s, s.checker.length + 1, `checkpoint ${beyond.id} signs ${beyond.size} entries; the chain holds fewer`);
    }
  }

  async function run(full: boolean): Promise<TrackRecordCheckResult> {
    const at = now();
    let s = state;
    if (full || !s) {
      s = {
        checker: createTrackRecordChecker(sha256Hex, nodeSha256),
        checkpointId: 0,
        changeId: await lastSignalChange(db),
        brokenAt: null,
        brokenReason: null,
        checkedAt: at,
        fullCheckAt: at,
      };
      await advance(s, false);
      await pruneSignalChanges(db, new Date(at.getTime() - CHANGE_LOG_KEEP_MS));
    } else if (s.brokenAt === null) {
      const length = await chainLength(db);
      if (length < s.checker.length)
        breakAt(s, length + 1, `the chain holds ${length} entries, fewer than already checked`);
      const oldest = await oldestSignalChange(db);
      if (oldest !== null && BigInt(oldest) > BigInt(s.changeId) + 1n) return run(true);
      if (s.brokenAt === null) await recheckWritten(s);
      if (s.brokenAt === null) await advance(s, true);
    }
    s.checkedAt = at;
    state = s;
    return resultOf(s);
  }

  let fullRunning = false;
  function serial(full: boolean): Promise<TrackRecordCheckResult> {
    const next = (running ?? Promise.resolve(null))
      .catch(() => null)
      .then(async () => {
        fullRunning = full || state === null;
        try {
          return await run(full);
        } finally {
          fullRunning = false;
        }
      });
    running = next;
    return next.finally(() => {
      if (running === next) running = null;
    });
  }

  return {
    // A request never waits behind a full check (a year of entries takes a while): it gets the last
    // result meanwhile, and waits only when there is none yet.
    check: () => (fullRunning && state ? Promise.resolve(resultOf(state)) : serial(false)),
    fullCheck: () => serial(true),
    last: () => (state ? resultOf(state) : null),
    start(everyMs, onError) {
      if (timer) return;
      void serial(true).catch(onError);
      timer = setInterval(() => void serial(true).catch(onError), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
