import {
  type TCreatedWebhookEndpoint,
  type TWebhookAttempt,
  type TWebhookEndpoint,
  type TWebhookPayload,
  WEBHOOK_MANUAL_PER_MINUTE,
  WebhookMessages,
} from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { sql } from 'kysely';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// What a member asks for by hand: test events, secret rotation, resends and recoveries, and the limits
// that keep one member's requests from delaying anyone else's webhooks.
describe('webhooks a member sends by hand', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // A receiver that never answers holds a try for the whole timeout, as in production.
    server = await startTestServer({ WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_RETRY_SCHEDULE: '1,1' });
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

  function received(path: string, count: number): Promise<ReceivedWebhook[]> {
    return pollUntil(() => receiver.to(path).length >= count && receiver.to(path), {
      timeoutMs: 15_000,
      message: `${count} webhooks did not reach ${path}`,
    });
  }

  function verify(secret: string, webhook: ReceivedWebhook): TWebhookPayload {
    return new Webhook(secret).verify(webhook.body, {
      'webhook-id': String(webhook.headers['webhook-id']),
      'webhook-timestamp': String(webhook.headers['webhook-timestamp']),
      'webhook-signature': String(webhook.headers['webhook-signature']),
    }) as TWebhookPayload;
  }

  it('sends a webhook.test event on request, signed like any other and listed among the attempts', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const endpoint = await addEndpoint(member.token, '/ok/test-event', ['signal.issued']);
    const sent = await server.api<{ messageId: string }>('POST', `/api/users/webhooks/${endpoint.id}/test`, {
      token: member.token,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(WebhookMessages.testQueued);
    const [webhook] = await received('/ok/test-event', 1);
    expect(webhook?.headers['webhook-id']).toBe(sent.body.data?.messageId);
    expect(verify(endpoint.secret, webhook as ReceivedWebhook)).toMatchObject({
      type: 'webhook.test',
      data: { message: WebhookMessages.testBody },
    });
    const attempts = await pollUntil(
      async () => {
        const answer = await server.api<TWebhookAttempt[]>('GET', `/api/users/webhooks/${endpoint.id}/attempts`, {
          token: member.token,
        });
        return answer.body.data?.length ? answer.body.data : undefined;
      },
      { timeoutMs: 5000, message: 'the test event was not listed' },
    );
    expect(attempts[0]).toMatchObject({ event: 'webhook.test', signalId: null, trigger: 'test', succeeded: true });

    // Someone else's endpoint is not found.
    const stranger = await createMember(server.context.db, { tier: 'gold' });
    const refused = await server.api('POST', `/api/users/webhooks/${endpoint.id}/test`, { token: stranger.token });
    expect(refused.status).toBe(404);
  });

  it('signs with the old and the new secret for a day after a rotation, then with the new one only', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const endpoint = await addEndpoint(member.token, '/ok/rotated', ['signal.issued']);
    const rotated = await server.api<TCreatedWebhookEndpoint>(
      'POST',
      `/api/users/webhooks/${endpoint.id}/rotate-secret`,
      { token: member.token },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.message).toBe(WebhookMessages.rotated);
    const fresh = rotated.body.data as TCreatedWebhookEndpoint;
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(endpoint.secret);
    const overlap = Date.parse(fresh.previousSecretExpiresAt ?? '') - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    const listed = await server.api<TWebhookEndpoint[]>('GET', '/api/users/webhooks', { token: member.token });
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    const audit = await server.context.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', endpoint.id)
      .where('action', '=', 'webhook.rotate-secret')
      .executeTakeFirst();
    expect(audit?.action).toBe('webhook.rotate-secret');
    expect(JSON.stringify(audit?.after)).not.toContain('whsec_');

    await server.api('POST', `/api/users/webhooks/${endpoint.id}/test`, { token: member.token });
    const [during] = await received('/ok/rotated', 1);
    expect(String(during?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // A receiver still on the old secret and one already on the new one both accept it.
    expect(verify(endpoint.secret, during as ReceivedWebhook).type).toBe('webhook.test');
    expect(verify(fresh.secret, during as ReceivedWebhook).type).toBe('webhook.test');

    // A day later the old secret no longer signs.
    await server.context.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', endpoint.id)
      .execute();
    await server.api('POST', `/api/users/webhooks/${endpoint.id}/test`, { token: member.token });
    const [, after] = await received('/ok/rotated', 2);
    expect(String(after?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(fresh.secret, after as ReceivedWebhook).type).toBe('webhook.test');
    expect(() => verify(endpoint.secret, after as ReceivedWebhook)).toThrow(WebhookVerificationError);
  });

  it('refuses an eleventh resend, recovery or test in a minute with 429 in the envelope', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const endpoint = await addEndpoint(member.token, '/ok/limited', ['signal.issued']);
    for (let i = 0; i < WEBHOOK_MANUAL_PER_MINUTE; i += 1) {
      const answer = await server.api('POST', `/api/users/webhooks/${endpoint.id}/test`, { token: member.token });
      expect(answer.status).toBe(200);
    }
    const refused = await server.api('POST', `/api/users/webhooks/${endpoint.id}/recover`, {
      token: member.token,
      body: { since: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({
      success: false,
      message: WebhookMessages.manualLimit(seconds),
      error: { code: 'rate_limited', retryAfterSeconds: seconds },
    });
    // The budget is the member's: another member is not touched by it.
    const other = await createMember(server.context.db, { tier: 'gold' });
    const theirs = await addEndpoint(other.token, '/ok/limited-other', ['signal.issued']);
    const allowed = await server.api('POST', `/api/users/webhooks/${theirs.id}/test`, { token: other.token });
    expect(allowed.status).toBe(200);
  });

  it("keeps another member's live webhook under 2 s while one member floods hanging receivers with recoveries", async () => {
    // The flooding member: five endpoints that never answer, each with forty failed deliveries to recover.
    const flooder = await createMember(server.context.db, { tier: 'gold' });
    const hanging: TCreatedWebhookEndpoint[] = [];
    for (let i = 0; i < 5; i += 1) hanging.push(await addEndpoint(flooder.token, `/slow/flood-${i}`, ['signal.note']));
    const old = await insertSignal(server.context.db, { slotStart: new Date(Date.now() - 3600_000) });
    const since = new Date(Date.now() - 600_000);
    const messages = await server.context.db
      .insertInto('webhook_messages')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          event: 'signal.issued' as const,
          event_key: `flood:${old.id}:${i}`,
          signal_id: old.id,
          payload: JSON.stringify({
            type: 'signal.issued',
            timestamp: new Date(old.created_at).toISOString(),
            // The signal as the API answers it, as a real message carries it.
            data: { signal: presentSignal(old) },
          }),
          created_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    await server.context.db
      .insertInto('webhook_deliveries')
      .values(
        hanging.flatMap((endpoint) =>
          messages.map((m) => ({
            message_id: m.id,
            endpoint_id: endpoint.id,
            user_id: flooder.user.id,
            status: 'failed' as const,
            attempts: 8,
            queued_at: new Date(),
          })),
        ),
      )
      .execute();
    for (const endpoint of hanging) {
      const recovered = await server.api('POST', `/api/users/webhooks/${endpoint.id}/recover`, {
        token: flooder.token,
        body: { since: since.toISOString() },
      });
      expect(recovered.body.data).toEqual({ queued: 40, more: false });
    }
    // Then ten test events at once: the member's budget lets five more through.
    const tests = await Promise.all(
      [...hanging, ...hanging].map((endpoint) =>
        server.api('POST', `/api/users/webhooks/${endpoint.id}/test`, { token: flooder.token }),
      ),
    );
    expect(tests.filter((a) => a.status === 200)).toHaveLength(WEBHOOK_MANUAL_PER_MINUTE - hanging.length);
    expect(tests.filter((a) => a.status === 429)).toHaveLength(5);
    const waiting = await server.context.db
      .selectFrom('webhook_manual_sends')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(waiting.n).toBeGreaterThanOrEqual(200);
    // The hanging receivers are being tried.
    await pollUntil(() => receiver.requests.filter((r) => r.path.startsWith('/slow/flood-')).length >= 2, {
      timeoutMs: 5000,
      message: 'the recoveries did not start',
    });

    // Another member's live signal.issued arrives at once all the same.
    const member = await createMember(server.context.db, { tier: 'gold' });
    await addEndpoint(member.token, '/ok/live-during-flood', ['signal.issued']);
    const started = Date.now();
    const row = await insertSignal(server.context.db, { slotStart: new Date() });
    await server.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
    await received('/ok/live-during-flood', 1);
    expect(Date.now() - started).toBeLessThan(2000);
    // At most two of the flood's sends were in flight at once (the lane's bound), one per endpoint.
    const inFlight = receiver.requests.filter((r) => r.path.startsWith('/slow/flood-'));
    expect(new Set(inFlight.map((r) => r.path)).size).toBe(inFlight.length);
  });
});
