import { listSignalsAuthoredBy, renameAuthorOfSignals } from '@signalroom/shared-node';
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
        listSignalsAuthoredBy(db, member.id),
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
      await renameAuthorOfSignals(trx, member.id, FORMER_ANALYST);
      await trx
        .updateTable('signal_notes')
        .set({ author_id: null, author_name: FORMER_ANALYST })
        .where('author_id', '=', member.id)
        .execute();
      return undefined;
    },
  });
}
