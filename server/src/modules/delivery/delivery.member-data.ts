import type { Db } from '../../db/database.js';
import type { MemberDataRegistry } from '../../db/member-data.js';

/** A member's delivery channels and log for the export ("Download Elite Data"); push endpoints and keys stay out (they let anyone push to the browser). */
export async function exportDeliveryData(db: Db, userId: string) {
  const [pushDevices, telegram, deliveries] = await Promise.all([
    db
      .selectFrom('push_subscriptions')
      .select(['id', 'device_name', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('telegram_links')
      .select(['chat_id', 'username', 'linked_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('signal_deliveries')
      .select(['signal_id', 'channel', 'status', 'attempts', 'error', 'queued_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('queued_at')
      .execute(),
  ]);
  return { pushDevices, telegram: telegram ?? null, deliveries };
}

/**
 * Erases them (membership cancelled): nothing here is kept for anyone else. Batches still queued keep
 * the member's id in their recipient lists until they run; a recipient whose member is gone is dropped.
 */
export async function eraseDeliveryData(trx: Db, userId: string): Promise<void> {
  for (const table of ['signal_deliveries', 'push_subscriptions', 'telegram_links', 'telegram_link_codes'] as const) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/**
 * Signals delivered outside the page: the member's push devices (browsers), Telegram link and code, and
 * the delivery log of each signal sent to them.
 */
export function defineDeliveryMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'signalDelivery',
    tables: ['push_subscriptions', 'telegram_links', 'telegram_link_codes', 'signal_deliveries'],
    export: (db, user) => exportDeliveryData(db, user.id),
    async erase(trx, user) {
      await eraseDeliveryData(trx, user.id);
      return undefined;
    },
  });
}
