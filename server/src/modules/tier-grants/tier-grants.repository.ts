import type { TierGrantsTable } from '@signalroom/shared-node';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';

export type TierGrantRow = Selectable<TierGrantsTable>;

/** Adds a row to the member's tier history. */
export async function insertTierGrant(db: Db, values: Insertable<TierGrantsTable>): Promise<TierGrantRow> {
  return db.insertInto('tier_grants').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The member's running timed grant, locked for the rest of the transaction; null without one. */
export async function lockRunningGrant(db: Db, userId: string): Promise<TierGrantRow | null> {
  const row = await db
    .selectFrom('tier_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', 'is not', null)
    .where('ended_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** One grant, locked for the rest of the transaction (the expiry job). */
export async function lockTierGrant(db: Db, id: string): Promise<TierGrantRow | null> {
  const row = await db.selectFrom('tier_grants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ?? null;
}

/** Marks a grant as ended (its time ran out, or a later change replaced it). */
export async function endTierGrant(
  db: Db,
  id: string,
  at: Date,
  reason: NonNullable<TierGrantRow['end_reason']>,
): Promise<void> {
  await db.updateTable('tier_grants').set({ ended_at: at, end_reason: reason }).where('id', '=', id).execute();
}

/** One grant, read (not locked), or null. */
export async function findTierGrant(db: Db, id: string): Promise<TierGrantRow | null> {
  const row = await db.selectFrom('tier_grants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** Every running timed grant: what the expiry jobs (and their notices) must be waiting for. */
export async function listRunningGrants(
  db: Db,
): Promise<Array<Pick<TierGrantRow, 'id' | 'expires_at' | 'granted_at'>>> {
  return db
    .selectFrom('tier_grants')
    .select(['id', 'expires_at', 'granted_at'])
    .where('expires_at', 'is not', null)
    .where('ended_at', 'is', null)
    .orderBy('expires_at')
    .execute();
}

/** A member's tier history, newest first. */
export async function listGrantsOfUser(db: Db, userId: string, limit: number): Promise<TierGrantRow[]> {
  return db
    .selectFrom('tier_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('granted_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
