import type { Generated } from 'kysely';

/**
 * A support ticket. `user_id` is null once its member's account is gone (ON DELETE SET NULL, or the
 * member-data anonymiser): the ticket stays for support, under the author name kept on it.
 */
export interface SupportTicketsTable {
  id: Generated<string>;
  user_id: string | null;
  /** The member's name when they wrote, or 'Former member' after anonymisation. */
  author_name: string;
  category: string;
  priority: string;
  subject: string;
  status: Generated<'open' | 'pending' | 'resolved' | 'closed'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_message_at: Generated<Date>;
  last_message_by: Generated<'member' | 'support'>;
}

/** One message of a ticket's thread, plain text. */
export interface SupportMessagesTable {
  id: Generated<string>;
  ticket_id: string;
  author_role: 'member' | 'support';
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: Generated<Date>;
}

export interface SupportTables {
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
}
