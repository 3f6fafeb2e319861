import { sql } from 'kysely';
import type { MemberDataRegistry } from '../../db/member-data.js';

/** What a desk signal or note shows once its analyst's account is erased. */
export const FORMER_ANALYST = 'Former analyst';

/**
 * What an analyst published on the desk: their signals and follow-up notes. A published signal is part
 * of the public track record, whose entry names `analyst:<user id>` and cannot change, so erasing the
 * account keeps the signals and that id and takes the name off them ("Analyst: Former analyst"); notes
 * lose their author too.
 */
export function defineDeskMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'analystDesk',
    tables: ['signal_notes'],
    async export(db, member) {
      const [signals, notes] = await Promise.all([
        db
          .selectFrom('signals')
          .select(['id', 'asset', 'direction', 'confidence', 'entry_price', 'created_at', 'analysis', 'author_name'])
          .where('author_id', '=', member.id)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('signal_notes')
          .select(['signal_id', 'body', 'created_at'])
          .where('author_id', '=', member.id)
          .orderBy('created_at')
          .execute(),
      ]);
      return { signals, notes };
    },
    async erase(trx, member) {
      await sql`update signals set author_name = ${FORMER_ANALYST} where author_id = ${member.id}`.execute(trx);
      await trx
        .updateTable('signal_notes')
        .set({ author_id: null, author_name: FORMER_ANALYST })
        .where('author_id', '=', member.id)
        .execute();
      return undefined;
    },
  });
}
