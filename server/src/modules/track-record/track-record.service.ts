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
  type TTrackRecordCheckpoint,
  type TTrackRecordHead,
  type TTrackRecordKey,
  type TTrackRecordSummary,
} from '@signalroom/shared';
import { nodeSha256, trackRecordSigner, withStoredNodes } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { createTrackRecordMonitor, type TrackRecordMonitor } from './track-record.monitor.js';
import {
  type CheckpointRow,
  entryHashAt,
  latestCheckpoint,
  listCheckpoints,
  listRecordedFacts,
  publicExtent,
} from './track-record.repository.js';

type Ctx = Pick<ServerContext, 'db' | 'now'>;

// One check per database and process (tests run several servers in one process).
const monitors = new WeakMap<Db, TrackRecordMonitor>();

/** This process's check of the record (created on first use). */
export function trackRecordMonitorOf(ctx: Ctx): TrackRecordMonitor {
  let monitor = monitors.get(ctx.db);
  if (!monitor) {
    monitor = createTrackRecordMonitor(ctx.db, ctx.now);
    monitors.set(ctx.db, monitor);
  }
  return monitor;
}

export const presentCheckpoint = (row: CheckpointRow): TListedCheckpoint => ({
  id: row.id,
  size: row.size,
  head: row.head,
  root: row.root,
  time: row.signed_at,
  signature: row.signature,
});

const unlisted = ({ id: _id, ...cp }: TListedCheckpoint): TTrackRecordCheckpoint => cp;

/** The public chain's head, the latest checkpoint, and the server's check brought up to date. */
export async function trackRecordHead(ctx: Ctx): Promise<TTrackRecordHead> {
  const check = await trackRecordMonitorOf(ctx).check();
  const [{ length, total }, checkpoint] = await Promise.all([
    publicExtent(ctx.db, ctx.now()),
    latestCheckpoint(ctx.db),
  ]);
  const headHash =
    length === 0 ? TRACK_RECORD_GENESIS_HASH : ((await entryHashAt(ctx.db, length)) ?? TRACK_RECORD_GENESIS_HASH);
  return {
    length,
    headHash,
    pending: total - length,
    checkpoint: checkpoint ? unlisted(presentCheckpoint(checkpoint)) : null,
    brokenAt: check.brokenAt,
    brokenReason: check.brokenReason,
    checkedAt: check.checkedAt.toISOString(),
  };
}

/**
 * Whether the server's own check finds the record broken (published figures stop while it does). The
 * check is brought up to date first, unless a full check is running or none has finished since start:
 * figures are not held back for it; they stop as soon as a check finds the break.
 */
export async function isRecordBroken(ctx: Ctx & Pick<ServerContext, 'logger'>): Promise<boolean> {
  const monitor = trackRecordMonitorOf(ctx);
  const checking = monitor.check();
  if (monitor.last() === null) {
    checking.catch((error: unknown) => ctx.logger.error({ err: error }, 'track record: the check failed'));
    return false;
  }
  return (await checking).brokenAt !== null;
}

/**
 * The public page: statistics of the resolved signals whose outcome is in the public record, in the
 * order the record issued them (so anyone recomputes them from the download), the feed they ran on and
 * the head. The equity curve's plan and the evidence take the operator's payout, so the page states one
 * payout. No figure while the record is broken.
 */
export async function trackRecordSummary(ctx: Ctx & Pick<ServerContext, 'config'>): Promise<TTrackRecordSummary> {
  const [head, { publicKey }] = await Promise.all([trackRecordHead(ctx), trackRecordKey(ctx)]);
  if (head.brokenAt !== null) return { stats: null, feed: null, head, evidence: null, publicKey };
  const { facts, feeds } = await listRecordedFacts(ctx.db, head.length);
  const feed = feeds.size > 1 ? 'mixed' : ([...feeds][0] ?? null);
  const payoutPercent = ctx.config.PAYOUT_PERCENT;
  const stats = { ...computeTrackRecordStats(facts), equity: equityCurve(facts, { ...STAKE_PLAN, payoutPercent }) };
  const evidence = computeWinRateEvidence(countLevelOutcomes(facts), payoutPercent);
  return { stats, feed, head, evidence, publicKey };
}

/** The record's public key. */
export async function trackRecordKey(ctx: Ctx): Promise<TTrackRecordKey> {
  return { algorithm: 'Ed25519', publicKey: (await trackRecordSigner(ctx.db)).publicKey };
}

/** One page of signed checkpoints. */
export async function checkpointPage(ctx: Ctx, after: number, limit: number) {
  const rows = await listCheckpoints(ctx.db, after, limit + 1);
  const checkpoints = rows.slice(0, limit).map(presentCheckpoint);
  return { checkpoints, nextAfter: rows.length > limit ? (checkpoints.at(-1)?.id ?? null) : null };
}

export async function latestSignedCheckpoint(ctx: Ctx): Promise<TTrackRecordCheckpoint> {
  const row = await latestCheckpoint(ctx.db);
  if (!row) throw AppError.notFound('No checkpoint has been signed yet.');
  return unlisted(presentCheckpoint(row));
}

/** How many entries the tree holds now (every proof stays within it). */
async function recordSize(ctx: Ctx): Promise<number> {
  return (await publicExtent(ctx.db, ctx.now())).total;
}

export async function proveConsistency(ctx: Ctx, from: number, to: number): Promise<TConsistencyProof> {
  const size = await recordSize(ctx);
  if (from > to) throw AppError.validation('from must not be greater than to.');
  if (to > size) throw AppError.validation(`to must not exceed the record's size (${size}).`);
  const proof = await withStoredNodes(ctx.db, (nodes) => consistencyProof(nodes, from, to, nodeSha256));
  return { from, to, proof: proof.map(bytesToHex) };
}

export async function proveInclusion(ctx: Ctx, seq: number, size: number): Promise<TInclusionProof> {
  const total = await recordSize(ctx);
  if (seq > size) throw AppError.validation('seq must not be greater than size.');
  if (size > total) throw AppError.validation(`size must not exceed the record's size (${total}).`);
  const [hash, proof] = await Promise.all([
    entryHashAt(ctx.db, seq),
    withStoredNodes(ctx.db, (nodes) => inclusionProof(nodes, seq - 1, size, nodeSha256)),
  ]);
  if (!hash) throw AppError.notFound(`Entry #${seq} is not in the record.`);
  return { seq, size, hash, proof: proof.map(bytesToHex) };
}
