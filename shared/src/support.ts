import { z } from 'zod';
import { AdminQueryMessages } from './admin.schemas.js';
import { LIMITS } from './constants.js';
import { ZInstant } from './iso-date.js';
import { Messages } from './messages.js';
import { zChoice, zQueryInteger, zText } from './request-fields.js';
import { hiddenCharacterIssue } from './validation/text.rules.js';

/**
 * Support in the product: a member opens a ticket (category, priority, subject, message), follows its
 * thread and replies; admins answer from an inbox and set its status. Shapes, limits, messages and
 * pure rules shared by the server and the web app. Ticket text is plain text everywhere.
 */

export const SUPPORT_CATEGORIES = [
  'account-setup',
  'deposit-issues',
  'signals',
  'copy-trading',
  'technical',
  'billing',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  'account-setup': 'Account setup',
  'deposit-issues': 'Deposit issues',
  signals: 'Signals',
  'copy-trading': 'Copy trading',
  technical: 'Technical',
  billing: 'Billing',
  other: 'Other',
};

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const DEFAULT_SUPPORT_PRIORITY: SupportPriority = 'medium';
export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/**
 * open: waiting for support (new, or the member wrote last); pending: support answered, waiting for the
 * member; resolved: support marked it solved (a member reply opens it again); closed: final, no replies.
 */
export const TICKET_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Awaiting your reply',
  resolved: 'Resolved',
  closed: 'Closed',
};
/** The same statuses as admins read them. */
export const TICKET_STATUS_ADMIN_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Pending member',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const SUPPORT_LIMITS = {
  subjectMin: 3,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
  /** New tickets a member may open in an hour. */
  ticketsPerHour: 10,
  pageSize: LIMITS.adminPageSize,
  searchMax: 200,
} as const;

/** The name a ticket's author shows once their account is deleted. */
export const FORMER_MEMBER_NAME = 'Former member';

export const SupportMessages = {
  categoryRequired: 'Please choose a category',
  priorityInvalid: 'Priority must be low, medium, high or urgent',
  subjectRequired: 'Subject is required',
  subjectTooShort: `Subject must be at least ${SUPPORT_LIMITS.subjectMin} characters`,
  subjectTooLong: `Subject must be at most ${SUPPORT_LIMITS.subjectMax} characters`,
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${SUPPORT_LIMITS.messageMin} characters`,
  messageTooLong: `Message must be at most ${SUPPORT_LIMITS.messageMax} characters`,
  statusInvalid: 'Status must be open, pending, resolved or closed',
  created: 'Ticket received. Our support team will reply here and by e-mail.',
  replied: 'Reply sent',
  statusChanged: 'Ticket status updated',
  tickets: 'Your tickets',
  noTickets: 'You have not opened any tickets yet.',
  noInboxTickets: 'No tickets match these filters.',
  ticket: 'Ticket',
  closed: 'This ticket is closed. Please open a new ticket.',
  tooMany: (seconds: number) =>
    `You have opened ${SUPPORT_LIMITS.ticketsPerHour} tickets in the last hour. Please wait ${Math.ceil(seconds / 60)} minutes, or reply on one of your open tickets.`,
} as const;

/** One message of a ticket's thread. */
export const ZSupportMessage = z.object({
  id: z.string(),
  author: z.enum(['member', 'support']),
  authorName: z.string(),
  body: z.string(),
  createdAt: ZInstant,
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** One ticket as its member sees it in their list. */
export const ZSupportTicket = z.object({
  id: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: ZInstant,
  updatedAt: ZInstant,
  lastMessageAt: ZInstant,
  lastMessageBy: z.enum(['member', 'support']),
});
export type TSupportTicket = z.infer<typeof ZSupportTicket>;

export const ZSupportThread = ZSupportTicket.extend({ messages: z.array(ZSupportMessage) });
export type TSupportThread = z.infer<typeof ZSupportThread>;

/** One ticket of the admin inbox: the ticket and who opened it (null id and e-mail once they left). */
export const ZAdminSupportTicket = ZSupportTicket.extend({
  member: z.object({ id: z.string().nullable(), fullName: z.string(), email: z.string().nullable() }),
});
export type TAdminSupportTicket = z.infer<typeof ZAdminSupportTicket>;

export const ZAdminSupportThread = ZAdminSupportTicket.extend({ messages: z.array(ZSupportMessage) });
export type TAdminSupportThread = z.infer<typeof ZAdminSupportThread>;

/** POST /api/support/tickets. Text fields are bounded here; `ticketFieldIssues` gives each its own rule. */
export const ZSupportTicketRequest = z
  .object({
    category: zChoice(SUPPORT_CATEGORIES, SupportMessages.categoryRequired),
    priority: zChoice(SUPPORT_PRIORITIES, SupportMessages.priorityInvalid).default(DEFAULT_SUPPORT_PRIORITY),
    subject: zText({ max: 2000, required: SupportMessages.subjectRequired }),
    message: zText({ max: 20_000, kind: 'multi-line', required: SupportMessages.messageRequired }),
  })
  .strict();
export type TSupportTicketRequest = z.infer<typeof ZSupportTicketRequest>;

/** POST /api/support/tickets/:id/messages and POST /api/admin/support/tickets/:id/messages. */
export const ZSupportReplyRequest = z
  .object({ message: zText({ max: 20_000, kind: 'multi-line', required: SupportMessages.messageRequired }) })
  .strict();
export type TSupportReplyRequest = z.infer<typeof ZSupportReplyRequest>;

/** PATCH /api/admin/support/tickets/:id */
export const ZSupportStatusRequest = z
  .object({ status: zChoice(TICKET_STATUSES, SupportMessages.statusInvalid) })
  .strict();
export type TSupportStatusRequest = z.infer<typeof ZSupportStatusRequest>;

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), zChoice(values, message).optional());

/** GET /api/admin/support/tickets?status&category&priority&q&page&limit */
export const ZAdminSupportQuery = z
  .object({
    status: optionalChoice(TICKET_STATUSES, SupportMessages.statusInvalid),
    category: optionalChoice(SUPPORT_CATEGORIES, SupportMessages.categoryRequired),
    priority: optionalChoice(SUPPORT_PRIORITIES, SupportMessages.priorityInvalid),
    q: zText({ max: SUPPORT_LIMITS.searchMax }).default(''),
    page: zQueryInteger(1, 100_000, AdminQueryMessages.page).default(1),
    limit: zQueryInteger(1, 100, AdminQueryMessages.limit).default(SUPPORT_LIMITS.pageSize),
  })
  .strict();
export type TAdminSupportQuery = z.infer<typeof ZAdminSupportQuery>;

export type SupportFieldErrors = Partial<Record<'subject' | 'message', string>>;

/** Why a message body is not acceptable (trimmed: required, 10 to 5000 characters), or null. */
export function supportMessageIssue(message: string | undefined): string | null {
  const text = message?.trim() ?? '';
  if (!text) return SupportMessages.messageRequired;
  if (hiddenCharacterIssue(text, 'multi-line')) return Messages.common.hiddenCharacters;
  if (text.length < SUPPORT_LIMITS.messageMin) return SupportMessages.messageTooShort;
  if (text.length > SUPPORT_LIMITS.messageMax) return SupportMessages.messageTooLong;
  return null;
}

/** The subject and message rules of a new ticket, one message per field (the form shows them all). */
export function ticketFieldIssues(input: { subject?: string | undefined; message?: string | undefined }) {
  const errors: SupportFieldErrors = {};
  const subject = input.subject?.trim() ?? '';
  if (!subject) errors.subject = SupportMessages.subjectRequired;
  else if (hiddenCharacterIssue(subject)) errors.subject = Messages.common.hiddenCharacters;
  else if (subject.length < SUPPORT_LIMITS.subjectMin) errors.subject = SupportMessages.subjectTooShort;
  else if (subject.length > SUPPORT_LIMITS.subjectMax) errors.subject = SupportMessages.subjectTooLong;
  const message = supportMessageIssue(input.message);
  if (message) errors.message = message;
  return errors;
}

/** Whether a member may still write on a ticket (a closed ticket takes no more replies). */
export function memberCanReply(status: TicketStatus): boolean {
  return status !== 'closed';
}

/** The status a ticket takes when someone writes on it: a member's words wait for support, support's for the member. */
export function statusAfterMessage(author: 'member' | 'support'): TicketStatus {
  return author === 'member' ? 'open' : 'pending';
}
