import { AuthMessages, accessLevelFor, LIMITS, Messages, type TUser } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { presentUser } from '../../sessions/user-row.js';
import { hashDashboardCode, normalizeDashboardCode } from '../credentials/credentials.secrets.js';
import { claimMailCooldown } from '../mail/mail.repository.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { activationMail } from '../mail/mail.templates.js';
import { endRunningGrant } from '../tier-grants/tier-grants.service.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import { consumeDashboardCode, dashboardCodeState } from './auth.repository.js';

/** Mails the activation steps (broker link, promo code, support handle) to the member; once per 60 s. */
export async function sendActivationEmail(ctx: ServerContext, user: TUser, linkBase?: string): Promise<void> {
  const wait = await claimMailCooldown(ctx.db, user.email, 'activation', ctx.now(), LIMITS.resendCooldownSeconds);
  if (wait > 0) throw AppError.rateLimited(wait, AuthMessages.resendCooldown(wait));
  try {
    await getMailer(ctx).send(activationMail(brandOf(ctx, linkBase), user.email, user.fullName, user.admissionCode));
  } catch {
    throw new AppError('unavailable', Messages.wrapper.sendActivationEmail);
  }
}

/**
 * Redeems the one-time dashboard code an admin issued for this member: unlocks the dashboard, marks the
 * code activated and applies the tier the code carries (accessLevel follows). The code is consumed by
 * one conditional UPDATE inside the transaction, so it works once, and only before it expires. A code
 * that fails says why: not valid, already used, or expired.
 */
export async function redeemDashboardCode(
  ctx: ServerContext,
  user: TUser,
  rawCode: string,
): Promise<{ dashboardUnlocked: boolean; user: TUser }> {
  if (!normalizeDashboardCode(rawCode)) {
    throw AppError.validation(AuthMessages.dashboardCodeRequired, {
      dashboardCode: AuthMessages.dashboardCodeRequired,
    });
  }
  const now = ctx.now();
  const codeHash = hashDashboardCode(user.id, rawCode);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const code = await consumeDashboardCode(trx, user.id, codeHash, now);
    if (!code) {
      // Codes are hashed with the member's id, so these answers only ever speak of the member's own codes.
      const state = await dashboardCodeState(trx, user.id, codeHash);
      const message =
        state === 'used'
          ? AuthMessages.dashboardCodeUsed
          : state === 'expired'
            ? AuthMessages.dashboardCodeExpired
            : AuthMessages.dashboardCodeInvalid;
      throw AppError.validation(message, { dashboardCode: message });
    }
    const current = await findUserById(trx, user.id);
    if (!current) throw AppError.unauthorized();
    const tier = code.tier ?? current.tier;
    // A code that carries a tier makes it the member's own: a running timed grant no longer ends it.
    if (code.tier) await endRunningGrant(trx, user.id, now);
    return updateUser(trx, user.id, {
      dashboard_unlocked: true,
      code_activated: true,
      tier,
      access_level: accessLevelFor({ tier, hasDeposited: current.has_deposited }),
    });
  });
  if (!updated) throw AppError.unauthorized();
  await ctx.events.accountChanged(user.id);
  return { dashboardUnlocked: updated.dashboard_unlocked, user: presentUser(updated) };
}
