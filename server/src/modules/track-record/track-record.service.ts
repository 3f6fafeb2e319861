import {
  computeTrackRecordStats,
  computeWinRateEvidence,
  countLevelOutcomes,
  createTrackRecordChecker,
  equityCurve,
  STAKE_PLAN,
  TRACK_RECORD_GENESIS_HASH,
  type TTrackRecordHead,
  type TTrackRecordSummary,
} from '@signalroom/shared';
import { sha256Hex } from '@signalroom/shared/node';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import {
  listResolvedFacts,
  publicExtent,
  signalsRevision,
  storedHash,
  streamEntries,
} from './track-record.repository.js';

type Ctx = Pick<ServerContext, 'db' | 'now'>;

/**
 * The last check of the public chain, by what it covered: the public length, the whole chain's length
 * and the signals table's revision. Any write to a signal (a legitimate resolution or a tampering one)
 * moves the revision, so the next visitor runs a fresh check; until then every visitor shares one.
 */
const checks = new WeakMap<Db, { key: string; head: Promise<TTrackRecordHead> }>();

/**
 * Checks the public chain against the signals table, from the first entry to the head: every public
 * entry rebuilt from the signal as stored now and rehashed (a change to an old signal must show, so
 * nothing is skipped).
 */
async function checkPublicChain(db: Db, now: Date, length: number, total: number): Promise<TTrackRecordHead> {
  const checker = createTrackRecordChecker(sha256Hex);
  let failure: ReturnType<typeof checker.add> = null;
  for await (const entry of streamEntries(db, length)) {
    failure = checker.add(entry);
    if (failure) break;
  }
  const headHash =
    length === 0 ? TRACK_RECORD_GENESIS_HASH : ((await storedHash(db, length)) ?? TRACK_RECORD_GENESIS_HASH);
  return {
    length,
    headHash,
    pending: total - length,
    brokenAt: failure?.brokenAt ?? null,
    brokenReason: failure?.reason ?? null,
    checkedAt: now.toISOString(),
  };
}

/** The public chain's head and the latest check of it (one run while nothing changed). */
export async function trackRecordHead(ctx: Ctx): Promise<TTrackRecordHead> {
  const now = ctx.now();
  const [{ length, total }, revision] = await Promise.all([publicExtent(ctx.db, now), signalsRevision(ctx.db)]);
  const key = `${length}|${total}|${revision}`;
  const cached = checks.get(ctx.db);
  if (cached?.key === key) return cached.head;
  const head = checkPublicChain(ctx.db, now, length, total);
  checks.set(ctx.db, { key, head });
  // A failed check is not kept: the next visitor tries again.
  head.catch(() => checks.delete(ctx.db));
  return head;
}

/**
 * The public page: statistics of resolved signals, the feed they ran on, and the chain's head. The
 * equity curve's plan and the evidence take the operator's payout, so the page states one payout.
 */
export async function trackRecordSummary(ctx: Ctx & Pick<ServerContext, 'config'>): Promise<TTrackRecordSummary> {
  const [{ facts, feeds }, head] = await Promise.all([listResolvedFacts(ctx.db), trackRecordHead(ctx)]);
  const feed = feeds.size > 1 ? 'mixed' : ([...feeds][0] ?? null);
  const payoutPercent = ctx.config.PAYOUT_PERCENT;
  const stats = { ...computeTrackRecordStats(facts), equity: equityCurve(facts, { ...STAKE_PLAN, payoutPercent }) };
  return { stats, feed, head, evidence: computeWinRateEvidence(countLevelOutcomes(facts), payoutPercent) };
}
