import { z } from 'zod';
import {
  ZAdminSupportQuery,
  ZAdminSupportThread,
  ZAdminSupportTicket,
  ZSupportReplyRequest,
  ZSupportStatusRequest,
  ZSupportThread,
  ZSupportTicket,
  ZSupportTicketRequest,
} from '../support.js';
import { type RouteTable, withSchemas } from './contract.js';

/** A ticket id in the path; the server answers 404 for anything that is not one of the caller's tickets. */
const ZTicketParams = z.object({ id: z.string() });

/** Support tickets: members open and follow their own; admins answer them from an inbox. */
export const SupportRoutes = {
  create: { method: 'POST', path: '/support/tickets', group: 'member', status: 201, idempotent: true },
  list: { method: 'GET', path: '/support/tickets', group: 'member' },
  thread: { method: 'GET', path: '/support/tickets/:id', group: 'member' },
  reply: { method: 'POST', path: '/support/tickets/:id/messages', group: 'member', status: 201, idempotent: true },
  inbox: { method: 'GET', path: '/admin/support/tickets', group: 'admin', paged: true },
  adminThread: { method: 'GET', path: '/admin/support/tickets/:id', group: 'admin' },
  adminReply: {
    method: 'POST',
    path: '/admin/support/tickets/:id/messages',
    group: 'admin',
    status: 201,
    idempotent: true,
  },
  setStatus: { method: 'PATCH', path: '/admin/support/tickets/:id', group: 'admin' },
} as const satisfies RouteTable;

/** What each of SupportRoutes takes and answers. */
export const SupportContract = /* @__PURE__ */ withSchemas(SupportRoutes, {
  create: { summary: 'Open a support ticket', body: ZSupportTicketRequest, data: ZSupportThread },
  list: { summary: "The member's tickets, latest activity first", data: z.array(ZSupportTicket) },
  thread: { summary: 'One of the member’s tickets with its messages', params: ZTicketParams, data: ZSupportThread },
  reply: {
    summary: 'Reply on one of the member’s tickets',
    // A closed ticket.
    raises: ['conflict'],
    params: ZTicketParams,
    body: ZSupportReplyRequest,
    data: ZSupportThread,
  },
  inbox: {
    summary: 'One page of tickets, filtered by status, category, priority, subject or e-mail',
    query: ZAdminSupportQuery,
    data: z.array(ZAdminSupportTicket),
  },
  adminThread: { summary: 'A ticket with its messages and member', params: ZTicketParams, data: ZAdminSupportThread },
  adminReply: {
    summary: 'Answer a ticket (the member hears it live and by e-mail)',
    params: ZTicketParams,
    body: ZSupportReplyRequest,
    data: ZAdminSupportThread,
  },
  setStatus: {
    summary: "Change a ticket's status",
    params: ZTicketParams,
    body: ZSupportStatusRequest,
    data: ZAdminSupportThread,
  },
});
