import { randomBytes } from 'node:crypto';
import type { TAdminCommunityPost, TCommunityPage, TCommunityPost, TCommunitySummary } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { expectNothingWithin, pollUntil } from '../helpers/wait-for.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';

let server: TestServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
});

const postCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('community_posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function post(token: string, body: string) {
  return server.api<TCommunityPost>('POST', '/api/community/posts', { token, body: { body } });
}

async function connect(token: string) {
  const client = await connectClient(server.url, token);
  clients.push(client);
  return client;
}

describe('Elite Network posts', () => {
  it('only members with live access read or post; a guest gets 403 and nothing is written', async () => {
    const db = server.context.db;
    const guest = await createMember(db);
    const before = await postCount(db);
    const refused = await post(guest.token, 'Hello from a guest');
    expect(refused.status).toBe(403);
    expect((await server.api('GET', '/api/community/posts', { token: guest.token })).status).toBe(403);
    expect(await postCount(db)).toBe(before);
  });

  it('refuses empty and over-long posts with clear messages, writing nothing', async () => {
    const db = server.context.db;
    const { token } = await createMember(db, { tier: 'silver' });
    const before = await postCount(db);
    const empty = await post(token, '   \n ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write something before posting');
    const long = await post(token, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Posts can be at most 2000 characters');
    const missing = await server.api('POST', '/api/community/posts', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Write something before posting');
    expect(await postCount(db)).toBe(before);
    expect((await post(token, 'x'.repeat(2000))).status).toBe(201);
  });

  it('sends a new post live to every member with access, never to a guest', async () => {
    const db = server.context.db;
    const author = await createMember(db, { tier: 'gold', fullName: 'Ada Author' });
    const reader = await createMember(db, { tier: 'silver' });
    const guest = await createMember(db);
    const readerSocket = await connect(reader.token);
    const guestSocket = await connect(guest.token);
    const body = `Live post ${randomBytes(4).toString('hex')} <b>not bold</b> https://example.com/chart`;
    const created = await post(author.token, body);
    expect(created.status).toBe(201);
    expect(created.body.data!.body).toBe(body);
    const live: TCommunityPost = await readerSocket.waitFor('community:post', (p) => p.body === body);
    expect(live).toMatchObject({ authorName: 'Ada Author', likeCount: 0, likedByMe: false });
    await expectNothingWithin(300, 'a guest socket got a post', () => guestSocket.all('community:post').length > 0);
  });

  it('pages newest first with a cursor, without repeats or gaps', async () => {
    const db = server.context.db;
    const author = await createMember(db, { tier: 'pro' });
    const reader = await createMember(db, { tier: 'pro' });
    const mine: string[] = [];
    for (let i = 0; i < 4; i++) mine.push(`Paged ${i} ${randomBytes(3).toString('hex')}`);
    for (const body of mine) await post(author.token, body);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const page: TCommunityPage = (
        await server.api<TCommunityPage>('GET', `/api/community/posts${query}`, { token: reader.token })
      ).body.data!;
      seen.push(...page.posts.map((p) => p.body));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((body) => mine.includes(body))).toEqual([...mine].reverse());
    const bad = await server.api('GET', '/api/community/posts?cursor=nonsense', { token: reader.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The page cursor is not valid');
  });

  it('allows 5 posts per 10 minutes per member, then answers 429 with the wait', async () => {
    const db = server.context.db;
    const { token } = await createMember(db, { tier: 'gold' });
    for (let i = 0; i < 5; i++) expect((await post(token, `Burst ${i}`)).status).toBe(201);
    const before = await postCount(db);
    const sixth = await post(token, 'One too many');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^You can post 5 updates every 10 minutes\. Please wait \d+ minute/);
    expect(await postCount(db)).toBe(before);
  });

  it('stores likes (one per member) and counts them on the leaderboard of the month', async () => {
    const db = server.context.db;
    const author = await createMember(db, { tier: 'gold', fullName: `Leader ${randomBytes(2).toString('hex')}` });
    const fans = await Promise.all([1, 2, 3].map(() => createMember(db, { tier: 'silver' })));
    const created = (await post(author.token, 'Like me')).body.data!;
    for (const fan of fans) {
      const liked = await server.api<TCommunityPost>('PUT', `/api/community/posts/${created.id}/like`, {
        token: fan.token,
        body: { liked: true },
      });
      expect(liked.body.data).toMatchObject({ likedByMe: true });
    }
    const again = await server.api<TCommunityPost>('PUT', `/api/community/posts/${created.id}/like`, {
      token: fans[0]!.token,
      body: { liked: true },
    });
    expect(again.body.data!.likeCount).toBe(3);
    const bad = await server.api('PUT', `/api/community/posts/${created.id}/like`, {
      token: fans[0]!.token,
      body: { liked: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Say whether you like the post (true or false)');
    const summary = (await server.api<TCommunitySummary>('GET', '/api/community/summary', { token: author.token })).body
      .data!;
    expect(summary.leaderboard[0]).toEqual({ memberId: author.user.id, name: author.user.fullName, likes: 3 });
    expect(summary.leaderboardRanks).toBe('Likes received on posts this month (UTC)');
    const members = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('dashboard_unlocked', '=', true)
          .where('tier', '!=', 'guest')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(summary.members).toBe(members);
  });

  it('counts distinct connected members as online (two tabs count once)', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'gold' });
    const base = (await server.api<TCommunitySummary>('GET', '/api/community/summary', { token: member.token })).body
      .data!.online;
    const extra = await createMember(db, { tier: 'silver' });
    await connect(extra.token);
    await connect(extra.token);
    await pollUntil(
      async () =>
        (await server.api<TCommunitySummary>('GET', '/api/community/summary', { token: member.token })).body.data!
          .online ===
        base + 1,
      { timeoutMs: 8000, everyMs: 500, message: 'online count did not rise by one' },
    );
  });
});

describe('moderation', () => {
  it('stores reports for admins; an admin hides a post and every open feed drops it at once (audited)', async () => {
    const db = server.context.db;
    const author = await createMember(db, { tier: 'gold' });
    const reporter = await createMember(db, { tier: 'silver' });
    const admin = await createMember(db, { role: 'admin' });
    const watcher = await connect(reporter.token);
    const created = (await post(author.token, `Spam ${randomBytes(3).toString('hex')}`)).body.data!;
    const reported = await server.api('POST', `/api/community/posts/${created.id}/reports`, {
      token: reporter.token,
      body: { reason: 'Looks like spam' },
    });
    expect(reported.status).toBe(201);
    expect((await server.api('GET', '/api/admin/community/reported', { token: reporter.token })).status).toBe(403);
    const list = (
      await server.api<TAdminCommunityPost[]>('GET', '/api/admin/community/reported', { token: admin.token })
    ).body.data!;
    expect(list.find((p) => p.id === created.id)).toMatchObject({ reportCount: 1, reasons: ['Looks like spam'] });

    const hidden = await server.api<TAdminCommunityPost>('PATCH', `/api/admin/community/posts/${created.id}`, {
      token: admin.token,
      body: { hidden: true },
    });
    expect(hidden.body.data!.hidden).toBe(true);
    await watcher.waitFor('community:remove', (e) => e.postId === created.id);
    const feed = (await server.api<TCommunityPage>('GET', '/api/community/posts?limit=50', { token: reporter.token }))
      .body.data!;
    expect(feed.posts.some((p) => p.id === created.id)).toBe(false);
    expect(
      (
        await server.api('PUT', `/api/community/posts/${created.id}/like`, {
          token: reporter.token,
          body: { liked: true },
        })
      ).status,
    ).toBe(404);
    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', created.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['post.hide']);
  });

  it('an admin deletes a post: gone from the database and from open feeds, the audit keeps its text', async () => {
    const db = server.context.db;
    const author = await createMember(db, { tier: 'gold' });
    const admin = await createMember(db, { role: 'admin' });
    const watcher = await connect(author.token);
    const body = `Delete me ${randomBytes(3).toString('hex')}`;
    const created = (await post(author.token, body)).body.data!;
    const removed = await server.api('DELETE', `/api/admin/community/posts/${created.id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    await watcher.waitFor('community:remove', (e) => e.postId === created.id);
    expect(await db.selectFrom('community_posts').selectAll().where('id', '=', created.id).execute()).toEqual([]);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('post.delete');
    expect(JSON.stringify(audit.before)).toContain(body);
    expect(
      (await server.api('DELETE', `/api/admin/community/posts/${created.id}`, { token: admin.token })).status,
    ).toBe(404);
  });
});

describe('Auto-Copy launch notice', () => {
  it('stores a member’s wish once; admins see the count; guests get 403', async () => {
    const db = server.context.db;
    const admin = await createMember(db, { role: 'admin' });
    const member = await createMember(db, { tier: 'silver' });
    const guest = await createMember(db);
    const countNow = async () =>
      (await server.api<{ count: number }>('GET', '/api/admin/copy-trading/launch-notice', { token: admin.token })).body
        .data!.count;
    const before = await countNow();
    expect(
      (await server.api('PUT', '/api/copy-trading/launch-notice', { token: guest.token, body: { subscribed: true } }))
        .status,
    ).toBe(403);
    const bad = await server.api('PUT', '/api/copy-trading/launch-notice', {
      token: member.token,
      body: { subscribed: 'y' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Say whether you want to be notified (true or false)');
    for (let i = 0; i < 2; i++) {
      const on = await server.api('PUT', '/api/copy-trading/launch-notice', {
        token: member.token,
        body: { subscribed: true },
      });
      expect(on.body.data).toEqual({ subscribed: true });
    }
    expect(await countNow()).toBe(before + 1);
    expect((await server.api('GET', '/api/copy-trading/launch-notice', { token: member.token })).body.data).toEqual({
      subscribed: true,
    });
    await server.api('PUT', '/api/copy-trading/launch-notice', { token: member.token, body: { subscribed: false } });
    expect(await countNow()).toBe(before);
  });
});

describe('member data', () => {
  it('exports the member’s posts, likes, reports, completions and launch notice, and deletes them with the account', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'gold' });
    const other = await createMember(db, { tier: 'gold' });
    const mine = (await post(member.token, 'Mine, for the export')).body.data!;
    const theirs = (await post(other.token, 'Theirs, to like and report')).body.data!;
    await server.api('PUT', `/api/community/posts/${theirs.id}/like`, { token: member.token, body: { liked: true } });
    await server.api('POST', `/api/community/posts/${theirs.id}/reports`, {
      token: member.token,
      body: { reason: 'x' },
    });
    await server.api('PUT', '/api/copy-trading/launch-notice', { token: member.token, body: { subscribed: true } });
    const vault = (await server.api<{ courses: { id: string }[] }>('GET', '/api/mentorship', { token: member.token }))
      .body.data!;
    const course = (
      await server.api<{ lessons: { id: string }[] }>('GET', `/api/mentorship/courses/${vault.courses[0]!.id}`, {
        token: member.token,
      })
    ).body.data!;
    await server.api('PUT', `/api/mentorship/lessons/${course.lessons[0]!.id}/completion`, {
      token: member.token,
      body: { completed: true },
    });

    const exported = (await server.api<never>('GET', '/api/users/export', { token: member.token })).body as unknown as {
      community: { posts: { id: string }[]; likes: unknown[]; reports: unknown[] };
      masterVault: { completedLessons: unknown[] };
      launchNotices: unknown[];
    };
    expect(exported.community.posts.map((p) => p.id)).toEqual([mine.id]);
    expect(exported.community.likes).toHaveLength(1);
    expect(exported.community.reports).toHaveLength(1);
    expect(exported.masterVault.completedLessons).toHaveLength(1);
    expect(exported.launchNotices).toHaveLength(1);

    const deleted = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    for (const table of [
      'community_posts',
      'community_likes',
      'community_reports',
      'lesson_completions',
      'launch_notices',
    ] as const) {
      expect(await db.selectFrom(table).selectAll().where('user_id', '=', member.user.id).execute()).toEqual([]);
    }
    // The other member's post stays, without the like.
    const left = (
      await server.api<TCommunityPost>('PUT', `/api/community/posts/${theirs.id}/like`, {
        token: other.token,
        body: { liked: false },
      })
    ).body.data!;
    expect(left.likeCount).toBe(0);
  });
});
