import { FORMER_MEMBER_NAME } from '@signalroom/shared';
import type { Db } from '../../db/database.js';
import type { MemberDataRegistry } from '../../db/member-data.js';
import { detachAuthor, ticketsWithMessages } from './support.repository.js';

/** The support part of a member's data export: each ticket they opened, with its whole thread. */
export interface SupportDataExport {
  tickets: Array<{
    id: string;
    category: string;
    priority: string;
    subject: string;
    status: string;
    createdAt: string;
    updatedAt: string;
    messages: Array<{ author: 'member' | 'support'; authorName: string; body: string; createdAt: string }>;
  }>;
}

/** What the member wrote and what support answered them, for the member-data export. */
export async function exportSupportData(db: Db, userId: string): Promise<SupportDataExport> {
  const rows = await ticketsWithMessages(db, userId);
  return {
    tickets: rows.map(({ ticket, messages }) => ({
      id: ticket.id,
      category: ticket.category,
      priority: ticket.priority,
      subject: ticket.subject,
      status: ticket.status,
      createdAt: new Date(ticket.created_at).toISOString(),
      updatedAt: new Date(ticket.updated_at).toISOString(),
      messages: messages.map((m) => ({
        author: m.author_role,
        // Staff names are the team's, not the member's data.
        authorName: m.author_role === 'support' ? 'Support team' : m.author_name,
        body: m.body,
        createdAt: new Date(m.created_at).toISOString(),
      })),
    })),
  };
}

/**
 * Account deletion, inside the deletion's transaction: the member's tickets stay for support (their
 * history and statistics) but no longer point at the account or carry the member's name; the author
 * becomes 'Former member'. The e-mail was never copied onto ticket rows, so it leaves with the account.
 */
export async function anonymiseSupportData(trx: Db, userId: string): Promise<{ tickets: number; messages: number }> {
  return detachAuthor(trx, userId, FORMER_MEMBER_NAME);
}

/** Support tickets: exported with their threads; on deletion kept for support, authored by 'Former member'. */
export function defineSupportMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'supportTickets',
    tables: ['support_tickets', 'support_messages'],
    export: async (db, user) => (await exportSupportData(db, user.id)).tickets,
    async erase(trx, user) {
      await anonymiseSupportData(trx, user.id);
      return undefined;
    },
  });
}
