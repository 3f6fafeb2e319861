import type { MemberDataRegistry } from '../../db/member-data.js';

/** The member's API keys, live and revoked: names, first characters and dates; never the hashes. */
export function defineApiKeysMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'apiKeys',
    tables: ['api_keys'],
    export: (db, user) =>
      db
        .selectFrom('api_keys')
        .select(['name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
    async erase(trx, user) {
      await trx.deleteFrom('api_keys').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });
}
