import { sql } from 'kysely';
import type { MemberDataRegistry } from '../../db/member-data.js';

/** Mail the product sent to the member's address: subject, kind and dates (bodies carry codes). */
export function defineMailMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'mail',
    tables: ['mail_outbox', 'mail_cooldowns'],
    export: (db, user) =>
      db
        .selectFrom('mail_outbox')
        .select(['subject', 'kind', 'created_at', 'sent_at'])
        .where(sql<string>`lower(to_address)`, '=', sql<string>`lower(${user.email})`)
        .orderBy('created_at')
        .execute(),
    async erase(trx, user) {
      const address = sql<string>`lower(${user.email})`;
      await trx.deleteFrom('mail_outbox').where(sql<string>`lower(to_address)`, '=', address).execute();
      await trx.deleteFrom('mail_cooldowns').where(sql<string>`lower(email)`, '=', address).execute();
      return undefined;
    },
  });
}
