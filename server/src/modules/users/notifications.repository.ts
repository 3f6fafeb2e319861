import { DEFAULT_NOTIFICATION_SETTINGS, type TNotificationSettings } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

/** The member's notification choices; the defaults while the member never saved any (no row). */
export async function readNotificationSettings(db: Db, userId: string): Promise<TNotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['signals', 'trades', 'marketing', 'security'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** Saves the member's choices (the row is created on the first save). */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: TNotificationSettings,
): Promise<TNotificationSettings> {
  return db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...settings })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...settings, updated_at: new Date() }))
    .returning(['signals', 'trades', 'marketing', 'security'])
    .executeTakeFirstOrThrow();
}
