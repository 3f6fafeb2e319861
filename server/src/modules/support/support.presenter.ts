import type {
  SupportCategory,
  SupportPriority,
  TAdminSupportThread,
  TAdminSupportTicket,
  TSupportMessage,
  TSupportThread,
  TSupportTicket,
} from '@signalroom/shared';
import { toIso } from '@signalroom/shared';
import type { MessageRow, TicketRow, TicketWithEmail } from './support.repository.js';

/** What members read as the author of support's messages (the admin's own name stays with the team). */
export const SUPPORT_AUTHOR_FOR_MEMBERS = 'Support team';

export function presentTicket(row: TicketRow): TSupportTicket {
  return {
    id: row.id,
    category: row.category as SupportCategory,
    priority: row.priority as SupportPriority,
    subject: row.subject,
    status: row.status,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    lastMessageAt: toIso(row.last_message_at),
    lastMessageBy: row.last_message_by,
  };
}

/** A message as its ticket's member reads it. */
export function presentMessageForMember(row: MessageRow): TSupportMessage {
  return {
    id: row.id,
    author: row.author_role,
    authorName: row.author_role === 'support' ? SUPPORT_AUTHOR_FOR_MEMBERS : row.author_name,
    body: row.body,
    createdAt: toIso(row.created_at),
  };
}

/** A message as admins read it (with the name of the admin who answered). */
export function presentMessageForAdmin(row: MessageRow): TSupportMessage {
  return {
    id: row.id,
    author: row.author_role,
    authorName: row.author_name,
    body: row.body,
    createdAt: toIso(row.created_at),
  };
}

export function presentThread(row: TicketRow, messages: MessageRow[]): TSupportThread {
  return { ...presentTicket(row), messages: messages.map(presentMessageForMember) };
}

export function presentAdminTicket(row: TicketWithEmail): TAdminSupportTicket {
  return {
    ...presentTicket(row),
    member: { id: row.user_id, fullName: row.author_name, email: row.email },
  };
}

export function presentAdminThread(row: TicketWithEmail, messages: MessageRow[]): TAdminSupportThread {
  return { ...presentAdminTicket(row), messages: messages.map(presentMessageForAdmin) };
}
