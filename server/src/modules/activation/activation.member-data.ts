import type { MemberDataRegistry } from '../../db/member-data.js';

/**
 * The member's activation proofs: the metadata of each (the files themselves stay in the store; the
 * member downloads them from the page). On deletion the rows go and their files are deleted after the commit.
 */
export function defineActivationMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'activationProofs',
    tables: ['activation_proofs'],
    export: (db, user) =>
      db
        .selectFrom('activation_proofs')
        .select([
          'id',
          'status',
          'broker_account',
          'deposit_amount',
          'access_path',
          'file_name',
          'file_type',
          'file_size',
          'submitted_at',
          'reviewed_at',
          'tier',
          'reason',
          'active_content',
        ])
        .where('user_id', '=', user.id)
        .orderBy('submitted_at')
        .execute(),
    async erase(trx, user) {
      const rows = await trx
        .deleteFrom('activation_proofs')
        .where('user_id', '=', user.id)
        .returning('file_key')
        .execute();
      return { fileKeys: rows.map((row) => row.file_key) };
    },
  });
}
