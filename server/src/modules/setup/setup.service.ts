import {
  LIMITS,
  normalizeEmail,
  SetupMessages,
  type TFirstAdminRequest,
  type TSessionData,
  validateFirstAdmin,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors } from '../../http/parse.js';
import { generateSecret, hashSecret } from '../../http/tokens.js';
import { recordAudit } from '../audit/audit.repository.js';
import { openSession } from '../auth/auth.service.js';
import { generateAdmissionCode, hashPassword } from '../credentials/credentials.secrets.js';
import type { SessionClient } from '../users/sessions.repository.js';
import { insertUserIfNew, type UserRow } from '../users/users.repository.js';
import { adminExists, insertSetupToken, setupTokenExists, spendSetupTokens } from './setup.repository.js';

/** The message an e-mail that already has an account gets (the operator promotes it with the CLI instead). */
export const EMAIL_TAKEN =
  'An account with this e-mail exists. Use another, or make it an admin with npm run admin -- promote.';

/**
 * At start: while no admin exists, a new one-time setup token (its hash stored, the token itself
 * returned for the log); once one exists, the tokens left from earlier starts are removed. Each process
 * of the distributed shape that starts while no admin exists prints its own, and each works until the
 * first admin is created.
 */
export async function offerSetupToken(ctx: Pick<ServerContext, 'db'>): Promise<string | null> {
  if (await adminExists(ctx.db)) {
    await spendSetupTokens(ctx.db, null);
    return null;
  }
  const token = generateSecret();
  await insertSetupToken(ctx.db, hashSecret(`setup:${token}`));
  return token;
}

/** Whether this token can still create the first admin. */
export async function isSetupTokenValid(ctx: Pick<ServerContext, 'db'>, token: string): Promise<boolean> {
  if (await adminExists(ctx.db)) return false;
  return setupTokenExists(ctx.db, hashSecret(`setup:${token}`));
}

/**
 * Creates the first admin with sign-up's rules for the name, e-mail and password; the e-mail counts as
 * confirmed, since the operator typed it. The token and every other are spent in the same transaction,
 * and the creation is audited as the new admin's own role change. Opens a session for the new admin.
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
    const tokenWasLive = await spendSetupTokens(trx, hashSecret(`setup:${input.token}`));
    if (!tokenWasLive || (await adminExists(trx))) throw AppError.forbidden(SetupMessages.linkSpent);
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
