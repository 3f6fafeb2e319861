import type { LaunchNoticesTable } from '@signalroom/shared-node';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A feature in development that members may ask to hear about. */
export type LaunchNoticeFeature = LaunchNoticesTable['feature'];

/** The launch notices table: one row per member and feature that asked to hear when it launches. */
export async function hasLaunchNotice(db: Db, userId: string, feature: LaunchNoticeFeature): Promise<boolean> {
  const row = await db
    .selectFrom('launch_notices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('feature', '=', feature)
    .executeTakeFirst();
  return Boolean(row);
}

export async function addLaunchNotice(db: Db, userId: string, feature: LaunchNoticeFeature): Promise<void> {
  await db
    .insertInto('launch_notices')
    .values({ user_id: userId, feature })
    .onConflict((oc) => oc.columns(['user_id', 'feature']).doNothing())
    .execute();
}

export async function removeLaunchNotice(db: Db, userId: string, feature: LaunchNoticeFeature): Promise<void> {
  await db.deleteFrom('launch_notices').where('user_id', '=', userId).where('feature', '=', feature).execute();
}

export async function countLaunchNotices(db: Db, feature: LaunchNoticeFeature): Promise<number> {
  const row = await db
    .selectFrom('launch_notices')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('feature', '=', feature)
    .executeTakeFirstOrThrow();
  return row.count;
}
