import type { TSessionData, TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/http/tokens.js';
import { AUTH_LIMITS, loginDelayMs } from '../../src/modules/auth/auth.limits.js';
import { uniqueEmail } from '../auth/auth-helpers.js';
import { createMember } from '../helpers/factories.js';
import { captureLog, type LogCapture } from '../helpers/log-capture.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type PrivateRedis, startPrivateRedis } from '../realtime/private-redis.js';

/**
 * Generous for a loaded 2-core machine; a correctness bound, not a benchmark: before, these calls took
 * 10 to 45 s with Redis down (rate-limited ones waited on the counter, publishing ones on the bus).
 */
const ANSWER_WITHIN_MS = 5000;

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

/** Redis stopped under a running server: every call answers at once and what it changes is written. */
describe.skipIf(testShape !== 'distributed')('with Redis down', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let log: LogCapture;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    log = captureLog();
    server = await startTestServer(
      { REDIS_URL: redis.url, RATE_LIMITS: 'true', RATE_LIMIT_MULTIPLIER: '1', LOG_LEVEL: 'warn' },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('answers login, logout, admin PATCH, profile save, countdown reset and health quickly, writing each change', async () => {
    const admin = await createMember(server.context.db, { role: 'admin', tier: 'gold' });
    const member = await createMember(server.context.db);
    const db = server.context.db;
    await redis.stop();

    const login = await timed(() =>
      server.api<TSessionData>('POST', '/api/auth/login', {
        body: { email: member.user.email, password: member.password },
      }),
    );
    expect(login.result.status).toBe(200);
    expect(login.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const token = login.result.body.data!.token;

    const grant = await timed(() =>
      server.api<TUser>('PATCH', `/api/admin/users/${member.user.id}/access`, {
        token: admin.token,
        body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true },
      }),
    );
    expect(grant.result.status).toBe(200);
    expect(grant.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const row = await db.selectFrom('users').select(['tier']).where('id', '=', member.user.id).executeTakeFirst();
    expect(row?.tier).toBe('gold');

    const profile = await timed(() =>
      server.api<TUser>('PUT', '/api/users/profile', {
        token,
        body: { brokerAccountId: 'BRK-OUTAGE', depositAmount: 30, accessPath: 'manual' },
      }),
    );
    expect(profile.result.status).toBe(200);
    expect(profile.ms).toBeLessThan(ANSWER_WITHIN_MS);

    const countdown = await timed(() =>
      server.api('POST', '/api/countdown/reset', { token: admin.token, body: { durationMinutes: 90 } }),
    );
    expect(countdown.result.status).toBe(200);
    expect(countdown.ms).toBeLessThan(ANSWER_WITHIN_MS);

    const logout = await timed(() => server.api('POST', '/api/auth/logout', { token }));
    expect(logout.result.status).toBe(200);
    expect(logout.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const session = await db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();

    const health = await timed(() => server.api<{ redis: string; status: string }>('GET', '/api/health'));
    expect(health.result.status).toBe(503);
    expect(health.result.body.data).toMatchObject({ status: 'degraded', redis: 'down' });
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // The changes' bus events wait for Redis, and the outage is logged with what is waiting.
    const bus = server.context.bus as typeof server.context.bus & { pending(): number };
    expect(bus.pending()).toBeGreaterThan(0);
    const warning = log
      .lines()
      .find((line) => line.msg === 'bus event not published (Redis unreachable); kept for retry');
    expect(warning).toMatchObject({ module: 'bus', event: 'account:changed', userId: member.user.id });

    await redis.start();
    // Delivered once Redis is back (retried with backoff and on reconnect).
    await pollUntil(() => bus.pending() === 0, { timeoutMs: 15_000, message: 'queued bus events never delivered' });
    await pollUntil(async () => (await server.api<{ redis: string }>('GET', '/api/health')).body.data?.redis === 'up', {
      timeoutMs: 15_000,
      message: 'health never saw Redis again',
    });
  });

  it('keeps limiting and slowing logins while Redis is down (counted in memory)', async () => {
    await redis.stop();
    const email = uniqueEmail('outage');
    const max = AUTH_LIMITS.login.find((rule) => rule.name === 'login:email-ip')!.max;
    const answers: { status: number; ms: number }[] = [];
    for (let i = 0; i <= max; i++) {
      const answer = await timed(() =>
        server.api('POST', '/api/auth/login', { body: { email, password: `Guess${i}Password` } }),
      );
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      answers.push({ status: answer.result.status, ms: answer.ms });
    }
    expect(answers.slice(0, max).every((a) => a.status === 401)).toBe(true);
    expect(answers[max]!.status).toBe(429);
    // The account's failures still add their delay before the next attempt (counted in memory too).
    expect(answers[max - 1]!.ms).toBeGreaterThanOrEqual(loginDelayMs(max - 1) - 50);
    await redis.start();
  });
});
