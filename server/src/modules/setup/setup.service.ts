import {
  LIMITS,
  normalizeEmail,
  SetupMessages,
  type TFirstAdminRequest,
  type TSessionData,
  type TSetupStatus,
  validateFirstAdmin,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors } from '../../http/parse.js';
import { generateSecret, hashSecret } from '../../http/tokens.js';
import type { SessionClient } from '../../sessions/sessions.repository.js';
import { recordAudit } from '../audit/audit.repository.js';
import { openSession } from '../auth/auth.service.js';
import { generateAdmissionCode, hashPassword } from '../credentials/credentials.secrets.js';
import { insertUserIfNew, type UserRow } from '../users/users.repository.js';
import {
  adminExists,
  deleteExpiredSetupTokens,
  findSetupTokenExpiry,
  insertSetupToken,
  spendSetupTokens,
} from './setup.repository.js';

/** The message an e-mail that already has an account gets (the operator promotes it with the CLI instead). */
export const EMAIL_TAKEN =
  'An account with this e-mail exists. Use another, or make it an admin with npm run admin -- promote.';

const HOUR_MS = 60 * 60_000;

/** A setup link printed at start: its token and when it stops working. */
export interface SetupLink {
  token: string;
  expiresAt: Date;
}

/**
 * At start: while no admin exists, a new one-time setup token (its hash stored with its expiry,
 * SETUP_LINK_TTL_HOURS from now; the token itself returned for the log), and the expired ones removed;
 * once an admin exists, every token left from earlier starts is removed. Every start prints a fresh link
 * rather than the one stored before, which the log may no longer hold. Each process of the distributed
 * shape that starts while no admin exists prints its own, and each works until it expires or the first
 * admin is created.
 */
export async function offerSetupToken(ctx: Pick<ServerContext, 'db' | 'config' | 'now'>): Promise<SetupLink | null> {
  if (await adminExists(ctx.db)) {
    await spendSetupTokens(ctx.db, null);
    return null;
  }
  const now = ctx.now();
  await deleteExpiredSetupTokens(ctx.db, now);
  const token = generateSecret();
  const expiresAt = new Date(now.getTime() + ctx.config.SETUP_LINK_TTL_HOURS * HOUR_MS);
  await insertSetupToken(ctx.db, hashSecret(`setup:${token}`), expiresAt);
  return { token, expiresAt };
}

/** Whether this token can still create the first admin, and if not, whether it has only expired. */
export async function setupTokenStatus(ctx: Pick<ServerContext, 'db' | 'now'>, token: string): Promise<TSetupStatus> {
  const invalid = { tokenValid: false, expired: false, expiresAt: null };
  if (await adminExists(ctx.db)) return invalid;
  const expiresAt = await findSetupTokenExpiry(ctx.db, hashSecret(`setup:${token}`));
  if (!expiresAt) return invalid;
  if (expiresAt <= ctx.now()) return { ...invalid, expired: true };
  return { tokenValid: true, expired: false, expiresAt: expiresAt.toISOString() };
}

/**
 * Creates the first admin with sign-up's rules for the name, e-mail and password; the e-mail counts as
 * confirmed, since the operator typed it. The token and every other are spent in the same transaction,
 * and the creation is audited as the new admin's own role change. Opens a session for the new admin.
 * An expired token is refused with its own message, and nothing is spent.
 */
export async function createFirstAdmin(
  ctx: ServerContext,
  input: TFirstAdminRequest,
  client: SessionClient,
): Promise<TSessionData> {
  assertNoFieldErrors(validateFirstAdmin(input));
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const admin = await ctx.db.transaction().execute(async (trx): Promise<UserRow> => {
    const expiresAt = await spendSetupTokens(trx, hashSecret(`setup:${input.token}`));
    if (!expiresAt || (await adminExists(trx))) throw AppError.forbidden(SetupMessages.linkSpent);
    // Thrown inside the transaction: the tokens stay, and the others may still be valid.
    if (expiresAt <= now) throw AppError.forbidden(SetupMessages.linkExpired);
    const created = await insertUserIfNew(trx, {
      email: normalizeEmail(input.email),
      full_name: input.fullName.trim(),
      phone: '',
      country: '',
      telegram: null,
      password_hash: passwordHash,
      role: 'admin',
      admission_code: generateAdmissionCode(),
      email_verified_at: now,
      trial_ends_at: new Date(now.getTime() + LIMITS.trialDurationMs),
    });
    // Thrown inside the transaction, so the tokens stay valid for a second try with another address.
    if (!created) throw AppError.validation(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await recordAudit(trx, {
      actor: { id: created.id, email: created.email, ip: client.ip },
      action: 'member.role',
      targetType: 'member',
      targetId: created.id,
      targetLabel: created.email,
      before: null,
      after: { role: 'admin' },
      reason: 'First admin, created with the setup link',
    });
    return created;
  });
  ctx.logger.info({ userId: admin.id }, 'first admin created with the setup link; the link is spent');
  return openSession(ctx, admin, client);
}
