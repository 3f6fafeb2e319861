import type { MemberDataRegistry } from '../../db/member-data.js';

/**
 * The member's tier history: every access change an admin made and when a timed tier ended. Who made
 * each change is the admin's business record, not the member's data, so the export leaves it out.
 */
export function defineTierGrantsMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'tierHistory',
    tables: ['tier_grants'],
    export: (db, user) =>
      db
        .selectFrom('tier_grants')
        .select(['tier', 'previous_tier', 'expires_at', 'reason', 'granted_at', 'ended_at', 'end_reason'])
        .where('user_id', '=', user.id)
        .orderBy('granted_at')
        .execute(),
    async erase(trx, user) {
      await trx.deleteFrom('tier_grants').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });
}
