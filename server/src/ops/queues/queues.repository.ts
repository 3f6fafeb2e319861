import type { Db } from '../../db/database.js';
import { USER_COLUMNS_OF_USERS, type UserRow } from '../../modules/users/users.repository.js';

/**
 * Stores a pass for the live session whose token hash is `sessionHash`, and drops the passes that have
 * expired; false when that session is not live any more.
 */
export async function insertBoardPass(
  db: Db,
  pass: { tokenHash: string; sessionHash: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  await db.deleteFrom('queue_board_passes').where('expires_at', '<=', pass.now).execute();
  const inserted = await db
    .insertInto('queue_board_passes')
    .columns(['token_hash', 'session_id', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('sessions')
        .select([eb.val(pass.tokenHash).as('token_hash'), 'sessions.id', eb.val(pass.expiresAt).as('expires_at')])
        .where('sessions.token_hash', '=', pass.sessionHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', pass.now),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The account behind a pass that has not expired (and when the pass expires), issued to a session that is still live (not revoked,
 * not past its expiry, used since `idleSince`); or null.
 */
export async function findUserByBoardPass(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: UserRow; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('queue_board_passes')
    .innerJoin('sessions', 'sessions.id', 'queue_board_passes.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select('queue_board_passes.expires_at as pass_expires_at')
    .where('queue_board_passes.token_hash', '=', tokenHash)
    .where('queue_board_passes.expires_at', '>', now)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .executeTakeFirst();
  if (!row) return null;
  const { pass_expires_at, ...user } = row;
  return { user, expiresAt: new Date(pass_expires_at) };
}
