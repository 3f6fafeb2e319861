import { deadlineOnDevice, nextClockOffset, type TCountdown } from '@signalroom/shared';
import { silentLogger } from '@signalroom/shared-node';
import { startCountdownTicker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';

/** The sync period these servers run with. */
const SYNC_MS = 10_000;

/**
 * A browser's countdown as the web app keeps it: a clock offset from the first answer (snapshot on
 * connect), the deadline of each sync point through that offset, the time left read on the device's
 * own clock, which may be far from the server's.
 */
function device(client: TestClient, clockSkewMs: number) {
  let offset: number | null = null;
  let seen = 0;
  const clock = () => Date.now() + clockSkewMs;
  let deadline: number | null = null;
  const catchUp = () => {
    for (; seen < client.received.length; seen += 1) {
      const r = client.received[seen];
      if (!r) continue;
      const countdown =
        r.event === 'snapshot'
          ? (r.payload as { countdown: TCountdown }).countdown
          : r.event === 'countdown:tick'
            ? (r.payload as TCountdown)
            : null;
      if (!countdown) continue;
      offset = nextClockOffset(offset, countdown.serverTime, r.at + clockSkewMs);
      deadline = deadlineOnDevice(countdown, offset);
    }
  };
  return {
    timeLeftMs() {
      catchUp();
      return deadline === null ? Number.NaN : deadline - clock();
    },
  };
}

describe('countdown kept in step on every client', () => {
  let server: TestServer;
  let admin: string;
  const clients: TestClient[] = [];
  let ticker: ReturnType<typeof startCountdownTicker>;

  beforeAll(async () => {
    // A sync point every 10 s instead of the minute a deployment waits, so the test sees one soon.
    server = await startTestServer({ COUNTDOWN_SYNC_MS: String(SYNC_MS) });
    admin = (await createMember(server.context.db, { role: 'admin', tier: 'gold' })).token;
    ticker = startCountdownTicker({ db: server.context.db, bus: server.context.bus, logger: silentLogger });
  });
  afterAll(async () => {
    ticker?.stop();
    for (const c of clients) c.close();
    await server?.close();
  });

  const spread = (devices: ReturnType<typeof device>[]) => {
    const left = devices.map((d) => d.timeLeftMs());
    return Math.max(...left) - Math.min(...left);
  };

  it('two clients, one with a clock 37 s ahead and connected later, differ by at most 250 ms, also after a reset', async () => {
    const first = await connectClient(server.url, null);
    clients.push(first);
    // The second connects once the first holds a sync point from the worker: a different moment. The
    // ticker's first one may have gone before this client connected; the next comes a sync period later.
    await first.waitFor('countdown:tick', () => true, SYNC_MS + 5000);
    const member = (await createMember(server.context.db, { tier: 'silver' })).token;
    const second = await connectClient(server.url, member);
    clients.push(second);
    const devices = [device(first, 0), device(second, 37_000)];
    expect(spread(devices)).toBeLessThanOrEqual(250);

    const reset = await server.api<{ deadline: string }>('POST', '/api/countdown/reset', {
      token: admin,
      body: { durationMinutes: 45 },
    });
    expect(reset.status).toBe(200);
    const moved = reset.body.data?.deadline;
    await Promise.all(clients.map((c) => c.waitFor('countdown:tick', (t: TCountdown) => t.deadline === moved)));
    const left = devices.map((d) => d.timeLeftMs());
    for (const ms of left) expect(Math.abs(ms - 45 * 60_000)).toBeLessThan(5_000);
    expect(spread(devices)).toBeLessThanOrEqual(250);
  });
});
