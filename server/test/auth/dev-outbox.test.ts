import type { TDevOutboxMail, TSessionData } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { registration } from './auth-helpers.js';

describe('without SMTP: mail stays in the outbox, listed by the development-only outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: '', RATE_LIMIT_MULTIPLIER: '100' });
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
});

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SMTP_URL: '' });
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
