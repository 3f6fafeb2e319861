import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TAdminMemberDetail, TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { expireTierGrant } from '../../src/modules/tier-grants/tier-expiry.task.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { prepareShape, testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { connectClient } from '../realtime/realtime-helpers.js';

/** Long enough for the grant's request to arrive before it (a busy machine), short enough to wait for. */
const SHORT_WINDOW_MS = 3000;

async function grant(
  url: string,
  adminToken: string,
  memberId: string,
  body: Record<string, unknown>,
): Promise<{ status: number; user: TUser }> {
  const response = await fetch(`${url}/api/admin/users/${memberId}/access`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, user: ((await response.json()) as { data: TUser }).data };
}

describe('timed tiers', () => {
  let server: TestServer;
  let admin: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    admin = await createMember(server.context.db, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("returns the member to the access before at expiry, and the member's socket hears it at once", async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const client = await connectClient(server.url, member.token);
    try {
      const expiresAt = new Date(Date.now() + SHORT_WINDOW_MS);
      const granted = await grant(server.url, admin.token, member.user.id, {
        tier: 'pro',
        dashboardUnlocked: true,
        hasDeposited: false,
        expiresAt: expiresAt.toISOString(),
        reason: 'Pro for the live session',
      });
      expect(granted.status).toBe(200);
      expect(granted.user).toMatchObject({ tier: 'pro', tierExpiresAt: expiresAt.toISOString() });
      await client.waitFor('account:update', (u: TUser) => u.tier === 'pro');

      const back: TUser = await client.waitFor(
        'account:update',
        (u: TUser) => u.tier === 'silver',
        expiresAt.getTime() - Date.now() + 5000,
      );
      expect(back).toMatchObject({ tier: 'silver', dashboardUnlocked: true, hasDeposited: true, tierExpiresAt: null });
      const heardAt = client.received.find(
        (r) => r.event === 'account:update' && (r.payload as TUser).tier === 'silver',
      )!.at;
      expect(heardAt).toBeGreaterThanOrEqual(expiresAt.getTime());

      const detail = await server.api<TAdminMemberDetail>('GET', `/api/admin/users/${member.user.id}`, {
        token: admin.token,
      });
      expect(detail.body.data!.tierHistory[0]).toMatchObject({
        tier: 'pro',
        previousTier: 'silver',
        endReason: 'expired',
        reason: 'Pro for the live session',
      });
      expect(detail.body.data!.audit[0]).toMatchObject({
        action: 'member.tier-expiry',
        actorEmail: admin.user.email,
        before: { tier: 'pro' },
        after: { tier: 'silver', tierExpiresAt: null },
      });
      // The job may run twice: the second run finds the grant ended and changes nothing.
      expect(await expireTierGrant(server.context, detail.body.data!.tierHistory[0]!.id)).toBe('ended');
    } finally {
      client.close();
    }
  });

  it('leaves a later change alone: a grant replaced before its end does nothing when its time comes', async () => {
    const member = await createMember(server.context.db);
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await grant(server.url, admin.token, member.user.id, {
      tier: 'gold',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt,
    });
    // A second timed grant over the first returns, at its end, to what the member had before both.
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    await grant(server.url, admin.token, member.user.id, {
      tier: 'pro',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt: later,
    });
    const grants = await server.context.db
      .selectFrom('tier_grants')
      .selectAll()
      .where('user_id', '=', member.user.id)
      .orderBy('granted_at')
      .execute();
    expect(grants.map((g) => [g.tier, g.previous_tier, g.end_reason])).toEqual([
      ['gold', 'guest', 'superseded'],
      ['pro', 'guest', null],
    ]);
    expect(await expireTierGrant(server.context, grants[0]!.id)).toBe('ended');

    // A permanent change ends the running grant: its expiry, even if it ran now, changes nothing.
    const permanent = await grant(server.url, admin.token, member.user.id, {
      tier: 'gold',
      dashboardUnlocked: true,
      hasDeposited: true,
    });
    expect(permanent.user).toMatchObject({ tier: 'gold', tierExpiresAt: null });
    expect(await expireTierGrant(server.context, grants[1]!.id)).toBe('ended');
    const row = await server.context.db
      .selectFrom('users')
      .select(['tier', 'tier_expires_at'])
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tier: 'gold', tier_expires_at: null });
  });
});

describe('timed tiers across a restart', () => {
  const dataDir = testShape === 'embedded' ? mkdtempSync(join(tmpdir(), 'sr-tier-expiry-')) : null;
  let running: RunningServer | null = null;
  let cleanup: () => Promise<void> = async () => {};
  afterAll(async () => {
    await running?.close();
    await cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('expires a grant whose time passed while no server ran, from the database at the next start', async () => {
    const shape = await prepareShape();
    cleanup = shape.cleanup;
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:5173',
      EMBEDDED_WORKER: 'false',
      LOG_LEVEL: 'silent',
      ...shape.env,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    });
    running = await startServer(config);
    const admin = await createMember(running.context.db, { role: 'admin' });
    const member = await createMember(running.context.db, { tier: 'silver' });
    const expiresAt = new Date(Date.now() + SHORT_WINDOW_MS);
    const granted = await grant(running.url, admin.token, member.user.id, {
      tier: 'gold',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt: expiresAt.toISOString(),
    });
    expect(granted.user.tier).toBe('gold');
    await running.close();
    running = null;

    await pollUntil(() => Date.now() > expiresAt.getTime(), { timeoutMs: 10_000, message: 'expiry time' });
    running = await startServer(config);
    const db = running.context.db;
    const row = await pollUntil(
      async () => {
        const user = await db
          .selectFrom('users')
          .select(['tier', 'tier_expires_at'])
          .where('id', '=', member.user.id)
          .executeTakeFirstOrThrow();
        return user.tier === 'silver' ? user : undefined;
      },
      { timeoutMs: 15_000, message: 'member back to silver after the restart' },
    );
    expect(row.tier_expires_at).toBeNull();
    const ended = await db
      .selectFrom('tier_grants')
      .select(['end_reason'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(ended).toEqual([{ end_reason: 'expired' }]);
  }, 120_000); // two starts of a file-backed database: slow on a busy machine
});
