import type { Db } from '../../db/database.js';

/** Whether any account holds the admin role. */
export async function adminExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertSetupToken(db: Db, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('setup_tokens').values({ token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/** When the token expires, or null for a token that was never printed (or is spent). */
export async function findSetupTokenExpiry(db: Db, tokenHash: string): Promise<Date | null> {
  const row = await db
    .selectFrom('setup_tokens')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? new Date(row.expires_at) : null;
}

/** Removes the tokens that expired by `now`. */
export async function deleteExpiredSetupTokens(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('setup_tokens').where('expires_at', '<=', now).execute();
}

/**
 * Spends the tokens: every one goes, and the answer is when `tokenHash` expires if it was among them
 * (null otherwise). Two first-admin requests at once both try to delete the same rows; the second waits
 * for the first's transaction and then finds nothing, so only one admin is created.
 */
export async function spendSetupTokens(db: Db, tokenHash: string | null): Promise<Date | null> {
  const deleted = await db.deleteFrom('setup_tokens').returning(['token_hash', 'expires_at']).execute();
  const spent = tokenHash === null ? undefined : deleted.find((row) => row.token_hash === tokenHash);
  return spent ? new Date(spent.expires_at) : null;
}
