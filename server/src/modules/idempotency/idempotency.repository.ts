import type { Db } from '../../db/database.js';

/** A member's key as stored: what its first request was, and its answer once there is one. */
export interface IdempotencyRow {
  route: string;
  fingerprint: string;
  created_at: Date;
  locked_at: Date | null;
  status_code: number | null;
  response: string | null;
}

/**
 * Takes a key for a request being handled now; false when the member already has this key (taken by
 * an earlier request, finished or not). The primary key decides, so of two requests at once one wins.
 */
export async function claimKey(
  db: Db,
  claim: { userId: string; keyHash: string; route: string; fingerprint: string; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key_hash: claim.keyHash,
      route: claim.route,
      fingerprint: claim.fingerprint,
      created_at: claim.now,
      locked_at: claim.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key_hash']).doNothing())
    .returning('key_hash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKey(db: Db, userId: string, keyHash: string): Promise<IdempotencyRow | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['route', 'fingerprint', 'created_at', 'locked_at', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Takes over a key whose holder is gone: one past its keeping time (it starts afresh for this request),
 * or one still unanswered since before `staleBefore` (its request died with its process). Only if the
 * row is still as it was read, so of two takers one wins.
 */
export async function takeOverKey(
  db: Db,
  take: {
    userId: string;
    keyHash: string;
    seen: { createdAt: Date; lockedAt: Date | null };
    route: string;
    fingerprint: string;
    now: Date;
  },
): Promise<boolean> {
  let query = db
    .updateTable('idempotency_keys')
    .set({
      route: take.route,
      fingerprint: take.fingerprint,
      created_at: take.now,
      locked_at: take.now,
      status_code: null,
      response: null,
      completed_at: null,
    })
    .where('user_id', '=', take.userId)
    .where('key_hash', '=', take.keyHash)
    .where('created_at', '=', take.seen.createdAt);
  query = take.seen.lockedAt ? query.where('locked_at', '=', take.seen.lockedAt) : query.where('locked_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the first answer of a key's request (sealed) and lets go of its claim. */
export async function completeKey(
  db: Db,
  done: { userId: string; keyHash: string; statusCode: number; response: string; now: Date },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: done.statusCode, response: done.response, completed_at: done.now, locked_at: null })
    .where('user_id', '=', done.userId)
    .where('key_hash', '=', done.keyHash)
    .execute();
}

/** Forgets a key whose request failed in a way worth trying again (a 5xx, a rate limit). */
export async function releaseKey(db: Db, userId: string, keyHash: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key_hash', '=', keyHash).execute();
}

/** Deletes keys older than `before`; how many. */
export async function deleteKeysBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
