import type { TRecordWitnessing } from '@signalroom/shared';
import { noteSignedBy, readCheckpointNote } from '@signalroom/shared';
import {
  createRecordVerifier,
  type ModuleLogger,
  type RecordBreak,
  type RecordSettings,
  type RecordVerifier,
  sha256Hex,
  TrackRecordBrokenError,
  verifiedRoot,
} from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';
import { createRecordView, type RecordView } from './record-view.js';
import { createWitnessLedger, type WitnessLedger } from './witness-ledger.js';

/**
 * This server process's hold on the track record: the log as it verified it (every entry, the latest
 * checkpoint's root and signature, each witness's newest cosignature), the figures' material, and what
 * the witnesses said. `refresh` brings all of it up to date incrementally (requests call it; one runs at
 * a time); `status` is what every page shows about the record: witnessed or not, by whom, and whether
 * figures are withheld and why.
 */
export interface TrackRecordState {
  readonly verifier: RecordVerifier;
  readonly view: RecordView;
  readonly ledger: WitnessLedger;
  readonly settings: RecordSettings & { intervalMs: number; origin: string };
  /** Verifies what changed since; never throws for a broken log (the status says so). */
  refresh(): Promise<TRecordWitnessing>;
  /** The status as of the last refresh. */
  status(): TRecordWitnessing;
  /** Bumped whenever anything a figure depends on may have changed (a cache key). */
  version(): string;
  /**
   * Reads every stored entry again and holds it against what was verified: an entry edited in place
   * (its guard switched off) breaks the log for this process. Runs once a slot in the background.
   */
  sweep(): Promise<void>;
  /** Starts the sweep's timer (stopped by `stop`). */
  start(): void;
  stop(): void;
}

/** Slots without a quorum's cosignature after which figures are withheld. */
export const WITHHOLD_AFTER_SLOTS = 2;

export function createTrackRecordState(deps: {
  db: Db;
  settings: RecordSettings & { intervalMs: number; origin: string };
  logger: ModuleLogger;
  now: () => Date;
}): TrackRecordState {
  const { db, logger, now } = deps;
  // Its own verifier, apart from the one appends use: an append holds the database (PGlite has one
  // connection) while it verifies, and a request's catch-up must never queue behind it on the same state.
  const verifier = createRecordVerifier();
  const view = createRecordView(verifier);
  const ledger = createWitnessLedger(verifier, deps.settings);
  let broken: RecordBreak | null = null;
  let checkedNoteId = 0;
  let last: TRecordWitnessing | null = null;
  let running: Promise<TRecordWitnessing> | null = null;
  let next: Promise<TRecordWitnessing> | null = null;
  const start = (): Promise<TRecordWitnessing> => {
    const current = run().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  let version = 0;

  /** Every checkpoint signed since the last look: the root and the key in force at its size. */
  async function checkNewNotes(): Promise<void> {
    const notes = db.selectFrom('track_record_notes').select(['id', 'size', 'root', 'note']);
    // At start only the latest is read: the ones before it were checked as they were signed.
    const rows =
      checkedNoteId === 0
        ? await notes.orderBy('id', 'desc').limit(1).execute()
        : await notes.where('id', '>', checkedNoteId).orderBy('id').limit(5000).execute();
    for (const row of rows) {
      checkedNoteId = Math.max(checkedNoteId, row.id);
      if (row.size > verifier.size) await verifier.catchUp(db);
      const key = verifier.keyAt(row.size);
      let holds = false;
      try {
        const read = readCheckpointNote(row.note);
        holds =
          key !== null &&
          read.checkpoint.origin === deps.settings.origin &&
          read.rootHex === row.root &&
          row.size <= verifier.size &&
          verifiedRoot(verifier, row.size) === row.root &&
          noteSignedBy(read, key);
      } catch {
        // A note that does not read is one that does not hold: reported just below.
      }
      if (!holds)
        verifier.fail(
          Math.max(1, row.size),
          `checkpoint ${row.id} is not the log's signed root at ${row.size} entries`,
        );
    }
  }

  async function run(): Promise<TRecordWitnessing> {
    try {
      await verifier.catchUp(db);
      await checkNewNotes();
      const found = await ledger.catchUp(db);
      if (found) verifier.fail(found.brokenAt, found.reason);
    } catch (error) {
      if (!(error instanceof TrackRecordBrokenError)) throw error;
      if (!broken)
        logger.error({ brokenAt: error.brokenAt, reason: error.reason }, 'track record: the log does not hold');
      broken = { brokenAt: error.brokenAt, reason: error.reason };
    }
    version += 1;
    last = describe();
    return last;
  }

  let sweepTimer: NodeJS.Timeout | null = null;

  async function sweep(): Promise<void> {
    if (verifier.broken()) return;
    const upTo = verifier.size;
    for (let after = 0; after < upTo; ) {
      const rows = await db
        .selectFrom('track_record_chain')
        .select(['seq', 'prev_hash', 'hash', 'payload'])
        .where('seq', '>', after)
        .where('seq', '<=', upTo)
        .orderBy('seq')
        .limit(5000)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const verified = verifier.hashAt(row.seq);
        if (row.hash !== verified || sha256Hex(`${row.prev_hash}\n${row.payload}`) !== verified) {
          broken = { brokenAt: row.seq, reason: 'its stored content changed after it was verified' };
          logger.error({ brokenAt: row.seq }, 'track record: an entry was edited in place');
          try {
            verifier.fail(row.seq, broken.reason);
          } catch {
            // fail() throws by design: the break is recorded, the sweep ends here.
          }
          last = describe();
          version += 1;
          return;
        }
      }
      after = rows[rows.length - 1]?.seq ?? upTo;
      // A year of entries is read in slices: requests get the event loop between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function describe(): TRecordWitnessing {
    const at = now();
    const witnesses = ledger.witnesses();
    const latestQuorum = ledger.latestQuorum();
    const quorum = deps.settings.quorum;
    const staleAfterMs = WITHHOLD_AFTER_SLOTS * deps.settings.intervalMs;
    const refusing = witnesses.filter((w) => w.refusal !== null);
    const recent = witnesses.filter((w) => w.latest && at.getTime() - w.latest.timestamp * 1000 <= staleAfterMs);
    let withheld: string | null = null;
    if (broken) withheld = `the log does not hold at entry #${broken.brokenAt}: ${broken.reason}`;
    else if (refusing.length > 0) {
      withheld = refusing
        .map((w) => `witness ${w.name} refused the checkpoint of ${w.refusal?.size} entries: ${w.refusal?.reason}`)
        .join('; ');
    } else if (quorum > 0 && verifier.size > 0 && (!latestQuorum || at.getTime() - latestQuorum.at > staleAfterMs)) {
      withheld = latestQuorum
        ? `no quorum of witnesses has cosigned since ${new Date(latestQuorum.at).toISOString()}`
        : 'no quorum of witnesses has cosigned the log yet';
    }
    const latestTimes = witnesses.flatMap((w) => (w.latest ? [w.latest.timestamp * 1000] : []));
    return {
      origin: deps.settings.origin,
      verifierKey: verifier.currentKey(),
      size: verifier.size,
      quorum,
      total: witnesses.length,
      witnessing: recent.length,
      latestAt: latestTimes.length ? new Date(Math.max(...latestTimes)).toISOString() : null,
      maxMergeDelaySeconds: deps.settings.maxMergeDelayMs / 1000,
      witnesses: witnesses.map((w) => ({
        name: w.name,
        verifierKey: w.verifierKey,
        latestSize: w.latest?.size ?? null,
        latestAt: w.latest ? new Date(w.latest.timestamp * 1000).toISOString() : null,
        refusal: w.refusal
          ? { size: w.refusal.size, status: w.refusal.status, reason: w.refusal.reason, at: w.refusal.at.toISOString() }
          : null,
      })),
      brokenAt: broken?.brokenAt ?? null,
      brokenReason: broken?.reason ?? null,
      withheld: withheld !== null,
      withheldReason: withheld,
      checkedAt: at.toISOString(),
    };
  }

  return {
    verifier,
    view,
    ledger,
    settings: deps.settings,
    refresh() {
      // A caller arriving while a run is under way may be asking about something that run started too
      // early to see: it gets the next run (shared by everyone who arrives meanwhile).
      if (running) {
        next ??= running
          .then(
            () => undefined,
            () => undefined,
          )
          .then(() => {
            next = null;
            return start();
          });
        return next;
      }
      return start();
    },
    status: () => last ?? describe(),
    sweep,
    start() {
      sweepTimer ??= setInterval(() => {
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'track record: the sweep could not run'));
      }, deps.settings.intervalMs);
      sweepTimer.unref();
    },
    stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
    },
    version: () => `${version}:${verifier.size}:${view.publicLength(now())}`,
  };
}
