import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/http/tokens.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const DAY = 24 * 60 * 60_000;

/** Sessions end after SESSION_IDLE_DAYS without use (sliding), besides their 30-day absolute expiry. */
describe('idle sessions (SESSION_IDLE_DAYS=14)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_IDLE_DAYS: '14' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const lastSeen = async (member: CreatedMember) =>
    (
      await server.context.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', hashSecret(member.token))
        .executeTakeFirstOrThrow()
    ).last_seen_at;
  const setLastSeen = (member: CreatedMember, at: Date) =>
    server.context.db
      .updateTable('sessions')
      .set({ last_seen_at: at })
      .where('token_hash', '=', hashSecret(member.token))
      .execute();

  it('ends a session unused for longer than the idle period', async () => {
    const member = await createMember(server.context.db);
    await setLastSeen(member, new Date(Date.now() - 15 * DAY));
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
  });

  it('keeps a session used within the period, and using it slides the period', async () => {
    const member = await createMember(server.context.db);
    const thirteenDaysAgo = new Date(Date.now() - 13 * DAY);
    await setLastSeen(member, thirteenDaysAgo);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    const slid = await lastSeen(member);
    expect(Date.now() - new Date(slid).getTime()).toBeLessThan(60_000);
  });

  it('writes the last use at most once per few minutes, not on every request', async () => {
    const member = await createMember(server.context.db);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await setLastSeen(member, aMinuteAgo);
    for (let i = 0; i < 3; i++) {
      expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    }
    expect(new Date(await lastSeen(member)).getTime()).toBe(aMinuteAgo.getTime());
  });
});
