import type { MemberDataRegistry } from '../../db/member-data.js';

/**
 * The member's Idempotency-Keys of the last day: which route each was used on and when (the sealed
 * answers cannot be read without the keys, which the server does not keep). Erasure deletes them.
 */
export function defineIdempotencyMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'idempotencyKeys',
    tables: ['idempotency_keys'],
    export: (db, user) =>
      db
        .selectFrom('idempotency_keys')
        .select(['route', 'created_at', 'status_code'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
    async erase(trx, user) {
      await trx.deleteFrom('idempotency_keys').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });
}
