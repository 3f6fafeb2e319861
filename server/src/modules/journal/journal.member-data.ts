import type { MemberDataRegistry } from '../../db/member-data.js';
import { deleteJournal, journalRows } from './journal.repository.js';

/** The member's journal, entry by entry as saved. */
export function defineJournalMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'journal',
    tables: ['journal_entries'],
    export: (db, user) => journalRows(db, user.id),
    async erase(trx, user) {
      await deleteJournal(trx, user.id);
      return undefined;
    },
  });
}
