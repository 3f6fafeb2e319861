import type { MemberDataRegistry, MemberDataSection } from '../../db/member-data.js';
import { presentUser } from '../../sessions/user-row.js';
import { findUserById } from './users.repository.js';

/**
 * The account itself, always last: deleting the row sets the member's name out of records others keep
 * (codes an admin issued, reviews, the offer countdown's editor: their foreign keys become null, shown
 * as a former member), and other sections' rows may point at it until they are erased.
 */
const account: MemberDataSection = {
  name: 'profile',
  tables: ['users'],
  async export(db, member) {
    const row = await findUserById(db, member.id);
    return row ? presentUser(row) : null;
  },
  async erase(trx, member) {
    await trx.deleteFrom('users').where('id', '=', member.id).execute();
    return undefined;
  },
};

/**
 * An empty registry, holding only the account until the modules define their sections
 * (modules/member-data-sections.ts); the export and the erasure (member-data.service.ts) read it.
 */
export function createMemberDataRegistry(): MemberDataRegistry {
  const defined: MemberDataSection[] = [];
  return {
    define(section) {
      if (section.name === account.name || defined.some((known) => known.name === section.name)) {
        throw new Error(`member-data section '${section.name}' is defined twice`);
      }
      defined.push(section);
    },
    sections: () => [...defined, account],
  };
}

/**
 * Tables holding no member's data, though a catalog scan could suggest otherwise, with the reason. The
 * member-data test reads every table with a user_id column and requires a section or an entry here.
 */
export const NOT_MEMBER_DATA: Record<string, string> = {};
