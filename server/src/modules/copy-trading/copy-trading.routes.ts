import { CopyTradingContract, CopyTradingMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';

const FEATURE = 'copy-trading';

async function isSubscribed(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('launch_notices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('feature', '=', FEATURE)
    .executeTakeFirst();
  return Boolean(row);
}

async function setSubscribed(db: Db, userId: string, subscribed: boolean): Promise<void> {
  if (subscribed) {
    await db
      .insertInto('launch_notices')
      .values({ user_id: userId, feature: FEATURE })
      .onConflict((oc) => oc.columns(['user_id', 'feature']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('launch_notices').where('user_id', '=', userId).where('feature', '=', FEATURE).execute();
  }
}

/**
 * Auto-Copy is in development: a member with access may ask to hear when it launches (stored, one row
 * per member); admins see how many asked. Sending the announcement is the operator's, later.
 */
export async function registerCopyTradingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'live', (scope) => {
    serve(scope, CopyTradingContract.notice, async (request) =>
      ok({ subscribed: await isSubscribed(ctx.db, memberOf(request).id) }, CopyTradingMessages.notice),
    );
    serve(scope, CopyTradingContract.setNotice, async (request) => {
      const { subscribed } = request.body;
      await setSubscribed(ctx.db, memberOf(request).id, subscribed);
      return ok({ subscribed }, subscribed ? CopyTradingMessages.subscribed : CopyTradingMessages.unsubscribed);
    });
  });
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, CopyTradingContract.noticeCount, async () => {
      const row = await ctx.db
        .selectFrom('launch_notices')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('feature', '=', FEATURE)
        .executeTakeFirstOrThrow();
      return ok({ count: row.count }, CopyTradingMessages.notice);
    });
  });
}
