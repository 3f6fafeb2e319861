import type { TDevOutboxMail, TSessionData } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { captureLog, type LogCapture } from '../helpers/log-capture.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { rawRequest } from '../http/raw-http.js';
import { registration } from './auth-helpers.js';

describe('without SMTP: mail stays in the outbox, listed by the development-only outbox', () => {
  let server: TestServer;
  let log: LogCapture;
  beforeAll(async () => {
    log = captureLog();
    server = await startTestServer(
      { SMTP_URL: '', RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn' },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the confirmation mail with its code, and the code confirms the account', async () => {
    const input = registration();
    expect((await server.api('POST', '/api/auth/register', { body: input })).status).toBe(201);
    await getMailer(server.context).drain();
    const { status, body } = await server.api<TDevOutboxMail[]>('GET', '/api/dev/outbox');
    expect(status).toBe(200);
    const mail = body.data!.find((m) => m.to === input.email && m.kind === 'confirmation_code');
    expect(mail).toMatchObject({ subject: 'Signalroom: your confirmation code' });
    expect(Object.keys(mail!).sort()).toEqual(['createdAt', 'id', 'kind', 'subject', 'text', 'to']);
    const code = /confirmation code is: ([A-Z0-9]{10})/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    const confirmed = await server.api<TSessionData>('POST', '/api/auth/confirm-code', {
      body: { email: input.email, confirmationCode: code },
    });
    expect(confirmed.status).toBe(200);
    expect(server.smtp.messages).toHaveLength(0);
    const row = await server.context.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', mail!.id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
  });

  it('warns at start that mail goes to the outbox', () => {
    const warning = log.lines().find((line) => String(line.msg).startsWith('SMTP_URL is not set'));
    expect(warning).toMatchObject({ level: 40 });
    expect(String(warning?.msg)).toContain(`${server.url}/dev/outbox`);
  });

  it('refuses a peer that is not this machine, whatever it claims (403 in the envelope)', async () => {
    // 127.0.0.2 is another TCP peer than the server's 127.0.0.1 (Linux routes all of 127/8 locally);
    // here it stands for a LAN client. Claiming to be local in a header changes nothing.
    const remote = await rawRequest(server.url, {
      path: '/api/dev/outbox',
      localAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.status).toBe(403);
    expect(JSON.parse(remote.text)).toMatchObject({
      success: false,
      data: null,
      error: { code: 'forbidden' },
      message: 'The development outbox answers only on this machine (loopback, not through a proxy).',
    });
  });

  it('refuses a page of another site that reaches it by DNS rebinding (a Host that is not loopback)', async () => {
    // A name the attacker controls, re-pointed at 127.0.0.1: the browser sends the attacker's Host.
    for (const host of ['rebind.evil.example', 'rebind.evil.example:3000', '127.0.0.1.evil.example']) {
      const answer = await rawRequest(server.url, { path: '/api/dev/outbox', headers: { host } });
      expect(answer.status, host).toBe(403);
    }
    for (const host of ['localhost', `localhost:${new URL(server.url).port}`, '127.0.0.1:3000', '[::1]:3000']) {
      const answer = await rawRequest(server.url, { path: '/api/dev/outbox', headers: { host } });
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses a loopback peer that forwards for someone else (a proxy on the same host)', async () => {
    const claims: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }];
    for (const headers of claims) {
      const answer = await server.api('GET', '/api/dev/outbox', { headers });
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe('forbidden');
    }
    expect((await server.api('GET', '/api/dev/outbox')).status).toBe(200);
  });
});

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no development outbox route at all', async () => {
    const { status, body } = await server.api('GET', '/api/dev/outbox');
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});
