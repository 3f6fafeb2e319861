import type { Db } from '../../db/database.js';

/** Whether any account holds the admin role. */
export async function adminExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertSetupToken(db: Db, tokenHash: string): Promise<void> {
  await db.insertInto('setup_tokens').values({ token_hash: tokenHash }).execute();
}

export async function setupTokenExists(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('setup_tokens')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the tokens: every one goes, and the answer says whether `tokenHash` was among them. Two
 * first-admin requests at once both try to delete the same rows; the second waits for the first's
 * transaction and then finds nothing, so only one admin is created.
 */
export async function spendSetupTokens(db: Db, tokenHash: string | null): Promise<boolean> {
  const deleted = await db.deleteFrom('setup_tokens').returning('token_hash').execute();
  return tokenHash !== null && deleted.some((row) => row.token_hash === tokenHash);
}
