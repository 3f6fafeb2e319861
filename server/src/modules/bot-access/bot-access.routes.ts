import { BotAccessContract, BotAccessReviewMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { sendCsv } from '../../http/csv.js';
import { ok } from '../../http/envelope.js';
import { byIp, installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { APPLICATION_CSV_COLUMNS } from './bot-access.presenter.js';
import {
  exportApplications,
  getApplication,
  listApplications,
  setApplicationStatus,
  submitApplication,
} from './bot-access.service.js';

/** Applications one address may post: generous for a person, tight for a script. */
export const BOT_ACCESS_SUBMIT_LIMITS: LimitRule[] = [
  { name: 'bot-access-submit:ip', max: 10, windowMs: 60 * 60 * 1000, key: byIp },
];

/** The bot-access lead form: public submit (rate limited per address), admin-only review. */
export async function registerBotAccessRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', async (scope) => {
    await installRateLimits(scope, ctx);
    serve(
      scope,
      BotAccessContract.submit,
      async (request) => {
        const submission = await submitApplication(ctx, request.body);
        return ok({ id: submission.id }, 'Your application has been received.');
      },
      { preValidation: limitBy(scope, ctx, BOT_ACCESS_SUBMIT_LIMITS) },
    );
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, BotAccessContract.list, async (request) => {
      const { items, pagination } = await listApplications(ctx, request.query);
      return ok(items, 'OK', pagination);
    });

    serve(scope, BotAccessContract.get, async (request) => ok(await getApplication(ctx, request.params.id)));

    serve(scope, BotAccessContract.exportCsv, async (request, reply) => {
      const rows = await exportApplications(ctx, request.query, auditActorOf(request));
      const day = ctx.now().toISOString().slice(0, 10);
      return sendCsv(reply, `applications-${day}.csv`, APPLICATION_CSV_COLUMNS, rows);
    });

    serve(scope, BotAccessContract.setStatus, async (request) => {
      const updated = await setApplicationStatus(ctx, request.params.id, request.body, auditActorOf(request));
      return ok(updated, BotAccessReviewMessages.statusUpdated);
    });
  });
}
