import { LIMITS } from '@signalroom/shared';
import type { Db } from '../../db/database.js';
import { generateAdmissionCode, hashPassword } from '../credentials/credentials.secrets.js';
import { findUserByEmail, insertUserIfNew, lockAdmins, type UserRow, updateUser } from '../users/users.repository.js';

export type AdminChange = 'created' | 'promoted' | 'unchanged' | 'revoked';

/**
 * Creates an admin account (e-mail verified) or promotes the existing account of that e-mail. An
 * existing account keeps its password: configuration must not silently reset it at every start.
 * Used by the start-up bootstrap (ADMIN_EMAIL/ADMIN_PASSWORD) and `npm run admin -- create`.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password: string; fullName?: string | undefined },
  now: Date,
): Promise<{ change: AdminChange; user: UserRow }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return promoteExisting(db, existing, now);
  const created = await insertUserIfNew(db, {
    email: input.email.trim(),
    full_name: input.fullName?.trim() || 'Administrator',
    phone: '',
    country: '',
    telegram: null,
    password_hash: await hashPassword(input.password),
    role: 'admin',
    admission_code: generateAdmissionCode(),
    email_verified_at: now,
    trial_ends_at: new Date(now.getTime() + LIMITS.trialDurationMs),
  });
  if (created) return { change: 'created', user: created };
  // Someone registered the address between the lookup and the insert: promote that account.
  const raced = await findUserByEmail(db, input.email);
  if (!raced) throw new Error(`Could not create admin ${input.email}`);
  return promoteExisting(db, raced, now);
}

async function promoteExisting(db: Db, user: UserRow, now: Date): Promise<{ change: AdminChange; user: UserRow }> {
  if (user.role === 'admin' && user.email_verified_at) return { change: 'unchanged', user };
  const updated = await updateUser(db, user.id, {
    role: 'admin',
    ...(user.email_verified_at
      ? {}
      : { email_verified_at: now, trial_ends_at: new Date(now.getTime() + LIMITS.trialDurationMs) }),
  });
  return { change: 'promoted', user: updated ?? user };
}

/** Promotes an existing account; null when the e-mail has no account. */
export async function promoteAdminByEmail(
  db: Db,
  email: string,
  now: Date,
): Promise<{ change: AdminChange; user: UserRow } | null> {
  const user = await findUserByEmail(db, email);
  return user ? promoteExisting(db, user, now) : null;
}

/** Revokes the admin role; refuses to remove the last admin. Null when the e-mail has no account. */
export async function revokeAdminByEmail(
  db: Db,
  email: string,
): Promise<{ change: AdminChange; user: UserRow } | null> {
  return db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return null;
    if (user.role !== 'admin') return { change: 'unchanged' as const, user };
    const admins = await lockAdmins(trx);
    if (admins.length <= 1) throw new Error('You cannot remove the last admin.');
    const updated = await updateUser(trx, user.id, { role: 'member' });
    return { change: 'revoked' as const, user: updated ?? user };
  });
}

/** The admin account of this e-mail, or null when there is none (or it is not an admin). */
export async function findAdminByEmail(db: Db, email: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  return user?.role === 'admin' ? user : null;
}
