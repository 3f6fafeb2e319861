import { SUPPORT_LIMITS, SupportContract, SupportMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import {
  adminReply,
  changeTicketStatus,
  createTicket,
  getAdminThread,
  getThread,
  listInboxTickets,
  listTickets,
  memberReply,
} from './support.service.js';

const HOUR = 60 * 60 * 1000;

/**
 * New tickets per member (by account, whatever session or address they use): far above a person with a
 * problem, low enough that a script cannot flood the inbox. Replies are not limited here.
 */
export const NEW_TICKET_LIMITS: LimitRule[] = [
  {
    name: 'support-ticket:member',
    max: SUPPORT_LIMITS.ticketsPerHour,
    windowMs: HOUR,
    key: (request) => request.member?.id ?? null,
  },
];

/** Support: members' own tickets and threads; the admins' inbox with reply and status. */
export async function registerSupportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'member', async (scope) => {
    await installRateLimits(scope, ctx);
    const limitNewTickets = limitBy(scope, ctx, NEW_TICKET_LIMITS);
    serve(
      scope,
      SupportContract.create,
      async (request) => ok(await createTicket(ctx, memberOf(request), request.body), SupportMessages.created),
      {
        // The limiter's 429 carries the wait; the member reads it in the ticket's own words.
        preValidation: async (request) => {
          try {
            await limitNewTickets(request);
          } catch (error) {
            if (error instanceof AppError && error.code === 'rate_limited') {
              const seconds = error.details.retryAfterSeconds ?? 60;
              throw AppError.rateLimited(seconds, SupportMessages.tooMany(seconds));
            }
            throw error;
          }
        },
      },
    );
    serve(scope, SupportContract.list, async (request) => {
      const tickets = await listTickets(ctx, memberOf(request));
      return ok(tickets, tickets.length ? SupportMessages.tickets : SupportMessages.noTickets);
    });
    serve(scope, SupportContract.thread, async (request) =>
      ok(await getThread(ctx, memberOf(request), request.params.id), SupportMessages.ticket),
    );
    serve(scope, SupportContract.reply, async (request) =>
      ok(await memberReply(ctx, memberOf(request), request.params.id, request.body), SupportMessages.replied),
    );
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, SupportContract.inbox, async (request) => {
      const { items, pagination } = await listInboxTickets(ctx, request.query);
      return ok(items, items.length ? 'OK' : SupportMessages.noInboxTickets, pagination);
    });
    serve(scope, SupportContract.adminThread, async (request) =>
      ok(await getAdminThread(ctx, request.params.id), SupportMessages.ticket),
    );
    serve(scope, SupportContract.adminReply, async (request) =>
      ok(await adminReply(ctx, memberOf(request), request.params.id, request.body), SupportMessages.replied),
    );
    serve(scope, SupportContract.setStatus, async (request) =>
      ok(
        await changeTicketStatus(ctx, auditActorOf(request), request.params.id, request.body.status),
        SupportMessages.statusChanged,
      ),
    );
  });
}
