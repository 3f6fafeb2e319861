import {
  memberCanReply,
  type Pagination,
  SupportMessages,
  statusAfterMessage,
  supportMessageIssue,
  type TAdminSupportQuery,
  type TAdminSupportThread,
  type TAdminSupportTicket,
  type TicketStatus,
  type TSupportReplyRequest,
  type TSupportThread,
  type TSupportTicket,
  type TSupportTicketRequest,
  type TUser,
  ticketFieldIssues,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors, isUuid } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { supportReplyMail } from '../mail/mail.templates.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import {
  presentAdminThread,
  presentAdminTicket,
  presentMessageForAdmin,
  presentMessageForMember,
  presentThread,
  presentTicket,
} from './support.presenter.js';
import {
  findTicket,
  insertMessage,
  insertTicket,
  listInbox,
  listMemberTickets,
  listMessages,
  lockTicket,
  type MessageRow,
  setTicketStatus,
  type TicketRow,
  touchTicket,
} from './support.repository.js';

/** A message body after its rule: trimmed, or a 400 with the rule's words. */
function checkedMessage(input: TSupportReplyRequest): string {
  const issue = supportMessageIssue(input.message);
  if (issue) throw AppError.validation(issue, { message: issue });
  return input.message.trim();
}

/** The ticket, locked, when it exists and (for a member) is theirs; otherwise 404, never 403 (no probing). */
async function lockOwnTicket(trx: Db, id: string, ownerId: string | null): Promise<TicketRow> {
  const ticket = isUuid(id) ? await lockTicket(trx, id) : null;
  if (!ticket || (ownerId !== null && ticket.user_id !== ownerId)) throw AppError.notFound();
  return ticket;
}

/** Sends the admins' inbox the ticket as it now is, after a change has committed. */
async function announceToInbox(
  ctx: ServerContext,
  id: string,
  kind: 'new' | 'reply' | 'status',
  message: MessageRow | null,
) {
  const ticket = await findTicket(ctx.db, id);
  if (!ticket) return;
  await ctx.events.supportInbox(kind, presentAdminTicket(ticket), message ? presentMessageForAdmin(message) : null);
}

/** Opens a ticket with its first message; admins' inboxes hear of it at once. */
export async function createTicket(
  ctx: ServerContext,
  member: TUser,
  input: TSupportTicketRequest,
): Promise<TSupportThread> {
  assertNoFieldErrors(ticketFieldIssues(input));
  const at = ctx.now();
  const { ticket, message } = await ctx.db.transaction().execute(async (trx) => {
    const ticket = await insertTicket(trx, {
      userId: member.id,
      authorName: member.fullName,
      category: input.category,
      priority: input.priority,
      subject: input.subject.trim(),
      at,
    });
    const message = await insertMessage(trx, {
      ticketId: ticket.id,
      role: 'member',
      authorId: member.id,
      authorName: member.fullName,
      body: input.message.trim(),
      at,
    });
    return { ticket, message };
  });
  ctx.logger.info({ ticketId: ticket.id, userId: member.id, category: ticket.category }, 'support ticket opened');
  await announceToInbox(ctx, ticket.id, 'new', message);
  return presentThread(ticket, [message]);
}

export async function listTickets(ctx: ServerContext, member: TUser): Promise<TSupportTicket[]> {
  return (await listMemberTickets(ctx.db, member.id)).map(presentTicket);
}

export async function getThread(ctx: ServerContext, member: TUser, id: string): Promise<TSupportThread> {
  const ticket = isUuid(id) ? await findTicket(ctx.db, id) : null;
  if (!ticket || ticket.user_id !== member.id) throw AppError.notFound();
  return presentThread(ticket, await listMessages(ctx.db, [ticket.id]));
}

/** A member's reply: the ticket waits for support again (a resolved one opens again; a closed one refuses). */
export async function memberReply(
  ctx: ServerContext,
  member: TUser,
  id: string,
  input: TSupportReplyRequest,
): Promise<TSupportThread> {
  const body = checkedMessage(input);
  const at = ctx.now();
  const { ticket, message } = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockOwnTicket(trx, id, member.id);
    if (!memberCanReply(current.status)) throw AppError.conflict(SupportMessages.closed);
    const message = await insertMessage(trx, {
      ticketId: current.id,
      role: 'member',
      authorId: member.id,
      authorName: member.fullName,
      body,
      at,
    });
    const ticket = await touchTicket(trx, current.id, { status: statusAfterMessage('member'), by: 'member', at });
    return { ticket, message };
  });
  await ctx.events.supportUpdate(member.id, presentTicket(ticket), presentMessageForMember(message));
  await announceToInbox(ctx, ticket.id, 'reply', message);
  return presentThread(ticket, await listMessages(ctx.db, [ticket.id]));
}

/** One page of the inbox (latest activity first), filtered, 50 a page. */
export async function listInboxTickets(
  ctx: ServerContext,
  query: TAdminSupportQuery,
): Promise<{ items: TAdminSupportTicket[]; pagination: Pagination }> {
  const { rows, total } = await listInbox(ctx.db, {
    status: query.status,
    category: query.category,
    priority: query.priority,
    search: query.q,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    items: rows.map(presentAdminTicket),
    pagination: { total, pages: Math.max(1, Math.ceil(total / query.limit)), current: query.page },
  };
}

export async function getAdminThread(ctx: ServerContext, id: string): Promise<TAdminSupportThread> {
  const ticket = isUuid(id) ? await findTicket(ctx.db, id) : null;
  if (!ticket) throw AppError.notFound();
  return presentAdminThread(ticket, await listMessages(ctx.db, [ticket.id]));
}

/**
 * Support's answer: the ticket waits for the member (pending); the member's open pages get the message
 * at once and an e-mail follows (when the member still has an account).
 */
export async function adminReply(
  ctx: ServerContext,
  admin: TUser,
  id: string,
  input: TSupportReplyRequest,
): Promise<TAdminSupportThread> {
  const body = checkedMessage(input);
  const at = ctx.now();
  const { ticket, message, notice } = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockOwnTicket(trx, id, null);
    const message = await insertMessage(trx, {
      ticketId: current.id,
      role: 'support',
      authorId: admin.id,
      authorName: admin.fullName,
      body,
      at,
    });
    const ticket = await touchTicket(trx, current.id, { status: statusAfterMessage('support'), by: 'support', at });
    // The member's bell, with the reply: a ticket whose member is gone tells nobody.
    const notice = current.user_id
      ? await recordNotification(
          trx,
          current.user_id,
          { kind: 'support-reply', data: { ticketId: current.id, messageId: message.id, subject: current.subject } },
          message.id,
          at,
        )
      : null;
    return { ticket, message, notice };
  });
  ctx.logger.info({ ticketId: ticket.id, adminId: admin.id }, 'support ticket answered');
  await announceNotification(ctx, notice);
  const full = await findTicket(ctx.db, ticket.id);
  if (!full) throw AppError.notFound();
  if (full.user_id) {
    await ctx.events.supportUpdate(full.user_id, presentTicket(full), presentMessageForMember(message));
    if (full.email) {
      getMailer(ctx).dispatch(
        supportReplyMail(brandOf(ctx), full.email, full.author_name, { id: full.id, subject: full.subject }, body),
      );
    }
  }
  await ctx.events.supportInbox('reply', presentAdminTicket(full), presentMessageForAdmin(message));
  return presentAdminThread(full, await listMessages(ctx.db, [full.id]));
}

/** An admin sets a ticket's status (any of the four); the member sees it live. */
export async function changeTicketStatus(
  ctx: ServerContext,
  actor: AuditActor,
  id: string,
  status: TicketStatus,
): Promise<TAdminSupportThread> {
  const at = ctx.now();
  const ticket = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockOwnTicket(trx, id, null);
    if (current.status === status) return current;
    const changed = await setTicketStatus(trx, current.id, status, at);
    await recordAudit(trx, {
      actor,
      action: 'support.status',
      targetType: 'ticket',
      targetId: current.id,
      targetLabel: current.subject,
      before: { status: current.status },
      after: { status },
    });
    return changed;
  });
  ctx.logger.info({ ticketId: ticket.id, adminId: actor.id, status }, 'support ticket status set');
  const full = await findTicket(ctx.db, ticket.id);
  if (!full) throw AppError.notFound();
  if (full.user_id) await ctx.events.supportUpdate(full.user_id, presentTicket(full), null);
  await ctx.events.supportInbox('status', presentAdminTicket(full), null);
  return presentAdminThread(full, await listMessages(ctx.db, [full.id]));
}
