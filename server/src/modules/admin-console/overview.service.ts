import { dayKeyInZone, OVERVIEW_SIGNUP_DAYS, type TAdminOverview } from '@signalroom/shared';
import { countSignalsOfDay } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { performanceStats } from '../signals/signals.service.js';
import { countFunnel, countSignupsByDay, latestAuditEntries } from './overview.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<
  ServerContext,
  'config' | 'db' | 'logger' | 'now' | 'presence' | 'signalQueue' | 'tasks' | 'record'
>;

const DAY_MS = 24 * 60 * 60 * 1000;
const LATEST_AUDIT = 10;
/** A figure that needs Redis or another process answers within this, or shows as unknown. */
const PROBE_TIMEOUT_MS = 2500;

/** Resolves to null when the promise fails or takes too long: one slow part must not hold the page. */
async function orNull<T>(ctx: ServiceContext, what: string, promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PROBE_TIMEOUT_MS);
  });
  try {
    const value = await Promise.race([promise, timeout]);
    if (value === null) ctx.logger.warn({ part: what }, 'admin overview: no answer in time');
    return value;
  } catch (error) {
    ctx.logger.warn({ err: error, part: what }, 'admin overview: part unavailable');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The last `days` calendar days in the time zone, oldest first, ending today. */
export function lastDays(now: Date, days: number, timeZone: string): string[] {
  const keys: string[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const key = dayKeyInZone(new Date(now.getTime() - i * DAY_MS), timeZone);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

/** The admin overview, counted from the records each time it is asked for. */
export async function loadOverview(ctx: ServiceContext): Promise<TAdminOverview> {
  const now = ctx.now();
  const timeZone = ctx.config.TIME_ZONE;
  const days = lastDays(now, OVERVIEW_SIGNUP_DAYS, timeZone);
  // A day and a half earlier than the first day covers any time zone's offset; the map keeps the days asked.
  const since = new Date(now.getTime() - (OVERVIEW_SIGNUP_DAYS + 1.5) * DAY_MS);
  const queue = ctx.signalQueue;
  const [funnel, signups, signalsToday, stats, connected, signalCounts, taskCounts, latestAudit] = await Promise.all([
    countFunnel(ctx.db),
    countSignupsByDay(ctx.db, since, timeZone),
    countSignalsOfDay(ctx.db, dayKeyInZone(now, timeZone)),
    performanceStats(ctx),
    ctx.presence ? orNull(ctx, 'connected members', ctx.presence.onlineMembers()) : Promise.resolve(null),
    queue
      ? orNull(ctx, 'signal queue', queue.getJobCounts('waiting', 'active', 'delayed', 'failed'))
      : Promise.resolve(null),
    orNull(ctx, 'task queue', ctx.tasks.counts()),
    latestAuditEntries(ctx.db, LATEST_AUDIT),
  ]);
  const counts = (c: Record<string, number> | null) =>
    c ? { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 } : null;
  return {
    generatedAt: now.toISOString(),
    funnel,
    signupsPerDay: days.map((day) => ({ day, count: signups.get(day) ?? 0 })),
    connectedMembers: connected,
    signalsToday,
    winRate: stats.winRateFirstWindow,
    resolvedSignals: stats.totalSignals,
    evidence: stats.evidence,
    queues: { signals: counts(signalCounts), tasks: counts(taskCounts as Record<string, number> | null) },
    signalQueueInProcess: queue === null,
    latestAudit,
  };
}
