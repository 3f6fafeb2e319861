import {
  type TCreatedApiKey,
  type TCreatedWebhookEndpoint,
  type TWebhookAttempt,
  type TWebhookEndpoint,
  WEBHOOK_MAX_PER_MEMBER,
  WebhookMessages,
} from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../../src/modules/webhooks/webhook-secret.js';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { expectNothingWithin, pollUntil } from '../helpers/wait-for.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// Adding endpoints: the URL's rules (a clear 400 on the field), the limit, who may; and the SSRF rule.
describe('webhook endpoints', () => {
  let server: TestServer;
  let production: TestServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ DELIVERY_ATTEMPTS: '1' });
    // The production rule on a test server: https only, public addresses only, checked after DNS.
    production = await startTestServer({ WEBHOOK_ALLOW_LOCAL: 'false', DELIVERY_ATTEMPTS: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await production?.close();
    await receiver?.close();
  });

  const add = (on: TestServer, token: string, body: unknown) =>
    on.api<TCreatedWebhookEndpoint>('POST', '/api/users/webhooks', { token, body });

  it('refuses a malformed URL, another scheme, credentials and no events with 400 on the field', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const cases: [unknown, string, string][] = [
      [{ url: 'not a url', events: ['signal.issued'] }, 'url', WebhookMessages.urlInvalid],
      [{ url: '', events: ['signal.issued'] }, 'url', WebhookMessages.urlRequired],
      [{ events: ['signal.issued'] }, 'url', WebhookMessages.urlRequired],
      [{ url: 'ftp://example.com/hook', events: ['signal.issued'] }, 'url', WebhookMessages.urlScheme],
      [{ url: 'https://me:pw@example.com/hook', events: ['signal.issued'] }, 'url', WebhookMessages.urlCredentials],
      [{ url: 'https://example.com/hook', events: [] }, 'events', WebhookMessages.eventsRequired],
      [{ url: 'https://example.com/hook', events: ['signal.deleted'] }, 'events', WebhookMessages.eventUnknown],
    ];
    for (const [body, field, message] of cases) {
      const answer = await add(server, member.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error?.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await server.api<unknown[]>('GET', '/api/users/webhooks', { token: member.token })).body.data).toEqual([]);
  });

  it(`allows ${WEBHOOK_MAX_PER_MEMBER} endpoints a member and refuses one more on the url field`, async () => {
    const member = await createMember(server.context.db, { tier: 'pro' });
    const created = await Promise.all(
      Array.from({ length: WEBHOOK_MAX_PER_MEMBER + 1 }, (_, n) =>
        add(server, member.token, { url: receiver.url(`/ok/limit-${n}`), events: ['signal.issued'] }),
      ),
    );
    // Sent at once: the lock on the member makes them count each other.
    expect(created.filter((a) => a.status === 201)).toHaveLength(WEBHOOK_MAX_PER_MEMBER);
    const refused = created.find((a) => a.status === 400);
    expect(refused?.body).toMatchObject({
      message: WebhookMessages.limitReached,
      error: { fields: { url: WebhookMessages.limitReached } },
    });
    const [first] = created.filter((a) => a.status === 201);
    const removed = await server.api('DELETE', `/api/users/webhooks/${first?.body.data?.id}`, { token: member.token });
    expect(removed.body.message).toBe(WebhookMessages.deleted);
    expect((await add(server, member.token, { url: receiver.url('/ok/again'), events: ['signal.note'] })).status).toBe(
      201,
    );
    const unknown = await server.api('DELETE', `/api/users/webhooks/${first?.body.data?.id}`, { token: member.token });
    expect(unknown.status).toBe(404);
    const notAUuid = await server.api('GET', '/api/users/webhooks/nope/attempts', { token: member.token });
    expect(notAUuid.status).toBe(404);
  });

  it('keeps endpoints to their member, a session, and live access', async () => {
    const owner = await createMember(server.context.db, { tier: 'gold' });
    const other = await createMember(server.context.db, { tier: 'gold' });
    const created = await add(server, owner.token, { url: receiver.url('/ok/owned'), events: ['signal.issued'] });
    const id = created.body.data?.id;
    for (const [method, path] of [
      ['PATCH', `/api/users/webhooks/${id}`],
      ['DELETE', `/api/users/webhooks/${id}`],
      ['GET', `/api/users/webhooks/${id}/attempts`],
    ] as const) {
      const answer = await server.api(method, path, {
        token: other.token,
        ...(method === 'PATCH' ? { body: { enabled: false } } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const key = await server.api<TCreatedApiKey>('POST', '/api/users/api-keys', {
      token: owner.token,
      body: { name: 'Reader' },
    });
    const byKey = await server.api('GET', '/api/users/webhooks', { token: key.body.data?.secret });
    expect(byKey.status).toBe(403);
    const guest = await createMember(server.context.db, { tier: 'guest' });
    expect((await server.api('GET', '/api/users/webhooks', { token: guest.token })).status).toBe(403);

    // Paused by its member, changed events; both audited with the member as actor.
    const paused = await server.api<TWebhookEndpoint>('PATCH', `/api/users/webhooks/${id}`, {
      token: owner.token,
      body: { enabled: false, events: ['signal.resolved', 'signal.note'] },
    });
    expect(paused.body.data).toMatchObject({
      enabled: false,
      disabledReason: WebhookMessages.pausedReason,
      events: ['signal.resolved', 'signal.note'],
    });
    const empty = await server.api('PATCH', `/api/users/webhooks/${id}`, { token: owner.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(WebhookMessages.updateEmpty);
    const audit = await server.context.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_label'])
      .where('target_id', '=', id as string)
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { action: 'webhook.create', actor_id: owner.user.id, target_label: receiver.url('/ok/owned') },
      { action: 'webhook.update', actor_id: owner.user.id, target_label: receiver.url('/ok/owned') },
    ]);
  });

  it('exports endpoints without their secrets and erases them with the membership', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const created = await add(server, member.token, { url: receiver.url('/ok/exported'), events: ['signal.issued'] });
    const exported = await fetch(`${server.url}/api/users/export`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const file = (await exported.json()) as { webhooks: { endpoints: { url: string }[] } };
    expect(file.webhooks.endpoints.map((e) => e.url)).toEqual([receiver.url('/ok/exported')]);
    expect(JSON.stringify(file)).not.toContain(created.body.data?.secret);
    const cancelled = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(cancelled.status).toBe(200);
    const left = await server.context.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(left).toEqual([]);
  });

  describe('with the production rule (WEBHOOK_ALLOW_LOCAL=false)', () => {
    it('refuses http, local names and private, loopback and link-local addresses with 400 on url', async () => {
      const member = await createMember(production.context.db, { tier: 'gold' });
      const cases: [string, string][] = [
        ['http://example.com/hook', WebhookMessages.httpsRequired],
        [receiver.url('/ok/local'), WebhookMessages.httpsRequired],
        ['https://localhost/hook', WebhookMessages.privateAddress],
        ['https://api.localhost/hook', WebhookMessages.privateAddress],
        ['https://127.0.0.1/hook', WebhookMessages.privateAddress],
        ['https://[::1]/hook', WebhookMessages.privateAddress],
        ['https://10.0.0.5/hook', WebhookMessages.privateAddress],
        ['https://192.168.1.20/hook', WebhookMessages.privateAddress],
        ['https://169.254.169.254/latest/meta-data/', WebhookMessages.privateAddress],
        ['https://[::ffff:172.16.0.1]/hook', WebhookMessages.privateAddress],
        // IPv4 inside IPv6 in its other forms: compatible, NAT64, 6to4.
        ['https://[::127.0.0.1]/hook', WebhookMessages.privateAddress],
        ['https://[::7f00:1]/hook', WebhookMessages.privateAddress],
        ['https://[64:ff9b::7f00:1]/hook', WebhookMessages.privateAddress],
        ['https://[2002:7f00:1::]/hook', WebhookMessages.privateAddress],
        ['https://[fe80::1]/hook', WebhookMessages.privateAddress],
        ['https://0.0.0.0/hook', WebhookMessages.privateAddress],
      ];
      for (const [url, message] of cases) {
        const answer = await add(production, member.token, { url, events: ['signal.issued'] });
        expect(answer.status, url).toBe(400);
        expect(answer.body.error?.fields?.url, url).toBe(message);
      }
      // A public address is accepted (nothing is sent to it here: no signal is issued for it).
      expect(
        (await add(production, member.token, { url: 'https://93.184.215.14/hook', events: ['signal.note'] })).status,
      ).toBe(201);
    });

    it('refuses to connect when a name resolves to a loopback address at delivery time', async () => {
      const member = await createMember(production.context.db, { tier: 'gold' });
      // An endpoint that passed when it was added and whose name now resolves inside the network
      // (DNS rebinding): written as such, since no public name resolves here.
      const [endpoint] = await production.context.db
        .insertInto('webhook_endpoints')
        .values({
          user_id: member.user.id,
          url: `http://localhost:${receiver.port}/ok/rebound`,
          events: ['signal.issued'],
          secret: generateWebhookSecret(),
        })
        .returning('id')
        .execute();
      const row = await insertSignal(production.context.db, { slotStart: new Date() });
      await production.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
      const [attempt] = await pollUntil(
        async () => {
          const answer = await production.api<TWebhookAttempt[]>(
            'GET',
            `/api/users/webhooks/${endpoint?.id}/attempts`,
            { token: member.token },
          );
          return answer.body.data?.length ? answer.body.data : undefined;
        },
        { timeoutMs: 15_000, message: 'no attempt was recorded' },
      );
      expect(attempt).toMatchObject({ succeeded: false, responseStatus: null });
      expect(attempt?.error).toMatch(/^address not allowed \((127\.0\.0\.1|::1)\): not a public address$/);
      await expectNothingWithin(200, 'a request reaching the loopback receiver', () =>
        receiver.requests.some((r) => r.path === '/ok/rebound'),
      );
    });

    it('refuses to connect to an IPv4 address written inside IPv6 in an endpoint stored before the check', async () => {
      const member = await createMember(production.context.db, { tier: 'gold' });
      // Both forms reach the loopback receiver on a dual-stack host if let through.
      const forms = [
        { address: '::7f00:1', url: `http://[::127.0.0.1]:${receiver.port}/ok/compatible` },
        { address: '::ffff:7f00:1', url: `http://[::ffff:127.0.0.1]:${receiver.port}/ok/mapped` },
      ];
      const endpoints = await production.context.db
        .insertInto('webhook_endpoints')
        .values(
          forms.map((form) => ({
            user_id: member.user.id,
            url: form.url,
            events: ['signal.issued'],
            secret: generateWebhookSecret(),
          })),
        )
        .returning(['id', 'url'])
        .execute();
      const row = await insertSignal(production.context.db, { slotStart: new Date() });
      await production.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
      for (const [index, endpoint] of endpoints.entries()) {
        const [attempt] = await pollUntil(
          async () => {
            const answer = await production.api<TWebhookAttempt[]>(
              'GET',
              `/api/users/webhooks/${endpoint.id}/attempts`,
              { token: member.token },
            );
            return answer.body.data?.length ? answer.body.data : undefined;
          },
          { timeoutMs: 15_000, message: `no attempt was recorded for ${endpoint.url}` },
        );
        expect(attempt, endpoint.url).toMatchObject({ succeeded: false, responseStatus: null });
        expect(attempt?.error, endpoint.url).toBe(
          `address not allowed (${forms[index]?.address}): not a public address`,
        );
      }
      await expectNothingWithin(200, 'a request reaching the loopback receiver', () =>
        receiver.requests.some((r) => r.path === '/ok/compatible' || r.path === '/ok/mapped'),
      );
    });
  });
});
