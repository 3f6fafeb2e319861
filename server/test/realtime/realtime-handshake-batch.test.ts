import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/http/tokens.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, insertSignalRow, type TestClient } from './realtime-helpers.js';

// Handshakes arriving together share one session lookup (a reconnect storm): each socket must still get
// its own member, a revoked session none, and the tier views of one shared read.
describe('realtime handshakes at once', () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ SILVER_DAILY_LIMIT: '1' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('authenticates every socket of a burst as its own member, refuses a revoked session, touches stale ones', async () => {
    const db = server.context.db;
    await insertSignalRow(db, 1);
    await insertSignalRow(db, 2);
    const tiers = ['silver', 'gold', 'guest'] as const;
    const members = await Promise.all(Array.from({ length: 24 }, (_, i) => createMember(db, { tier: tiers[i % 3] })));
    const [revoked, stale] = members as [(typeof members)[0], (typeof members)[0]];
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashSecret(revoked.token))
      .execute();
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: hourAgo })
      .where('token_hash', '=', hashSecret(stale.token))
      .execute();

    // The same token twice (two tabs) and a token that never existed ride in the same burst.
    const tokens = [...members.map((m) => m.token), members[5]?.token ?? '', 'not-a-real-token'];
    const burst = await Promise.all(tokens.map((token) => connectClient(server.url, token)));
    clients.push(...burst);

    burst.forEach((client, i) => {
      const member = i < members.length ? members[i] : i === members.length ? members[5] : null;
      if (!member || member === revoked) {
        expect(client.snapshot.user).toBeNull();
        expect(client.snapshot.signals).toEqual([]);
        return;
      }
      expect(client.snapshot.user?.id).toBe(member.user.id);
      const locked = client.snapshot.signals.map((s) => s.locked);
      if (member.user.tier === 'gold') expect(locked).toEqual([false, false]);
      // Silver sees the day's first signal in full and the second as a teaser (limit 1).
      if (member.user.tier === 'silver') expect(locked.sort()).toEqual([false, true]);
    });
    // The guests (in their trial) were authenticated too, whatever their view.
    expect(burst[2]?.snapshot.user?.tier).toBe('guest');

    const touched = await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', hashSecret(stale.token))
      .executeTakeFirstOrThrow();
    expect(new Date(touched.last_seen_at).getTime()).toBeGreaterThan(hourAgo.getTime());
  });
});
