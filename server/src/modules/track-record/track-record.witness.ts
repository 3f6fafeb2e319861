import {
  checkpointExtends,
  EMPTY_CHECKPOINT,
  type TTrackRecordAdminView,
  type TTrackRecordCheckpoint,
  type TWitnessReport,
  verifyCheckpointSignature,
} from '@signalroom/shared';
import { countUnrecordedSignals, storedRoot, trackRecordSigner } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { entryHashAt, publicExtent } from './track-record.repository.js';
import { trackRecordHead } from './track-record.service.js';

type Ctx = Pick<ServerContext, 'db' | 'now' | 'logger'>;

/**
 * Reports from witnesses: a member's browser that kept a signed checkpoint the record no longer extends
 * sends it here. Only a proof is kept: the checkpoint must carry this record's signature and disagree
 * with the record as it is now, so nobody can fill the list with noise. Admins see every report.
 */
export async function reportWitnessCheckpoint(ctx: Ctx, checkpoint: TTrackRecordCheckpoint): Promise<TWitnessReport> {
  const { publicKey } = await trackRecordSigner(ctx.db);
  if (!verifyCheckpointSignature(checkpoint, publicKey)) {
    throw AppError.validation("This checkpoint does not carry this record's signature.");
  }
  const reason = await disagreement(ctx, checkpoint);
  if (!reason) throw AppError.validation('This checkpoint is consistent with the record.');
  await ctx.db
    .insertInto('track_record_witness_reports')
    .values({ ...withoutTime(checkpoint), signed_at: checkpoint.time, reason })
    .onConflict((oc) => oc.columns(['size', 'root']).doNothing())
    .execute();
  ctx.logger.error(
    { size: checkpoint.size, root: checkpoint.root, reason },
    'track record: a witness saw history rewritten',
  );
  return { checkpoint, reason, reportedAt: ctx.now().toISOString() };
}

const withoutTime = ({ time: _time, ...rest }: TTrackRecordCheckpoint) => rest;

/** Why the record as it is now does not extend this checkpoint, or null when it does. */
async function disagreement(ctx: Ctx, cp: TTrackRecordCheckpoint): Promise<string | null> {
  const { total } = await publicExtent(ctx.db, ctx.now());
  if (cp.size > total) return `the record holds ${total} entries, fewer than the ${cp.size} it signed`;
  if (cp.size === 0) return null;
  const [root, head] = await Promise.all([storedRoot(ctx.db, cp.size), entryHashAt(ctx.db, cp.size)]);
  const now = { size: cp.size, root, head: head ?? EMPTY_CHECKPOINT.head };
  const comparison = checkpointExtends(cp, now, []);
  return comparison.ok ? null : comparison.reason;
}

/** What admins see: the check, signals waiting for a repair, and witnesses' reports, newest first. */
export async function trackRecordAdminView(ctx: Ctx): Promise<TTrackRecordAdminView> {
  const [head, unrecorded, reports] = await Promise.all([
    trackRecordHead(ctx),
    countUnrecordedSignals(ctx.db),
    ctx.db.selectFrom('track_record_witness_reports').selectAll().orderBy('id', 'desc').limit(50).execute(),
  ]);
  return {
    head,
    unrecorded,
    witnessReports: reports.map((r) => ({
      checkpoint: { size: r.size, head: r.head, root: r.root, time: r.signed_at, signature: r.signature },
      reason: r.reason,
      reportedAt: new Date(r.reported_at).toISOString(),
    })),
  };
}
