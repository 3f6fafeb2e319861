import { accessLevelFor } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { recordAudit } from '../audit/audit.repository.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import { updateUser } from '../users/users.repository.js';
import { scheduleTierExpiringNotice } from './tier-expiring.task.js';
import { endTierGrant, listRunningGrants, lockTierGrant } from './tier-grants.repository.js';
import { lockMemberRow } from './tier-grants.service.js';

/** The task kind of a timed grant's end; its id is the grant's id. */
export const TIER_EXPIRY_TASK = 'tier-expiry';

export interface TierExpiryPayload {
  grantId: string;
}

/** A timer may fire a moment early by the database's clock; closer than this it is the expiry. */
const EARLY_TOLERANCE_MS = 1000;

/**
 * Schedules the end of a timed grant (after the grant's transaction committed), and the member's notice
 * a day before it when the grant is longer than that (`grantedAt` given).
 */
export async function scheduleTierExpiry(
  ctx: ServerContext,
  grantId: string,
  expiresAt: Date,
  grantedAt?: Date,
): Promise<void> {
  await ctx.tasks.schedule<TierExpiryPayload>(TIER_EXPIRY_TASK, grantId, { grantId }, expiresAt);
  if (grantedAt) await scheduleTierExpiringNotice(ctx, grantId, grantedAt, expiresAt);
}

/**
 * Ends a timed grant: the member returns to the access they had before, in one transaction with the
 * grant's end and its audit row, then every session of theirs gets `account:update`. Idempotent: a
 * grant that has already ended (expired, or replaced by a later change) is left alone, so a job that
 * runs twice, or after an admin's newer change, does nothing.
 */
export async function expireTierGrant(ctx: ServerContext, grantId: string): Promise<'expired' | 'ended' | 'early'> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const grant = await lockTierGrant(trx, grantId);
    if (!grant || grant.ended_at || !grant.expires_at) return { kind: 'ended' as const };
    const expiresAt = new Date(grant.expires_at);
    const now = ctx.now();
    if (expiresAt.getTime() - now.getTime() > EARLY_TOLERANCE_MS) return { kind: 'early' as const, expiresAt };
    const member = await lockMemberRow(trx, grant.user_id);
    if (!member) return { kind: 'ended' as const };
    await endTierGrant(trx, grant.id, now, 'expired');
    const restored = {
      tier: grant.previous_tier,
      dashboardUnlocked: grant.previous_unlocked,
      hasDeposited: grant.previous_deposited,
    };
    await updateUser(trx, member.id, {
      tier: restored.tier,
      dashboard_unlocked: restored.dashboardUnlocked,
      has_deposited: restored.hasDeposited,
      access_level: accessLevelFor(restored),
      tier_expires_at: null,
    });
    // The end is the granting admin's own decision, made with the grant: the row names them (no address,
    // nobody sent a request). A grant whose admin account is gone ends without one.
    if (grant.granted_by) {
      await recordAudit(trx, {
        actor: { id: grant.granted_by, email: grant.granted_by_email, ip: null },
        action: 'member.tier-expiry',
        targetType: 'member',
        targetId: member.id,
        targetLabel: member.email,
        before: {
          tier: member.tier,
          dashboardUnlocked: member.dashboard_unlocked,
          hasDeposited: member.has_deposited,
          tierExpiresAt: expiresAt.toISOString(),
        },
        after: { ...restored, tierExpiresAt: null },
        reason: grant.reason,
      });
    }
    const data = { grantId: grant.id, tier: grant.tier, returnsTo: restored.tier };
    const notice = await recordNotification(trx, member.id, { kind: 'tier-ended', data }, grant.id, now);
    return { kind: 'expired' as const, userId: member.id, notice };
  });
  if (outcome.kind === 'early') {
    await scheduleTierExpiry(ctx, grantId, outcome.expiresAt);
    return 'early';
  }
  if (outcome.kind === 'expired') {
    await ctx.events.accountChanged(outcome.userId);
    await announceNotification(ctx, outcome.notice);
  }
  return outcome.kind;
}

/**
 * Registers the expiry task. Its restore lists every running timed grant from the database, so a
 * restart (or a queue that lost its jobs) schedules each one again; a grant past its time runs at once.
 */
export function defineTierExpiryTask(ctx: ServerContext): void {
  ctx.tasks.define<TierExpiryPayload>(
    TIER_EXPIRY_TASK,
    async (payload) => {
      const result = await expireTierGrant(ctx, payload.grantId);
      ctx.logger.info({ grantId: payload.grantId, result }, 'tier grant expiry');
    },
    {
      attempts: 5,
      backoffMs: 1000,
      restore: async () =>
        (await listRunningGrants(ctx.db)).map((grant) => ({
          id: grant.id,
          payload: { grantId: grant.id },
          runAt: new Date(grant.expires_at!),
        })),
    },
  );
}
