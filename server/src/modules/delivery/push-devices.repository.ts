import type { TPushDevice, TPushSubscriptionRequest } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

function present(row: { id: string; device_name: string; created_at: Date }): TPushDevice {
  return { id: row.id, deviceName: row.device_name, createdAt: row.created_at.toISOString() };
}

/** The member's browsers, oldest first. */
export async function listPushDevices(db: Db, userId: string): Promise<TPushDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'device_name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map(present);
}

/**
 * Saves a browser's subscription. An endpoint belongs to one browser: saved again (keys renewed, the
 * browser now signed in as another member) it replaces its earlier record.
 */
export async function savePushDevice(db: Db, userId: string, request: TPushSubscriptionRequest): Promise<TPushDevice> {
  const values = {
    user_id: userId,
    p256dh: request.keys.p256dh,
    auth: request.keys.auth,
    device_name: request.deviceName.trim(),
  };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ endpoint: request.endpoint, ...values })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .returning(['id', 'device_name', 'created_at'])
    .executeTakeFirstOrThrow();
  return present(row);
}

/** Removes one of the member's browsers; whether it was theirs. */
export async function removePushDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
