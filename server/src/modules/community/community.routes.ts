import { COMMUNITY_LIMITS, CommunityContract, CommunityMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import {
  getSummary,
  likePost,
  listFeed,
  listReported,
  moderateVisibility,
  publishPost,
  removePost,
  reportPost,
} from './community.service.js';

/** Posts per member (by account, whatever session they use): a conversation, not a flood. */
export const POST_LIMITS: LimitRule[] = [
  {
    name: 'community-post:member',
    max: COMMUNITY_LIMITS.postsPerWindow,
    windowMs: COMMUNITY_LIMITS.postWindowMs,
    key: (request) => request.member?.id ?? null,
  },
];

/** The Elite Network: members with live access read, post, like and report; admins moderate. */
export async function registerCommunityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'live', async (scope) => {
    await installRateLimits(scope, ctx);
    const limitPosts = limitBy(scope, ctx, POST_LIMITS);
    serve(scope, CommunityContract.feed, async (request) =>
      ok(await listFeed(ctx, memberOf(request), request.query), CommunityMessages.feed),
    );
    serve(
      scope,
      CommunityContract.post,
      async (request) => ok(await publishPost(ctx, memberOf(request), request.body), CommunityMessages.posted),
      {
        // Every attempt counts, as for tickets; the 429 says how long to wait in the network's words.
        preValidation: async (request) => {
          try {
            await limitPosts(request);
          } catch (error) {
            if (error instanceof AppError && error.code === 'rate_limited') {
              const seconds = error.details.retryAfterSeconds ?? 60;
              throw AppError.rateLimited(seconds, CommunityMessages.tooMany(seconds));
            }
            throw error;
          }
        },
      },
    );
    serve(scope, CommunityContract.like, async (request) => {
      const { liked } = request.body;
      const post = await likePost(ctx, memberOf(request), request.params.id, liked);
      return ok(post, liked ? CommunityMessages.liked : CommunityMessages.unliked);
    });
    serve(scope, CommunityContract.report, async (request) => {
      await reportPost(ctx, memberOf(request), request.params.id, request.body.reason);
      return ok(null, CommunityMessages.reported);
    });
    serve(scope, CommunityContract.summary, async () => ok(await getSummary(ctx), CommunityMessages.feed));
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, CommunityContract.reported, async (request) => {
      const posts = await listReported(ctx, memberOf(request));
      return ok(posts, posts.length ? 'OK' : CommunityMessages.noReports);
    });
    serve(scope, CommunityContract.hide, async (request) => {
      const { hidden } = request.body;
      const post = await moderateVisibility(ctx, auditActorOf(request), request.params.id, hidden);
      return ok(post, hidden ? CommunityMessages.hidden : CommunityMessages.shown);
    });
    serve(scope, CommunityContract.remove, async (request) => {
      await removePost(ctx, auditActorOf(request), request.params.id);
      return ok(null, CommunityMessages.deleted);
    });
  });
}
