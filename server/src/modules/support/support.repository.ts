import type { SupportCategory, SupportPriority, TicketStatus } from '@signalroom/shared';
import type { SupportMessagesTable, SupportTicketsTable } from '@signalroom/shared-node';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';

export type TicketRow = Selectable<SupportTicketsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;
/** A ticket with its member's current e-mail (null once the member is gone). */
export type TicketWithEmail = TicketRow & { email: string | null };

export interface NewTicket {
  userId: string;
  authorName: string;
  category: SupportCategory;
  priority: SupportPriority;
  subject: string;
  at: Date;
}

export interface NewMessage {
  ticketId: string;
  role: 'member' | 'support';
  authorId: string;
  authorName: string;
  body: string;
  at: Date;
}

export async function insertTicket(db: Db, ticket: NewTicket): Promise<TicketRow> {
  return db
    .insertInto('support_tickets')
    .values({
      user_id: ticket.userId,
      author_name: ticket.authorName,
      category: ticket.category,
      priority: ticket.priority,
      subject: ticket.subject,
      status: 'open',
      created_at: ticket.at,
      updated_at: ticket.at,
      last_message_at: ticket.at,
      last_message_by: 'member',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  return db
    .insertInto('support_messages')
    .values({
      ticket_id: message.ticketId,
      author_role: message.role,
      author_id: message.authorId,
      author_name: message.authorName,
      body: message.body,
      created_at: message.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a new message's time and author on its ticket, with the status it leads to. */
export async function touchTicket(
  db: Db,
  id: string,
  change: { status: TicketStatus; by: 'member' | 'support'; at: Date },
): Promise<TicketRow> {
  return db
    .updateTable('support_tickets')
    .set({ status: change.status, last_message_at: change.at, last_message_by: change.by, updated_at: change.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setTicketStatus(db: Db, id: string, status: TicketStatus, at: Date): Promise<TicketRow> {
  return db
    .updateTable('support_tickets')
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The ticket, locked for the rest of the transaction (a reply and a status change never interleave). */
export async function lockTicket(db: Db, id: string): Promise<TicketRow | null> {
  return (
    (await db.selectFrom('support_tickets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

export async function findTicket(db: Db, id: string): Promise<TicketWithEmail | null> {
  const row = await db
    .selectFrom('support_tickets')
    .leftJoin('users', 'users.id', 'support_tickets.user_id')
    .selectAll('support_tickets')
    .select('users.email as email')
    .where('support_tickets.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** A member's tickets, latest activity first. */
export async function listMemberTickets(db: Db, userId: string): Promise<TicketRow[]> {
  return db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_message_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function listMessages(db: Db, ticketIds: string[]): Promise<MessageRow[]> {
  if (ticketIds.length === 0) return [];
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('ticket_id', 'in', ticketIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface InboxFilter {
  status?: TicketStatus | undefined;
  category?: SupportCategory | undefined;
  priority?: SupportPriority | undefined;
  /** Part of the subject or of the member's e-mail (case-insensitive). */
  search: string;
  offset: number;
  limit: number;
}

/** One page of the admin inbox, latest activity first, and how many tickets match in all. */
export async function listInbox(db: Db, filter: InboxFilter): Promise<{ rows: TicketWithEmail[]; total: number }> {
  let query = db.selectFrom('support_tickets').leftJoin('users', 'users.id', 'support_tickets.user_id');
  if (filter.status) query = query.where('support_tickets.status', '=', filter.status);
  if (filter.category) query = query.where('support_tickets.category', '=', filter.category);
  if (filter.priority) query = query.where('support_tickets.priority', '=', filter.priority);
  const text = filter.search.trim().toLowerCase();
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([eb(sql`lower(support_tickets.subject)`, 'like', pattern), eb(sql`lower(users.email)`, 'like', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('support_tickets')
      .select('users.email as email')
      .orderBy('support_tickets.last_message_at', 'desc')
      .orderBy('support_tickets.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every ticket of a member with its messages (the member-data export). */
export async function ticketsWithMessages(db: Db, userId: string) {
  const tickets = await listMemberTickets(db, userId);
  const messages = await listMessages(
    db,
    tickets.map((t) => t.id),
  );
  return tickets.map((ticket) => ({ ticket, messages: messages.filter((m) => m.ticket_id === ticket.id) }));
}

/**
 * Detaches a member from their tickets and messages: the rows stay for support, the author becomes
 * `name` and the links to the account are cleared. Answers how many tickets and messages changed.
 */
export async function detachAuthor(
  db: Db,
  userId: string,
  name: string,
): Promise<{ tickets: number; messages: number }> {
  const tickets = await db
    .updateTable('support_tickets')
    .set({ user_id: null, author_name: name })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const messages = await db
    .updateTable('support_messages')
    .set({ author_id: null, author_name: name })
    .where('author_id', '=', userId)
    .where('author_role', '=', 'member')
    .executeTakeFirst();
  return { tickets: Number(tickets.numUpdatedRows), messages: Number(messages.numUpdatedRows) };
}
