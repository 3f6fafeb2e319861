import {
  bytesToHex,
  computeTrackRecordStats,
  computeWinRateEvidence,
  consistencyProof,
  countLevelOutcomes,
  equityCurve,
  inclusionProof,
  STAKE_PLAN,
  type TConsistencyProof,
  type TInclusionProof,
  type TListedCheckpoint,
  TRACK_RECORD_GENESIS_HASH,
  type TRecordWitnessing,
  type TTrackRecordEntry,
  type TTrackRecordHead,
  type TTrackRecordKey,
  type TTrackRecordSummary,
  type TUncountedSignal,
  trackRecordHashInput,
  ZTrackRecordPayload,
} from '@signalroom/shared';
import { nodeSha256, recordKeyringOf, sha256Hex } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { countedRecord, trackRecordFacts } from './record-figures.js';
import type { TrackRecordState } from './record-state.js';
import {
  cosignatureLines,
  latestNote,
  listCosignedNotes,
  listStoredEntries,
  type NoteRow,
  type StoredEntry,
} from './track-record.repository.js';

type Ctx = Pick<ServerContext, 'db' | 'now' | 'record'>;

/** The record brought up to date for this request; the status every answer about it carries. */
export function refreshRecord(ctx: Pick<ServerContext, 'record'>): Promise<TRecordWitnessing> {
  return ctx.record.refresh();
}

/** Whether published figures are withheld now: the log does not hold, or its witnesses do not vouch for it. */
export async function figuresWithheld(ctx: Pick<ServerContext, 'record'>): Promise<boolean> {
  return (await refreshRecord(ctx)).withheld;
}

/** A note with the cosignatures collected for it appended after the log's signature(s). */
export function withCosignatures(note: string, lines: readonly string[]): string {
  return note + lines.map((line) => (line.endsWith('\n') ? line : `${line}\n`)).join('');
}

/** The latest checkpoint as served at /api/track-record/checkpoint (null before the first). */
export async function latestCheckpointText(ctx: Pick<ServerContext, 'db'>): Promise<string | null> {
  const note = await latestNote(ctx.db);
  if (!note) return null;
  const lines = await cosignatureLines(ctx.db, [note.id]);
  return withCosignatures(note.note, lines.get(note.id) ?? []);
}

/** The public log's head, the latest checkpoint, and this process's check of it brought up to date. */
export async function trackRecordHead(ctx: Ctx): Promise<TTrackRecordHead> {
  const status = await refreshRecord(ctx);
  const { verifier, view } = ctx.record;
  const length = Math.min(view.publicLength(ctx.now()), verifier.size);
  return {
    length,
    headHash: length === 0 ? TRACK_RECORD_GENESIS_HASH : verifier.hashAt(length),
    pending: verifier.size - length,
    checkpoint: await latestCheckpointText(ctx),
    brokenAt: status.brokenAt,
    brokenReason: status.brokenReason,
    checkedAt: status.checkedAt,
  };
}

/**
 * The public page: statistics of the counted signals (resolved, public, witnessed in time) in the order
 * the log issued them, so anyone recomputes them from the public log and its cosigned checkpoints; the
 * feed they ran on, the head, the witnesses, and how many signals are left out and why. No figure while
 * figures are withheld.
 */
export async function trackRecordSummary(ctx: Ctx & Pick<ServerContext, 'config'>): Promise<TTrackRecordSummary> {
  const [head, key] = await Promise.all([trackRecordHead(ctx), trackRecordKey(ctx)]);
  const witnessing = ctx.record.status();
  const record = countedRecord(ctx.record, ctx.now(), ctx.config.PAYOUT_PERCENT);
  const base = { head, verifierKey: key.verifierKey, witnessing, counted: record.counts };
  if (witnessing.withheld) return { ...base, stats: null, feed: null, evidence: null };
  const facts = trackRecordFacts(record);
  const feeds = new Set(record.signals.map((s) => s.feed));
  const payoutPercent = record.payoutPercent;
  const stats = { ...computeTrackRecordStats(facts), equity: equityCurve(facts, { ...STAKE_PLAN, payoutPercent }) };
  const evidence = computeWinRateEvidence(countLevelOutcomes(facts), payoutPercent);
  const feed = feeds.size > 1 ? 'mixed' : ([...feeds][0] ?? null);
  return { ...base, stats, feed, evidence };
}

/** The log's signing key: the key file's, as this process signs with it. */
export async function trackRecordKey(ctx: Pick<ServerContext, 'db'>): Promise<TTrackRecordKey> {
  const signer = await (await recordKeyringOf(ctx.db)).current();
  return {
    algorithm: 'Ed25519',
    publicKey: bytesToHex(signer.publicKey),
    verifierKey: signer.verifierKey,
    origin: signer.name,
  };
}

const presentNote = (row: NoteRow, lines: readonly string[]): TListedCheckpoint => ({
  id: row.id,
  size: row.size,
  root: row.root,
  note: withCosignatures(row.note, lines),
  signedAt: new Date(row.signed_at).toISOString(),
});

/** One page of the checkpoints witnesses cosigned, each with its cosignatures. */
export async function checkpointPage(ctx: Pick<ServerContext, 'db'>, after: number, limit: number) {
  const rows = await listCosignedNotes(ctx.db, after, limit + 1);
  const page = rows.slice(0, limit);
  const lines = await cosignatureLines(
    ctx.db,
    page.map((r) => r.id),
  );
  const checkpoints = page.map((row) => presentNote(row, lines.get(row.id) ?? []));
  return { checkpoints, nextAfter: rows.length > limit ? (checkpoints.at(-1)?.id ?? null) : null };
}

export async function latestListedCheckpoint(ctx: Pick<ServerContext, 'db'>): Promise<TListedCheckpoint> {
  const row = await latestNote(ctx.db);
  if (!row) throw AppError.notFound('No checkpoint has been signed yet.');
  const lines = await cosignatureLines(ctx.db, [row.id]);
  return presentNote(row, lines.get(row.id) ?? []);
}

/** Proofs come from the tree this process verified, never from stored nodes. */
export async function proveConsistency(ctx: Ctx, from: number, to: number): Promise<TConsistencyProof> {
  await refreshRecord(ctx);
  const size = ctx.record.verifier.size;
  if (from > to) throw AppError.validation('from must not be greater than to.');
  if (to > size) throw AppError.validation(`to must not exceed the record's size (${size}).`);
  const proof = consistencyProof(ctx.record.verifier.tree.nodes, from, to, nodeSha256);
  return { from, to, proof: proof.map(bytesToHex) };
}

export async function proveInclusion(ctx: Ctx, seq: number, size: number): Promise<TInclusionProof> {
  await refreshRecord(ctx);
  const total = ctx.record.verifier.size;
  if (seq > size) throw AppError.validation('seq must not be greater than size.');
  if (size > total) throw AppError.validation(`size must not exceed the record's size (${total}).`);
  const proof = inclusionProof(ctx.record.verifier.tree.nodes, seq - 1, size, nodeSha256);
  return { seq, size, hash: ctx.record.verifier.hashAt(seq), proof: proof.map(bytesToHex) };
}

/**
 * Entries of the public log as stored, each held against what this process verified before it leaves
 * (its hash recomputed from the stored text): an entry changed underneath is never served as the log's,
 * and the log is broken for this process from then on.
 */
export async function publishedEntries(
  ctx: Pick<ServerContext, 'db' | 'record'>,
  after: number,
  upTo: number,
  limit: number,
): Promise<TTrackRecordEntry[]> {
  const rows = await listStoredEntries(ctx.db, after, Math.min(upTo, ctx.record.verifier.size), limit);
  return rows.map((row) => published(ctx.record, row));
}

function published(state: TrackRecordState, row: StoredEntry): TTrackRecordEntry {
  const verified = state.verifier.hashAt(row.seq);
  let payload: TTrackRecordEntry['payload'] | null = null;
  try {
    payload = ZTrackRecordPayload.parse(JSON.parse(row.payload));
  } catch {
    // Unreadable stored text: reported below with any other change.
  }
  const holds =
    payload !== null &&
    row.hash === verified &&
    sha256Hex(`${row.prevHash}\n${row.payload}`) === verified &&
    sha256Hex(trackRecordHashInput(row.prevHash, payload)) === verified;
  if (!holds) {
    // The log is broken for this process from now on (every figure withheld); the entry is still served
    // as stored, so whoever checks it sees the change for themselves.
    try {
      state.verifier.fail(row.seq, 'its stored content changed after it was verified');
    } catch {
      // fail() throws by design; here the break is recorded and serving goes on.
    }
  }
  if (payload === null) {
    throw new AppError('unavailable', `Entry #${row.seq} of the track record no longer reads: the log does not hold.`);
  }
  return { seq: row.seq, prevHash: row.prevHash, hash: row.hash, payload };
}

/**
 * The same entries as JSON Lines, one line each, written from the stored text itself. A payload whose
 * stored text hashes to the hash this process verified is that canonical text, byte for byte, and the
 * canonical encoding is JSON: it goes out as it is, without being parsed, checked and written again
 * (a year's download and bundles are over 200,000 entries). Anything that does not hold takes the slow
 * path above, which records the break and serves the entry as stored.
 */
export async function publishedLines(
  ctx: Pick<ServerContext, 'db' | 'record'>,
  after: number,
  upTo: number,
  limit: number,
): Promise<{ lines: string[]; last: number }> {
  const rows = await listStoredEntries(ctx.db, after, Math.min(upTo, ctx.record.verifier.size), limit);
  const lines = rows.map((row) => {
    const verified = ctx.record.verifier.hashAt(row.seq);
    if (row.hash === verified && sha256Hex(`${row.prevHash}\n${row.payload}`) === verified) {
      return `{"seq":${row.seq},"prevHash":${JSON.stringify(row.prevHash)},"hash":"${verified}","payload":${row.payload}}\n`;
    }
    return `${JSON.stringify(published(ctx.record, row))}\n`;
  });
  return { lines, last: rows.at(-1)?.seq ?? after };
}

/** Every public entry up to `upTo` as JSON Lines, in batches, oldest first (the download). */
export async function* streamPublishedLines(
  ctx: Pick<ServerContext, 'db' | 'record'>,
  upTo: number,
  batch = 2000,
): AsyncGenerator<string> {
  for (let after = 0; after < upTo; ) {
    const { lines, last } = await publishedLines(ctx, after, upTo, batch);
    if (lines.length === 0) return;
    yield lines.join('');
    after = last;
  }
}

/** One page of the public log's signals that no figure counts, oldest first. */
export async function uncountedPage(
  ctx: Ctx & Pick<ServerContext, 'config'>,
  after: number,
  limit: number,
): Promise<{ signals: TUncountedSignal[]; nextAfter: number | null }> {
  await refreshRecord(ctx);
  const all = countedRecord(ctx.record, ctx.now(), ctx.config.PAYOUT_PERCENT).uncounted.filter((s) => s.seq > after);
  const signals = all.slice(0, limit);
  return { signals, nextAfter: all.length > limit ? (signals.at(-1)?.seq ?? null) : null };
}
