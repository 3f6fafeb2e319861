import { countUnrecordedSignals, recordKeyringOf } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';

type Ctx = Pick<ServerContext, 'db' | 'now' | 'logger' | 'record'>;

/** How long a count of unrecorded signals is reused (health is polled; a repair runs elsewhere). */
const UNRECORDED_CACHE_MS = 60_000;
const unrecordedCache = new WeakMap<Db, { at: number; count: Promise<number> }>();

/** Signals without their entries (written around the chain): a repair is due. Counted at most once a minute. */
export function unrecordedSignals(ctx: Ctx): Promise<number> {
  const cached = unrecordedCache.get(ctx.db);
  if (cached && Date.now() - cached.at < UNRECORDED_CACHE_MS) return cached.count;
  const count = countUnrecordedSignals(ctx.db).then((c) => c.unissued + c.unresolved);
  unrecordedCache.set(ctx.db, { at: Date.now(), count });
  // A failed count is not cached (the caller gets the error); the next probe counts again.
  count.catch(() => unrecordedCache.delete(ctx.db));
  return count;
}

/** What /api/health reports about the record: signals waiting for a repair, a broken check, withheld figures. */
export async function trackRecordProblems(ctx: Ctx): Promise<string[]> {
  const problems: string[] = [];
  const unrecorded = await unrecordedSignals(ctx);
  if (unrecorded > 0) {
    problems.push(
      `track record: ${unrecorded} signal entries are missing; nothing is appended for them until an operator runs the audited repair`,
    );
  }
  const status = ctx.record.status();
  if (status.brokenAt !== null) problems.push(`track record broken at #${status.brokenAt}: ${status.brokenReason}`);
  else if (status.withheld) problems.push(`track record figures withheld: ${status.withheldReason}`);
  return problems;
}

/**
 * At start: the log verified from its first entry (every entry, the latest checkpoint, each witness's
 * newest cosignature), and signals that lack entries reported, never appended: start-up does not write
 * history by itself. An operator reviews them and
 * runs `npm run admin -- track-record-repair --reason "…"`, which appends them and audits why.
 */
export async function checkTrackRecordAtStart(ctx: Ctx): Promise<void> {
  const status = await ctx.record.refresh();
  const signer = await (await recordKeyringOf(ctx.db)).current();
  ctx.logger.info(
    { verifierKey: signer.verifierKey, size: status.size, witnesses: status.total, quorum: status.quorum },
    "track record: the log's verifier key (pin it out of band; witnesses are given it)",
  );
  const { unissued, unresolved } = await countUnrecordedSignals(ctx.db);
  if (unissued + unresolved === 0) return;
  ctx.logger.error(
    { unissued, unresolved },
    'track record: signals without their entries (written around the chain); start-up appends nothing. ' +
      'Review them, then run: npm run admin -- track-record-repair --reason "<why>"',
  );
}
