import { SettingsMessages } from '@signalroom/shared';
import { sql } from 'kysely';
import type { MemberDataRegistry } from '../../db/member-data.js';

/**
 * Bot-access applications sent with the member's address. They are leads the admins review, counted in
 * their funnel, so they are kept anonymised: the answers stay, who sent them goes.
 */
export function defineBotAccessMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'botAccessApplications',
    tables: ['bot_access_submissions'],
    export: (db, user) =>
      db
        .selectFrom('bot_access_submissions')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${user.email})`)
        .orderBy('created_at')
        .execute(),
    async erase(trx, user) {
      await trx
        .updateTable('bot_access_submissions')
        .set({
          full_name: SettingsMessages.formerMember,
          email: '',
          phone_number: '',
          call_number: '',
          loss_amount: '',
          notes: null,
        })
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${user.email})`)
        .execute();
      return undefined;
    },
  });
}
