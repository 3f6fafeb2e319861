import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import {
  type TCreatedWebhookEndpoint,
  type TSignalView,
  type TWebhookAttempt,
  type TWebhookEndpoint,
  type TWebhookPayload,
  WebhookMessages,
} from '@signalroom/shared';
import { presentSignal, type SignalRow } from '@signalroom/shared-node';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { expectNothingWithin, pollUntil } from '../helpers/wait-for.js';
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// Long enough that a loaded machine does not time out a receiver that answers at once.
const TIMEOUT_MS = 2000;
/** Retries at about 0.2 s each here (jittered), four of them: a whole schedule takes about a second. */
const RETRY_SCHEDULE = '0.2,0.2,0.2,0.2';
/** An endpoint is disabled once a delivery used up its schedule after it has failed this long. */
const DISABLE_AFTER_MS = 1500;

// Signed webhooks to a member's own receiver: signal issued, resolved, follow-up note; retries on a
// schedule, disabling after failing for a time, resends and recoveries.
describe('webhooks', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
      // In production: after five days of failing; here after a second and a half.
      WEBHOOK_DISABLE_AFTER_MS: String(DISABLE_AFTER_MS),
    });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function addEndpoint(token: string, path: string, events: string[]): Promise<TCreatedWebhookEndpoint> {
    const created = await server.api<TCreatedWebhookEndpoint>('POST', '/api/users/webhooks', {
      token,
      body: { url: receiver.url(path), events },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as TCreatedWebhookEndpoint;
  }

  /** Issues a signal as the worker does: the row, then `signal:new` on the bus. */
  async function issueSignal(): Promise<SignalRow> {
    const row = await insertSignal(server.context.db, { slotStart: new Date(), asset: 'GBP/JPY (OTC)' });
    await server.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
    return row;
  }

  /** Resolves it as the worker does (won in the first window), then `signal:update`. */
  async function resolveSignal(id: string): Promise<SignalRow> {
    const now = new Date();
    const row = await server.context.db
      .updateTable('signals')
      .set({
        status: 'closed',
        outcome: 'profit',
        resolved_level: 0,
        exit_price: 1.0851,
        resolved_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.context.bus.publish({ type: 'signal:update', signal: presentSignal(row) });
    return row;
  }

  function received(path: string, count: number): Promise<ReceivedWebhook[]> {
    return pollUntil(() => receiver.to(path).length >= count && receiver.to(path), {
      timeoutMs: 15_000,
      message: `${count} webhooks did not reach ${path}`,
    });
  }

  async function attempts(token: string, endpointId: string): Promise<TWebhookAttempt[]> {
    const answer = await server.api<TWebhookAttempt[]>('GET', `/api/users/webhooks/${endpointId}/attempts`, { token });
    expect(answer.status).toBe(200);
    return answer.body.data ?? [];
  }

  /** How a receiver checks a delivery: the raw body and the three headers, with the endpoint's secret. */
  function verify(secret: string, webhook: ReceivedWebhook): TWebhookPayload {
    const headers = {
      'webhook-id': String(webhook.headers['webhook-id']),
      'webhook-timestamp': String(webhook.headers['webhook-timestamp']),
      'webhook-signature': String(webhook.headers['webhook-signature']),
    };
    return new Webhook(secret).verify(webhook.body, headers) as TWebhookPayload;
  }

  it('signs each event so a Standard Webhooks library verifies it, with the signal as the API answers it', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const endpoint = await addEndpoint(member.token, '/ok/trading-bot', ['signal.resolved', 'signal.issued']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ events: ['signal.issued', 'signal.resolved'], enabled: true, failingSince: null });
    const notes = await addEndpoint(member.token, '/ok/notes-only', ['signal.note']);
    const listed = await server.api<TWebhookEndpoint[]>('GET', '/api/users/webhooks', { token: member.token });
    expect(listed.body.data?.map((e) => e.id)).toEqual([endpoint.id, notes.id]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');

    const row = await issueSignal();
    const [issued] = await received('/ok/trading-bot', 1);
    const payload = verify(endpoint.secret, issued as ReceivedWebhook);
    expect(payload.type).toBe('signal.issued');
    expect(payload.timestamp).toBe(row.issued_at?.toISOString());
    const room = await server.api<TSignalView[]>('GET', '/api/signals', { token: member.token });
    expect(payload.type === 'signal.issued' && payload.data.signal).toEqual(
      room.body.data?.find((s) => s.id === row.id),
    );
    expect(issued?.headers['content-type']).toBe('application/json');
    // The signature is the endpoint's own: another secret, or a changed body, does not verify.
    expect(() => verify(notes.secret, issued as ReceivedWebhook)).toThrow(WebhookVerificationError);
    expect(() =>
      verify(endpoint.secret, { ...(issued as ReceivedWebhook), body: issued!.body.replace('GBP/JPY', 'EUR/USD') }),
    ).toThrow(WebhookVerificationError);

    await resolveSignal(row.id);
    const [, resolved] = await received('/ok/trading-bot', 2);
    const outcome = verify(endpoint.secret, resolved as ReceivedWebhook);
    expect(outcome.type).toBe('signal.resolved');
    expect(outcome.type === 'signal.resolved' && outcome.data.signal).toMatchObject({
      id: row.id,
      status: 'closed',
      outcome: 'profit',
      resolvedLevel: 0,
    });
    expect(resolved?.headers['webhook-id']).not.toBe(issued?.headers['webhook-id']);

    // A follow-up note goes to the endpoint that chose notes, and only there.
    const desk = await createMember(server.context.db, { tier: 'gold', role: 'admin' });
    const noted = await server.api('POST', `/api/desk/signals/${row.id}/notes`, {
      token: desk.token,
      body: { body: 'Moving the stop to break-even.' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(201);
    const [note] = await received('/ok/notes-only', 1);
    const notePayload = verify(notes.secret, note as ReceivedWebhook);
    expect(notePayload).toMatchObject({
      type: 'signal.note',
      data: { note: { body: 'Moving the stop to break-even.' } },
    });
    expect(receiver.to('/ok/trading-bot')).toHaveLength(2);

    const tried = await pollUntil(
      async () => (await attempts(member.token, endpoint.id)).length === 2 && attempts(member.token, endpoint.id),
      {
        timeoutMs: 5000,
        message: 'attempts not listed',
      },
    );
    expect(tried.map((a) => [a.event, a.succeeded, a.responseStatus, a.trigger])).toEqual([
      ['signal.resolved', true, 200, 'delivery'],
      ['signal.issued', true, 200, 'delivery'],
    ]);
    for (const attempt of tried) expect(attempt.responseMs).toBeGreaterThanOrEqual(0);
    expect(tried[1]?.messageId).toBe(issued?.headers['webhook-id']);
  });

  it('sends nothing to a member past the daily allowance, in the trial, or without live access', async () => {
    const trial = await createMember(server.context.db, { tier: 'guest' });
    const refused = await server.api('POST', '/api/users/webhooks', {
      token: trial.token,
      body: { url: receiver.url('/ok/trial'), events: ['signal.issued'] },
    });
    expect(refused.status).toBe(403);

    const silver = await createMember(server.context.db, { tier: 'silver' });
    await addEndpoint(silver.token, '/ok/silver', ['signal.issued']);
    const gold = await createMember(server.context.db, { tier: 'gold' });
    await addEndpoint(gold.token, '/ok/gold', ['signal.issued']);
    // Past silver's allowance of 10 a day, silver's room gets a locked teaser: no webhook for silver.
    const row = await insertSignal(server.context.db, { slotStart: new Date(), daySequence: 11 });
    await server.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
    await received('/ok/gold', 1);
    await expectNothingWithin(
      300,
      'a webhook to the silver member past the allowance',
      () => receiver.to('/ok/silver').length > 0,
    );
  });

  it('tries a receiver that is down for three retries again until it gets the signal, with the same webhook-id', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const endpoint = await addEndpoint(member.token, '/fail-times/4/back', ['signal.issued']);
    const published = Date.now();
    const row = await issueSignal();
    // The first try and three retries fail; the fourth retry gets through.
    const tries = await received('/fail-times/4/back', 5);
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const payload = verify(endpoint.secret, tries[4] as ReceivedWebhook);
    expect(payload.type === 'signal.issued' && payload.data.signal.id).toBe(row.id);
    // Four waits of about 0.2 s (each jittered by up to a fifth) came between them.
    expect(Date.now() - published).toBeGreaterThanOrEqual(4 * 160);

    const listed = await pollUntil(
      async () => {
        const found = await attempts(member.token, endpoint.id);
        return found.length === 5 && found;
      },
      { timeoutMs: 5000, message: 'the five tries were not listed' },
    );
    expect(listed.map((a) => a.succeeded)).toEqual([true, false, false, false, false]);
    expect(listed.every((a) => a.trigger === 'delivery' && a.messageId === tries[0]?.headers['webhook-id'])).toBe(true);
    const delivery = await server.context.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts'])
      .where('endpoint_id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: 'sent', attempts: 5 });
    const [after] =
      (await server.api<TWebhookEndpoint[]>('GET', '/api/users/webhooks', { token: member.token })).body.data ?? [];
    expect(after).toMatchObject({ enabled: true, failingSince: null });
  });

  it('disables an endpoint only once its schedule is used up after failing for a while, mails the member, and recovers', async () => {
    const member = await createMember(server.context.db, { tier: 'pro', email: 'hooks-down@example.com' });
    const endpoint = await addEndpoint(member.token, '/fail/down', ['signal.issued']);
    const since = new Date().toISOString();

    await issueSignal();
    // Five tries (the first and four retries), the same message each time; then it is failed.
    const first = await received('/fail/down', 5);
    expect(new Set(first.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const afterOne = await pollUntil(
      async () => {
        const row = await server.context.db
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('endpoint_id', '=', endpoint.id)
          .executeTakeFirst();
        return row?.status === 'failed';
      },
      { timeoutMs: 10_000, message: 'the delivery did not end failed' },
    );
    expect(afterOne).toBe(true);
    const [failing] =
      (await server.api<TWebhookEndpoint[]>('GET', '/api/users/webhooks', { token: member.token })).body.data ?? [];
    // Failing for about a second: not yet long enough to be disabled.
    expect(failing).toMatchObject({ enabled: true });
    expect(failing?.failingSince).not.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, DISABLE_AFTER_MS));
    await issueSignal();
    await received('/fail/down', 10);
    // (The member's signal e-mails reach the same address.)
    const mail = await server.smtp.waitFor(
      (m) => m.to.includes('hooks-down@example.com') && m.subject.includes('webhook'),
      15_000,
    );
    expect(mail.subject).toBe('Signalroom: a webhook endpoint was disabled');
    expect(mail.text).toContain(receiver.url('/fail/down'));
    const [disabled] =
      (await server.api<TWebhookEndpoint[]>('GET', '/api/users/webhooks', { token: member.token })).body.data ?? [];
    expect(disabled).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: WebhookMessages.failingReason });

    const tried = await attempts(member.token, endpoint.id);
    expect(tried).toHaveLength(10);
    expect(tried.every((a) => !a.succeeded && a.responseStatus === 500 && a.error === 'receiver answered 500')).toBe(
      true,
    );

    // Disabled: the next signal is not sent to it, and a resend or a recovery is refused until it is enabled.
    await issueSignal();
    await expectNothingWithin(300, 'a webhook to a disabled endpoint', () => receiver.to('/fail/down').length > 10);
    const resend = `/api/users/webhooks/${endpoint.id}/attempts/${tried[0]?.id}/resend`;
    const refused = await server.api('POST', resend, { token: member.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WebhookMessages.resendDisabled);
    const recover = `/api/users/webhooks/${endpoint.id}/recover`;
    const notYet = await server.api('POST', recover, { token: member.token, body: { since } });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(WebhookMessages.recoverDisabled);

    // The member fixes the receiver, enables the endpoint and resends the latest message.
    receiver.healed.add('/fail/down');
    const enabled = await server.api<TWebhookEndpoint>('PATCH', `/api/users/webhooks/${endpoint.id}`, {
      token: member.token,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({
      message: WebhookMessages.enabled,
      data: { enabled: true, failingSince: null },
    });
    const queued = await server.api('POST', resend, { token: member.token });
    expect(queued.status).toBe(200);
    expect(queued.body.message).toBe(WebhookMessages.resendQueued);
    const [again] = (await received('/fail/down', 11)).slice(10);
    // The same message as its last try: the same webhook-id, so the receiver can tell it is a repeat.
    expect(again?.headers['webhook-id']).toBe(tried[0]?.messageId);
    const latest = await pollUntil(
      async () => {
        const [newest] = await attempts(member.token, endpoint.id);
        return newest?.trigger === 'resend' ? newest : undefined;
      },
      { timeoutMs: 5000, message: 'the resend was not listed' },
    );
    expect(latest).toMatchObject({ succeeded: true, responseStatus: 200, messageId: tried[0]?.messageId });

    // Then recovers everything that failed since the outage began: the other message, once, oldest first.
    const bad = await server.api('POST', recover, { token: member.token, body: { since: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.since).toBe(WebhookMessages.sinceInvalid);
    const recovered = await server.api<{ queued: number; more: boolean }>('POST', recover, {
      token: member.token,
      body: { since },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body.data).toEqual({ queued: 1, more: false });
    expect(recovered.body.message).toBe(WebhookMessages.recoverQueued(1));
    const [recoveredTry] = (await received('/fail/down', 12)).slice(11);
    const messages = new Set(tried.map((a) => a.messageId));
    expect(messages.has(String(recoveredTry?.headers['webhook-id']))).toBe(true);
    expect(recoveredTry?.headers['webhook-id']).not.toBe(tried[0]?.messageId);
    await pollUntil(
      async () => {
        const rows = await server.context.db
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('endpoint_id', '=', endpoint.id)
          .execute();
        return rows.length === 2 && rows.every((r) => r.status === 'sent');
      },
      { timeoutMs: 5000, message: 'the recovered delivery was not marked sent' },
    );
    const [newest] = await attempts(member.token, endpoint.id);
    expect(newest).toMatchObject({ trigger: 'recover', succeeded: true });
    const nothingLeft = await server.api('POST', recover, { token: member.token, body: { since } });
    expect(nothingLeft.body).toMatchObject({
      data: { queued: 0, more: false },
      message: WebhookMessages.recoverQueued(0),
    });
  });

  it('bounds a slow, endless or redirecting receiver: a timeout, a response cap, no redirect followed', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const slow = await addEndpoint(member.token, '/slow/hook', ['signal.issued']);
    const big = await addEndpoint(member.token, '/big/hook', ['signal.issued']);
    const moved = await addEndpoint(member.token, '/redirect/hook', ['signal.issued']);
    await issueSignal();
    const settled = async (id: string, count: number) =>
      pollUntil(
        async () => ((await attempts(member.token, id)).length >= count ? attempts(member.token, id) : undefined),
        {
          timeoutMs: 15_000,
          message: `attempts of ${id} not listed`,
        },
      );
    const [timedOut] = await settled(slow.id, 1);
    expect(timedOut).toMatchObject({
      succeeded: false,
      responseStatus: null,
      error: `no answer within ${TIMEOUT_MS} ms`,
    });
    const [endless] = await settled(big.id, 1);
    expect(endless).toMatchObject({ succeeded: true, responseStatus: 200 });
    const [redirected] = await settled(moved.id, 1);
    expect(redirected).toMatchObject({
      succeeded: false,
      responseStatus: 302,
      error: 'redirects are not followed (302)',
    });
    expect(receiver.to('/ok/redirected')).toHaveLength(0);
  });

  it('runs the Node receiver of docs/connect-your-tools.md, which verifies an issued and a resolved signal', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const member = await createMember(server.context.db, { tier: 'gold' });
    const created = await server.api<TCreatedWebhookEndpoint>('POST', '/api/users/webhooks', {
      token: member.token,
      body: { url: `http://127.0.0.1:${port}/webhooks`, events: ['signal.issued', 'signal.resolved'] },
    });
    const secret = created.body.data?.secret as string;
    const example = promisify(execFile)(process.execPath, ['docs/examples/webhook-receiver.mjs'], {
      env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port), STOP_AFTER: '2' },
      timeout: 20_000,
    });
    // The receiver is up once its port answers.
    await pollUntil(
      () =>
        fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(
          (answer) => answer.status === 400,
          () => false,
        ),
      { timeoutMs: 10_000, message: 'the example receiver did not start' },
    );
    const row = await issueSignal();
    await pollUntil(
      async () => (await attempts(member.token, created.body.data?.id as string)).some((a) => a.succeeded),
      { timeoutMs: 15_000, message: 'the issued signal did not reach the example' },
    );
    await resolveSignal(row.id);
    const { stdout } = await example;
    expect(stdout).toBe(
      `listening on ${port}\nsignal.issued CALL GBP/JPY (OTC) active\nsignal.resolved CALL GBP/JPY (OTC) closed profit\n`,
    );
  });
});
