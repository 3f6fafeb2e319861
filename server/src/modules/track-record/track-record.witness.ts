import {
  bytesToHex,
  noteSignedBy,
  readCheckpointNote,
  type TTrackRecordAdminView,
  type TWitnessReport,
} from '@signalroom/shared';
import { countUnrecordedSignals, createRecordVerifier, TrackRecordBrokenError } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { refreshRecord, trackRecordHead } from './track-record.service.js';

type Ctx = Pick<ServerContext, 'db' | 'now' | 'logger' | 'record'>;

/**
 * Reports from members' browsers: a browser that kept a checkpoint the log no longer extends sends it
 * here. Only a proof is kept: the note must carry a signature of a key this log announced and disagree
 * with the log as it is now, so nobody can fill the list with noise. Admins see every report; the
 * public sees the break itself, since the same disagreement breaks the log's check.
 */
export async function reportWitnessCheckpoint(ctx: Ctx, note: string): Promise<TWitnessReport> {
  let read: ReturnType<typeof readCheckpointNote>;
  try {
    read = readCheckpointNote(note);
  } catch {
    throw AppError.validation('This is not a signed checkpoint note.');
  }
  await refreshRecord(ctx);
  const keys = ctx.record.view.keys().map((k) => k.key);
  if (!keys.some((key) => noteSignedBy(read, key))) {
    throw AppError.validation("This checkpoint does not carry this record's signature.");
  }
  const reason = await disagreement(ctx, read.checkpoint.size, read.rootHex);
  if (!reason) throw AppError.validation('This checkpoint is consistent with the record.');
  await ctx.db
    .insertInto('track_record_witness_reports')
    .values({ size: read.checkpoint.size, root: read.rootHex, note, reason })
    .onConflict((oc) => oc.columns(['size', 'root']).doNothing())
    .execute();
  ctx.logger.error(
    { size: read.checkpoint.size, root: read.rootHex, reason },
    'track record: a browser saw history rewritten',
  );
  return { checkpoint: note, reason, reportedAt: ctx.now().toISOString() };
}

/**
 * Why the log as the site serves it now does not extend this checkpoint, or null when it does. While this
 * process's hold on the log is broken its tree is the history it verified before, not what is served:
 * the stored log is read afresh then (reports are few and rate-limited).
 */
async function disagreement(ctx: Ctx, size: number, root: string): Promise<string | null> {
  let verifier = ctx.record.verifier;
  if (verifier.broken()) {
    verifier = createRecordVerifier();
    try {
      await verifier.catchUp(ctx.db);
    } catch (error) {
      if (!(error instanceof TrackRecordBrokenError)) throw error;
      return `the record as stored does not hold at entry #${error.brokenAt}: ${error.reason}`;
    }
  }
  if (size > verifier.size) return `the record holds ${verifier.size} entries, fewer than the ${size} it signed`;
  if (bytesToHex(verifier.tree.rootAt(size)) !== root)
    return `the record's first ${size} entries are not the ones it signed`;
  return null;
}

/** What admins see: the check and the witnesses, signals waiting for a repair, browsers' reports, newest first. */
export async function trackRecordAdminView(ctx: Ctx): Promise<TTrackRecordAdminView> {
  const [head, unrecorded, reports] = await Promise.all([
    trackRecordHead(ctx),
    countUnrecordedSignals(ctx.db),
    ctx.db.selectFrom('track_record_witness_reports').selectAll().orderBy('id', 'desc').limit(50).execute(),
  ]);
  return {
    head,
    witnessing: ctx.record.status(),
    unrecorded,
    witnessReports: reports.map((r) => ({
      checkpoint: r.note ?? `size ${r.size} root ${r.root} (first format)`,
      reason: r.reason,
      reportedAt: new Date(r.reported_at).toISOString(),
    })),
  };
}
