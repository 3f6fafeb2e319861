import type { MemberDataRegistry, MemberDataSection } from '../../db/member-data.js';

/**
 * The member's Master Vault record: the lessons they completed and the session reminders they asked
 * for (with whether each was sent). Deleted with the account; a pending reminder's task then finds no
 * row and sends nothing.
 */
const vaultSection: MemberDataSection = {
  name: 'masterVault',
  tables: ['lesson_completions', 'session_reminders'],
  async export(db, user) {
    const [completedLessons, sessionReminders] = await Promise.all([
      db
        .selectFrom('lesson_completions as c')
        .innerJoin('vault_lessons as l', 'l.id', 'c.lesson_id')
        .innerJoin('vault_courses as k', 'k.id', 'l.course_id')
        .select(['k.title as course', 'l.title as lesson', 'c.completed_at'])
        .where('c.user_id', '=', user.id)
        .orderBy('c.completed_at')
        .execute(),
      db
        .selectFrom('session_reminders as r')
        .innerJoin('vault_sessions as s', 's.id', 'r.session_id')
        .select(['s.title as session', 's.starts_at', 'r.remind_at', 'r.sent_at', 'r.created_at'])
        .where('r.user_id', '=', user.id)
        .orderBy('r.created_at')
        .execute(),
    ]);
    return { completedLessons, sessionReminders };
  },
  async erase(trx, user) {
    await trx.deleteFrom('lesson_completions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('session_reminders').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/** The member's Master Vault record: lessons completed and session reminders. */
export function defineMentorshipMemberData(memberData: MemberDataRegistry): void {
  memberData.define(vaultSection);
}
