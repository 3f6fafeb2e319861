import type { MemberDataRegistry } from '../../db/member-data.js';

/** The member's sessions and notification settings (the account itself is the registry's last section). */
export function defineUsersMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'sessions',
    tables: ['sessions'],
    // Token hashes stay out: they are credentials, not facts about the member.
    export: (db, user) =>
      db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent', 'ip'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
    async erase(trx, user) {
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });

  memberData.define({
    name: 'notificationSettings',
    tables: ['notification_settings'],
    export: async (db, user) =>
      (await db
        .selectFrom('notification_settings')
        .select(['signals', 'trades', 'marketing', 'security', 'updated_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirst()) ?? null,
    async erase(trx, user) {
      await trx.deleteFrom('notification_settings').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });
}
