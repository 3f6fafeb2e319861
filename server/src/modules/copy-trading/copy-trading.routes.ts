import { CopyTradingContract, CopyTradingMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { createCopyTradingService } from './copy-trading.service.js';

/** Auto-Copy's launch notice: members with access ask for it, admins count who asked. */
export async function registerCopyTradingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const copyTrading = createCopyTradingService(ctx.db);
  await routeGroup(app, ctx, 'live', (scope) => {
    serve(scope, CopyTradingContract.notice, async (request) =>
      ok({ subscribed: await copyTrading.isSubscribed(memberOf(request).id) }, CopyTradingMessages.notice),
    );
    serve(scope, CopyTradingContract.setNotice, async (request) => {
      const { subscribed } = request.body;
      await copyTrading.setSubscribed(memberOf(request).id, subscribed);
      return ok({ subscribed }, subscribed ? CopyTradingMessages.subscribed : CopyTradingMessages.unsubscribed);
    });
  });
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, CopyTradingContract.noticeCount, async () =>
      ok({ count: await copyTrading.subscriberCount() }, CopyTradingMessages.notice),
    );
  });
}
