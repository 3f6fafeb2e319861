import { NOTIFICATION_LIMITS } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import { findTierGrant, listRunningGrants } from './tier-grants.repository.js';

/** The task kind of a timed grant's advance notice; its id is the grant's id. */
export const TIER_EXPIRING_TASK = 'tier-expiring';

export interface TierExpiringPayload {
  grantId: string;
}

const NOTICE_MS = NOTIFICATION_LIMITS.tierExpiringNoticeMs;
/** A timer may fire a moment early; closer than this to the notice time it is the notice time. */
const EARLY_TOLERANCE_MS = 1000;

/**
 * When a timed grant's member is told it ends soon: NOTIFICATION_LIMITS.tierExpiringNoticeMs before its
 * end, for grants longer than that (a shorter grant's own notification already named its end). Null
 * when no notice is due.
 */
export function tierExpiringNoticeAt(grantedAt: Date, expiresAt: Date): Date | null {
  if (expiresAt.getTime() - grantedAt.getTime() <= NOTICE_MS) return null;
  return new Date(expiresAt.getTime() - NOTICE_MS);
}

/** Schedules a timed grant's notice, when one is due and still ahead. */
export async function scheduleTierExpiringNotice(
  ctx: ServerContext,
  grantId: string,
  grantedAt: Date,
  expiresAt: Date,
): Promise<void> {
  const at = tierExpiringNoticeAt(grantedAt, expiresAt);
  if (!at || at.getTime() <= ctx.now().getTime()) return;
  await ctx.tasks.schedule<TierExpiringPayload>(TIER_EXPIRING_TASK, grantId, { grantId }, at);
}

/**
 * Tells the member that a running timed grant ends soon, once (the notification's unique ref is the
 * grant). A grant that ended or changed meanwhile, or whose notice is not due yet, is left alone.
 */
export async function noticeTierExpiring(ctx: ServerContext, grantId: string): Promise<'noticed' | 'ended' | 'early'> {
  const grant = await findTierGrant(ctx.db, grantId);
  if (!grant || grant.ended_at || !grant.expires_at) return 'ended';
  const expiresAt = new Date(grant.expires_at);
  const noticeAt = tierExpiringNoticeAt(new Date(grant.granted_at), expiresAt);
  if (!noticeAt) return 'ended';
  const now = ctx.now();
  if (noticeAt.getTime() - now.getTime() > EARLY_TOLERANCE_MS) {
    await scheduleTierExpiringNotice(ctx, grant.id, new Date(grant.granted_at), expiresAt);
    return 'early';
  }
  const data = {
    grantId: grant.id,
    tier: grant.tier,
    returnsTo: grant.previous_tier,
    expiresAt: expiresAt.toISOString(),
  };
  const notice = await recordNotification(ctx.db, grant.user_id, { kind: 'tier-expiring', data }, grant.id, now);
  await announceNotification(ctx, notice);
  return 'noticed';
}

/**
 * Registers the notice task. Its restore lists the running timed grants whose notice is due, so one that
 * came due while no process ran is sent at start (once: the notification is unique per grant).
 */
export function defineTierExpiringTask(ctx: ServerContext): void {
  ctx.tasks.define<TierExpiringPayload>(
    TIER_EXPIRING_TASK,
    async (payload) => {
      const result = await noticeTierExpiring(ctx, payload.grantId);
      ctx.logger.info({ grantId: payload.grantId, result }, 'tier grant expiring notice');
    },
    {
      attempts: 5,
      backoffMs: 1000,
      restore: async () =>
        (await listRunningGrants(ctx.db)).flatMap((grant) => {
          const at = tierExpiringNoticeAt(new Date(grant.granted_at), new Date(grant.expires_at!));
          return at ? [{ id: grant.id, payload: { grantId: grant.id }, runAt: at }] : [];
        }),
    },
  );
}
