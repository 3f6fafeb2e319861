import { ZBotAccessListQuery, ZBotAccessStatusUpdate, ZBotAccessSubmitRequest } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { byIp, installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { getApplication, listApplications, setApplicationStatus, submitApplication } from './bot-access.service.js';

const ZIdParams = z.object({ id: z.string().max(64) });

/** Applications one address may post: generous for a person, tight for a script. */
export const BOT_ACCESS_SUBMIT_LIMITS: LimitRule[] = [
  { name: 'bot-access-submit:ip', max: 10, windowMs: 60 * 60 * 1000, key: byIp },
];

/**
 * The bot-access lead form: public submit (rate limited per address), admin-only review
 * (DECISIONS.md: the submission list and its status update need an admin).
 */
export async function registerBotAccessRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(async (scope) => {
    await installRateLimits(scope, ctx);
    scope.post(
      '/bot-access/submit',
      { preHandler: limitBy(scope, ctx, BOT_ACCESS_SUBMIT_LIMITS) },
      async (request, reply) => {
        const body = parseWith(ZBotAccessSubmitRequest, request.body);
        const submission = await submitApplication(ctx, body);
        reply.status(201);
        return ok({ id: submission.id }, 'Your application has been received.');
      },
    );
  });

  app.get('/bot-access/submissions', { config: { takesQuery: true } }, async (request) => {
    await requireAdmin(ctx, request);
    const query = parseWith(ZBotAccessListQuery, request.query, 'query');
    const { items, pagination } = await listApplications(ctx, query);
    return ok(items, 'OK', pagination);
  });

  app.get('/bot-access/submissions/:id', async (request) => {
    await requireAdmin(ctx, request);
    const { id } = parseWith(ZIdParams, request.params, 'params');
    return ok(await getApplication(ctx, id));
  });

  app.patch('/bot-access/submissions/:id/status', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const { id } = parseWith(ZIdParams, request.params, 'params');
    const change = parseWith(ZBotAccessStatusUpdate, request.body);
    return ok(await setApplicationStatus(ctx, id, change, admin.id), 'Submission status updated');
  });
}
