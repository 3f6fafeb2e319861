import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  ApiKeyMessages,
  STREAM_CLOSE,
  StreamMessages,
  type TCreatedApiKey,
  type TStreamMessage,
  ZStreamMessage,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { recordStreamMessage } from '../helpers/answer-conformance.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, slots } from '../signals/signal-helpers.js';
import { connectClient } from './realtime-helpers.js';

/** A program on the plain stream: every message it got (each checked against the stream's schema). */
interface StreamReader {
  ws: WebSocket;
  messages: TStreamMessage[];
  next(predicate: (message: TStreamMessage) => boolean, timeoutMs?: number): Promise<TStreamMessage>;
  closed: Promise<{ code: number; reason: string }>;
}

/** GET /api/stream answers with the API's envelope when it refuses: read its status and message. */
function refusal(url: string, headers: Record<string, string>): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => reject(new Error('the stream opened')));
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, message: JSON.parse(body).message }));
    });
    ws.on('error', () => undefined);
  });
}

describe('the plain WebSocket stream (GET /api/stream)', () => {
  let server: TestServer;
  const streamUrl = (after?: number) =>
    `${server.url.replace(/^http/, 'ws')}/api/stream${after === undefined ? '' : `?after=${after}`}`;

  beforeAll(async () => {
    server = await startTestServer({ SILVER_DAILY_LIMIT: '1', EMBEDDED_WORKER: 'false' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function keyOf(token: string): Promise<string> {
    const created = await server.api<TCreatedApiKey>('POST', '/api/users/api-keys', { token, body: { name: 'bot' } });
    return (created.body.data as TCreatedApiKey).secret;
  }

  function open(key: string, after?: number): Promise<StreamReader> {
    const ws = new WebSocket(streamUrl(after), { headers: { authorization: `Bearer ${key}` } });
    const messages: TStreamMessage[] = [];
    const waiters: { predicate: (m: TStreamMessage) => boolean; resolve: (m: TStreamMessage) => void }[] = [];
    ws.on('message', (data) => {
      recordStreamMessage(data.toString());
      const message = ZStreamMessage.parse(JSON.parse(data.toString()));
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const reader: StreamReader = {
      ws,
      messages,
      closed,
      next(predicate, timeoutMs = 10_000) {
        const seen = messages.find(predicate);
        if (seen) return Promise.resolve(seen);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no such stream message')), timeoutMs);
          waiters.push({
            predicate,
            resolve: (m) => {
              clearTimeout(timer);
              resolve(m);
            },
          });
        });
      },
    };
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(reader));
      ws.once('error', reject);
    });
  }

  it('refuses without an API key, with a session token, with an unknown key, and with a bad `after`', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    expect((await refusal(streamUrl(), {})).status).toBe(401);
    expect((await refusal(streamUrl(), { authorization: `Bearer ${member.token}` })).status).toBe(401);
    const unknown = await refusal(streamUrl(), { authorization: `Bearer sr_${'A'.repeat(43)}` });
    expect(unknown).toEqual({ status: 401, message: ApiKeyMessages.invalid });
    const key = await keyOf(member.token);
    const bad = await refusal(`${streamUrl()}?after=-1`, { authorization: `Bearer ${key}` });
    expect(bad).toEqual({ status: 400, message: StreamMessages.afterInvalid });
  });

  it('sends each issued signal with its record entry number, in the member’s tier view', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const silver = await createMember(server.context.db, { tier: 'silver' });
    const [goldStream, silverStream] = await Promise.all([
      open(await keyOf(gold.token)),
      open(await keyOf(silver.token)),
    ]);
    await goldStream.next((m) => m.type === 'ready');
    await silverStream.next((m) => m.type === 'ready');

    const engine = engineFor(server);
    for (const slot of slots('2026-12-01T10:00:00Z', 2)) await engine.runSlot(slot);

    const issuedTo = async (reader: StreamReader) => {
      await reader.next((m) => m.type === 'signal.issued' && m.signal.daySequence === 2);
      return reader.messages.filter((m) => m.type === 'signal.issued');
    };
    const goldIssued = await issuedTo(goldStream);
    const silverIssued = await issuedTo(silverStream);
    expect(goldIssued.map((m) => m.type === 'signal.issued' && [m.signal.daySequence, m.signal.locked])).toEqual([
      [1, false],
      [2, false],
    ]);
    // Silver's allowance is one a day here: the second is the locked teaser, as in the signal room.
    expect(silverIssued.map((m) => m.type === 'signal.issued' && [m.signal.daySequence, m.signal.locked])).toEqual([
      [1, false],
      [2, true],
    ]);
    for (const message of goldIssued) {
      if (message.type !== 'signal.issued' || message.signal.locked) throw new Error('expected a full signal');
      expect(message.seq).toBe(message.signal.record?.seq);
      expect(message.seq).toEqual(expect.any(Number));
    }
    goldStream.ws.close();
    silverStream.ws.close();
  });

  it('sends the member their risk plan where it stands, after ready and after each signal, and nothing without a plan', async () => {
    const planned = await createMember(server.context.db, { tier: 'gold' });
    const unplanned = await createMember(server.context.db, { tier: 'gold' });
    const plan = { stake: 10, maxLevel: 1, dailyLossLimit: 200, currency: 'EUR' };
    expect((await server.api('PUT', '/api/users/risk-plan', { token: planned.token, body: plan })).status).toBe(200);
    const [withPlan, withoutPlan] = await Promise.all([
      open(await keyOf(planned.token)),
      open(await keyOf(unplanned.token)),
    ]);
    const first = await withPlan.next((m) => m.type === 'plan');
    expect(withPlan.messages.findIndex((m) => m.type === 'ready')).toBeLessThan(withPlan.messages.indexOf(first));
    expect(first.type === 'plan' && first.plan.plan).toMatchObject(plan);
    // The same answer the REST call gives.
    const rest = await server.api('GET', '/api/users/risk-plan', { token: planned.token });
    expect(first.type === 'plan' && first.plan).toEqual(rest.body.data);

    await engineFor(server).runSlot(new Date('2026-12-01T11:00:00Z'));
    const issued = await withPlan.next((m) => m.type === 'signal.issued' && m.signal.daySequence === 3);
    const after = await withPlan.next((m) => m.type === 'plan' && m !== first);
    expect(withPlan.messages.indexOf(after)).toBeGreaterThan(withPlan.messages.indexOf(issued));
    await withoutPlan.next((m) => m.type === 'signal.issued' && m.signal.daySequence === 3);
    expect(withoutPlan.messages.some((m) => m.type === 'plan')).toBe(false);
    withPlan.ws.close();
    withoutPlan.ws.close();
  });

  it('replays what a reconnecting client missed from the record, then goes live', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const key = await keyOf(gold.token);
    const first = await open(key);
    const ready = await first.next((m) => m.type === 'ready');
    const lastSeen = ready.type === 'ready' ? (ready.lastSeq ?? 0) : 0;
    first.ws.close();
    await first.closed;

    // Missed while away: two signals.
    const engine = engineFor(server);
    for (const slot of slots('2026-12-02T10:00:00Z', 2)) await engine.runSlot(slot);

    const again = await open(key, lastSeen);
    const back = await again.next((m) => m.type === 'ready');
    const replayed = again.messages.filter((m) => m.type === 'signal.issued');
    expect(replayed).toHaveLength(2);
    expect(back).toMatchObject({ type: 'ready', replayed: 2, truncated: false });
    const seqs = replayed.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(back.type === 'ready' && back.lastSeq).toBe(seqs.at(-1));

    // Then live: the next signal arrives once, after `ready`.
    await engine.runSlot(new Date('2026-12-02T10:10:00Z'));
    const live = await again.next((m) => m.type === 'signal.issued' && (m.seq ?? 0) > (seqs.at(-1) ?? 0));
    expect(again.messages.indexOf(live)).toBeGreaterThan(again.messages.indexOf(back));
    again.ws.close();
  });

  it('closes the stream at once when its key is revoked', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const created = await server.api<TCreatedApiKey>('POST', '/api/users/api-keys', {
      token: member.token,
      body: { name: 'bot' },
    });
    const key = created.body.data as TCreatedApiKey;
    const reader = await open(key.secret);
    await reader.next((m) => m.type === 'ready');
    const revoked = await server.api('DELETE', `/api/users/api-keys/${key.id}`, { token: member.token });
    expect(revoked.status).toBe(200);
    expect(await reader.closed).toEqual({ code: STREAM_CLOSE.accessEnded, reason: 'key revoked' });
  });

  it('closes the stream when the member loses live access, and leaves socket.io working beside it', async () => {
    const admin = await createMember(server.context.db, { tier: 'gold', role: 'admin' });
    const member = await createMember(server.context.db, { tier: 'pro' });
    const reader = await open(await keyOf(member.token));
    await reader.next((m) => m.type === 'ready');
    const socket = await connectClient(server.url, member.token);
    expect(socket.socket.connected).toBe(true);

    const revoked = await server.api('PATCH', `/api/admin/users/${member.user.id}/access`, {
      token: admin.token,
      body: { tier: 'guest', dashboardUnlocked: false, hasDeposited: false },
    });
    expect(revoked.status).toBe(200);
    expect((await reader.closed).code).toBe(STREAM_CLOSE.accessEnded);
    socket.close();
  });

  it('runs the Node examples of docs/connect-your-tools.md against this server', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const key = await keyOf(member.token);
    const before = await open(key);
    const ready = await before.next((m) => m.type === 'ready');
    before.ws.close();
    const engine = engineFor(server);
    for (const slot of slots('2026-12-03T10:00:00Z', 2)) await engine.runSlot(slot);

    const run = promisify(execFile);
    const env = { ...process.env, SIGNALROOM_URL: server.url, SIGNALROOM_KEY: key };
    const stream = await run(process.execPath, ['docs/examples/read-stream.mjs'], {
      env: { ...env, AFTER: String(ready.type === 'ready' ? (ready.lastSeq ?? 0) : 0), STOP_AFTER: '2' },
      timeout: 20_000,
    });
    expect(stream.stdout.match(/^signal\.issued #\d+: (CALL|PUT) \S+/gm)).toHaveLength(2);

    const poll = await run(process.execPath, ['docs/examples/poll-signals.mjs'], {
      env: { ...env, ROUNDS: '2', POLL_EVERY_MS: '200' },
      timeout: 20_000,
    });
    expect(poll.stdout).toMatch(/^\d+ signals, newest [0-9a-f-]{36}\nunchanged\n$/);
  });
});
