import { z } from 'zod';
import { ZAuditEntry } from './audit.js';
import { ZInstant } from './iso-date.js';
import { ZMemberSession } from './settings.js';
import { TICKET_STATUSES } from './support.js';
import { ZTierGrant } from './tier-grant.js';
import { ZUser } from './user.js';

/** A live session of a member as an admin sees it (no "current": it is never the admin's own). */
export const ZAdminMemberSession = ZMemberSession.omit({ current: true });
export type TAdminMemberSession = z.infer<typeof ZAdminMemberSession>;

/** Signals of the operator's day so far and how many reached this member in full. */
export const ZMemberSignalsToday = z.object({
  issued: z.number().int(),
  received: z.number().int(),
  /** The member's daily allowance; null is unlimited (or no live access: see mode). */
  limit: z.number().int().nullable(),
  /** full: live room; delayed: trial (closed signals only); none: no signal access. */
  mode: z.enum(['full', 'delayed', 'none']),
});
export type TMemberSignalsToday = z.infer<typeof ZMemberSignalsToday>;

export const ZMemberBotApplication = z.object({
  id: z.string(),
  fullName: z.string(),
  status: z.string(),
  createdAt: ZInstant,
});
export type TMemberBotApplication = z.infer<typeof ZMemberBotApplication>;

export const ZMemberTicket = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  lastMessageAt: ZInstant,
});
export type TMemberTicket = z.infer<typeof ZMemberTicket>;

/** data of GET /api/admin/users/:id: everything the member detail page shows. */
export const ZAdminMemberDetail = z.object({
  user: ZUser,
  /** Latest use of any of the member's sessions; null when never seen. */
  lastSeenAt: ZInstant.nullable(),
  signalsToday: ZMemberSignalsToday,
  tierHistory: z.array(ZTierGrant),
  sessions: z.array(ZAdminMemberSession),
  botAccessApplications: z.array(ZMemberBotApplication),
  supportTickets: z.array(ZMemberTicket),
  /** The newest audit rows about the member or made by them (the audit screen has the rest). */
  audit: z.array(ZAuditEntry),
});
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

/** data of the session revocations: how many sessions ended. */
export const ZSessionsRevoked = z.object({ revoked: z.number().int() });
export type TSessionsRevoked = z.infer<typeof ZSessionsRevoked>;

/** How many rows of each list the member detail page shows. */
export const MEMBER_DETAIL_LIMITS = { tierHistory: 50, audit: 20, tickets: 20, applications: 20 } as const;
