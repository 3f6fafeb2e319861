import {
  COMMUNITY_LIMITS,
  CommunityMessages,
  decodeFeedCursor,
  encodeFeedCursor,
  excerptOf,
  postIssue,
  type TAdminCommunityPost,
  type TCommunityPage,
  type TCommunityPost,
  type TCommunitySummary,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import {
  countNetworkMembers,
  deletePost,
  findPost,
  insertPost,
  likesLeaderboard,
  listReportedPosts,
  listVisiblePosts,
  lockPost,
  lockPostForReply,
  type PostRow,
  reportsOf,
  setHidden,
  setLike,
  upsertReport,
} from './community.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'events' | 'logger' | 'now' | 'presence'>;

function presentPost(row: PostRow): TCommunityPost {
  return {
    id: row.id,
    authorId: row.user_id,
    authorName: row.author_name,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    likeCount: row.like_count,
    likedByMe: row.liked_by_reader,
    replyTo: row.reply_to_id && row.reply_to_author ? { id: row.reply_to_id, authorName: row.reply_to_author } : null,
  };
}

/** The post when it exists and members may see it; 404 otherwise (a hidden post is gone for them). */
async function visiblePost(ctx: ServiceContext, readerId: string, id: string): Promise<PostRow> {
  const row = isUuid(id) ? await findPost(ctx.db, readerId, id) : undefined;
  if (!row || row.hidden_at !== null) throw AppError.notFound();
  return row;
}

export async function listFeed(
  ctx: ServiceContext,
  reader: TUser,
  query: { cursor?: string | undefined; limit: number },
): Promise<TCommunityPage> {
  const before = query.cursor ? decodeFeedCursor(query.cursor) : null;
  if (query.cursor && !before) {
    throw AppError.validation(CommunityMessages.cursorInvalid, { cursor: CommunityMessages.cursorInvalid });
  }
  // One more than asked tells whether another page follows.
  const rows = await listVisiblePosts(ctx.db, reader.id, { before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit).map(presentPost);
  const last = page.at(-1);
  return {
    posts: page,
    nextCursor: rows.length > query.limit && last ? encodeFeedCursor(last.createdAt, last.id) : null,
  };
}

/**
 * Publishes a post (trimmed plain text), or a reply to a visible post, and sends it live to every member
 * with access. A reply tells the answered post's author in their notifications, in the same transaction
 * (not when they answer themselves).
 */
export async function publishPost(
  ctx: ServiceContext,
  author: TUser,
  input: { body: string; replyToId?: string | undefined },
): Promise<TCommunityPost> {
  const issue = postIssue(input.body);
  if (issue) throw AppError.validation(issue, { body: issue });
  const body = input.body.trim();
  const at = ctx.now();
  const { id, notice } = await ctx.db.transaction().execute(async (trx) => {
    const parent =
      input.replyToId === undefined
        ? null
        : isUuid(input.replyToId)
          ? await lockPostForReply(trx, input.replyToId)
          : null;
    if (input.replyToId !== undefined && !parent) {
      throw AppError.validation(CommunityMessages.replyTargetGone, { replyToId: CommunityMessages.replyTargetGone });
    }
    const { id } = await insertPost(trx, {
      userId: author.id,
      authorName: author.fullName,
      body,
      at,
      replyToId: parent?.id ?? null,
    });
    const notice =
      parent?.user_id && parent.user_id !== author.id
        ? await recordNotification(
            trx,
            parent.user_id,
            {
              kind: 'community-reply',
              data: { postId: id, replyToId: parent.id, authorName: author.fullName, excerpt: excerptOf(body) },
            },
            id,
            at,
          )
        : null;
    return { id, notice };
  });
  const post = presentPost(await visiblePost(ctx, author.id, id));
  ctx.logger.info({ postId: id, userId: author.id, replyToId: post.replyTo?.id }, 'community post published');
  await ctx.events.communityPost({ ...post, likedByMe: false });
  await announceNotification(ctx, notice);
  return post;
}

export async function likePost(
  ctx: ServiceContext,
  reader: TUser,
  id: string,
  liked: boolean,
): Promise<TCommunityPost> {
  const post = await visiblePost(ctx, reader.id, id);
  await setLike(ctx.db, post.id, reader.id, liked, ctx.now());
  return presentPost(await visiblePost(ctx, reader.id, post.id));
}

export async function reportPost(ctx: ServiceContext, reader: TUser, id: string, reason: string): Promise<void> {
  const post = await visiblePost(ctx, reader.id, id);
  await upsertReport(ctx.db, post.id, reader.id, reason.trim());
  ctx.logger.info({ postId: post.id, userId: reader.id }, 'community post reported');
}

/** The first moment of the current calendar month, in UTC (what the leaderboard counts from). */
function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function getSummary(ctx: ServiceContext): Promise<TCommunitySummary> {
  const now = ctx.now();
  const [members, online, leaders] = await Promise.all([
    countNetworkMembers(ctx.db),
    ctx.presence ? ctx.presence.onlineMembers() : Promise.resolve(0),
    likesLeaderboard(ctx.db, startOfMonthUtc(now), COMMUNITY_LIMITS.leaderboardSize),
  ]);
  return {
    members,
    online,
    leaderboard: leaders.map((row) => ({ memberId: row.id, name: row.full_name, likes: row.likes })),
    leaderboardRanks: 'Likes received on posts this month (UTC)',
  };
}

function presentForAdmin(row: PostRow, reasons: string[]): TAdminCommunityPost {
  return {
    ...presentPost(row),
    hidden: row.hidden_at !== null,
    reportCount: reasons.length,
    reasons: reasons.filter((reason) => reason.length > 0),
  };
}

export async function listReported(ctx: ServiceContext, admin: TUser): Promise<TAdminCommunityPost[]> {
  const rows = await listReportedPosts(ctx.db, admin.id);
  return rows.map((row) => ({ ...presentForAdmin(row, row.reasons), reportCount: row.report_count }));
}

/** Hides a post from members (or shows it again), audited; open feeds drop a hidden post at once. */
export async function moderateVisibility(
  ctx: ServiceContext,
  actor: AuditActor,
  id: string,
  hidden: boolean,
): Promise<TAdminCommunityPost> {
  if (!isUuid(id)) throw AppError.notFound();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, id);
    if (!post) throw AppError.notFound();
    if ((post.hidden_at !== null) === hidden) return false;
    await setHidden(trx, post.id, hidden ? { at: ctx.now(), by: actor.id } : null);
    await recordAudit(trx, {
      actor,
      action: hidden ? 'post.hide' : 'post.show',
      targetType: 'post',
      targetId: post.id,
      targetLabel: post.author_name,
      before: { hidden: !hidden },
      after: { hidden },
    });
    return true;
  });
  const row = await findPost(ctx.db, actor.id, id);
  if (!row) throw AppError.notFound();
  if (changed) {
    ctx.logger.info({ postId: id, adminId: actor.id, hidden }, 'community post visibility set');
    if (hidden) await ctx.events.communityRemove(id);
    else await ctx.events.communityPost({ ...presentPost(row), likedByMe: false });
  }
  const reasons = (await reportsOf(ctx.db, id)).map((report) => report.reason);
  return presentForAdmin(row, reasons);
}

/** Deletes a post for good (its likes and reports go with it); the audit row keeps its text. */
export async function removePost(ctx: ServiceContext, actor: AuditActor, id: string): Promise<void> {
  if (!isUuid(id)) throw AppError.notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, id);
    if (!post) throw AppError.notFound();
    await deletePost(trx, post.id);
    await recordAudit(trx, {
      actor,
      action: 'post.delete',
      targetType: 'post',
      targetId: post.id,
      targetLabel: post.author_name,
      before: { authorId: post.user_id, body: post.body, createdAt: new Date(post.created_at).toISOString() },
    });
  });
  ctx.logger.info({ postId: id, adminId: actor.id }, 'community post deleted');
  await ctx.events.communityRemove(id);
}
