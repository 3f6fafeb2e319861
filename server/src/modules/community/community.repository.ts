import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A post with its like count and whether `readerId` likes it. */
function postsWithLikes(db: Db, readerId: string) {
  return db
    .selectFrom('community_posts as p')
    .leftJoin('community_posts as parent', (join) =>
      join.onRef('parent.id', '=', 'p.reply_to_id').on('parent.hidden_at', 'is', null),
    )
    .select([
      'p.id',
      'p.user_id',
      'p.author_name',
      'p.body',
      'p.created_at',
      'p.hidden_at',
      'parent.id as reply_to_id',
      'parent.author_name as reply_to_author',
      sql<number>`(select count(*)::int from community_likes l where l.post_id = p.id)`.as('like_count'),
      sql<boolean>`exists (select 1 from community_likes l where l.post_id = p.id and l.user_id = ${readerId})`.as(
        'liked_by_reader',
      ),
    ]);
}
export type PostRow = Awaited<ReturnType<ReturnType<typeof postsWithLikes>['executeTakeFirstOrThrow']>>;

/** One page of visible posts, newest first, after the cursor's post (time, then id, both descending). */
export async function listVisiblePosts(
  db: Db,
  readerId: string,
  options: { before: { createdAt: Date; id: string } | null; limit: number },
): Promise<PostRow[]> {
  let query = postsWithLikes(db, readerId).where('p.hidden_at', 'is', null);
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where(sql<boolean>`(p.created_at, p.id) < (${createdAt}, ${id}::uuid)`);
  }
  return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(options.limit).execute();
}

export async function findPost(db: Db, readerId: string, id: string): Promise<PostRow | undefined> {
  return postsWithLikes(db, readerId).where('p.id', '=', id).executeTakeFirst();
}

export async function insertPost(
  db: Db,
  post: { userId: string; authorName: string; body: string; at: Date; replyToId: string | null },
) {
  return db
    .insertInto('community_posts')
    .values({
      user_id: post.userId,
      author_name: post.authorName,
      body: post.body,
      created_at: post.at,
      reply_to_id: post.replyToId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setLike(db: Db, postId: string, userId: string, liked: boolean, at: Date): Promise<void> {
  if (liked) {
    await db
      .insertInto('community_likes')
      .values({ post_id: postId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('community_likes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
  }
}

/** A member's report of a post; reporting again updates the reason (one report per member and post). */
export async function upsertReport(db: Db, postId: string, userId: string, reason: string): Promise<void> {
  await db
    .insertInto('community_reports')
    .values({ post_id: postId, user_id: userId, reason })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doUpdateSet({ reason }))
    .execute();
}

/** Members with access to the network: an unlocked dashboard and a paid tier. */
export async function countNetworkMembers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('dashboard_unlocked', '=', true)
    .where('tier', '!=', 'guest')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Authors ranked by likes their visible posts received since `since` (ties: the earlier like first). */
export async function likesLeaderboard(db: Db, since: Date, limit: number) {
  return db
    .selectFrom('community_likes as l')
    .innerJoin('community_posts as p', 'p.id', 'l.post_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.full_name', sql<number>`count(*)::int`.as('likes')])
    .where('l.created_at', '>=', since)
    .where('p.hidden_at', 'is', null)
    .groupBy('u.id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`min(l.created_at)`)
    .limit(limit)
    .execute();
}

/** Reported posts (hidden ones included), most reported first, with their reasons. */
export async function listReportedPosts(db: Db, adminId: string, limit = 100) {
  const posts = await postsWithLikes(db, adminId)
    .innerJoin('community_reports as r', 'r.post_id', 'p.id')
    .select([sql<number>`count(r.id)::int`.as('report_count'), sql<string[]>`array_agg(r.reason)`.as('reasons')])
    // The answered post is one row per post: grouped by its key too.
    .groupBy(['p.id', 'parent.id'])
    .orderBy(sql`count(r.id)`, 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
  return posts;
}

export async function reportsOf(db: Db, postId: string) {
  return db.selectFrom('community_reports').select('reason').where('post_id', '=', postId).execute();
}

/**
 * A post being answered, while members can see it, locked against its deletion until the reply is
 * written (null otherwise).
 */
export async function lockPostForReply(db: Db, id: string) {
  return db
    .selectFrom('community_posts')
    .select(['id', 'user_id', 'author_name'])
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .forShare()
    .executeTakeFirst();
}

/** Locks a post for a moderation change (null when it does not exist). */
export async function lockPost(db: Db, id: string) {
  return db.selectFrom('community_posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setHidden(db: Db, id: string, hidden: { at: Date; by: string } | null): Promise<void> {
  await db
    .updateTable('community_posts')
    .set({ hidden_at: hidden?.at ?? null, hidden_by: hidden?.by ?? null })
    .where('id', '=', id)
    .execute();
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('community_posts').where('id', '=', id).execute();
}
