import { Writable } from 'node:stream';
import { AuthMessages, Messages } from '@signalroom/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../src/context.js';
import { brandOf, getMailer } from '../../src/modules/mail/mail.service.js';
import { confirmationCodeMail } from '../../src/modules/mail/mail.templates.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { registration } from './auth-helpers.js';

/** A copy of the server context whose logger writes into an array. */
function withCapturedLog(ctx: ServerContext): { ctx: ServerContext; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { ctx: { ...ctx, logger: pino({ level: 'info' }, stream) }, lines };
}

describe('mail delivery failures and the logged code', () => {
  let broken: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: every SMTP delivery fails.
    broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1', RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await broken?.close();
  });

  it('still registers when SMTP is down, and records the failure in the outbox', async () => {
    const input = registration();
    const { status } = await broken.api('POST', '/api/auth/register', { body: input });
    expect(status).toBe(201);
    await getMailer(broken.context).drain();
    const row = await broken.context.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.error).toBeTruthy();
  });

  it('answers the activation mail request with the wrapper message when SMTP fails', async () => {
    const member = await createMember(broken.context.db);
    const { status, body } = await broken.api('POST', '/api/auth/send-activation-email', {
      token: member.token,
      body: {},
    });
    expect(status).toBe(503);
    expect(body).toMatchObject({
      success: false,
      message: Messages.wrapper.sendActivationEmail,
      error: { code: 'unavailable' },
    });
    expect(AuthMessages.activationEmailSent).not.toBe(body.message);
  });

  it('logs a confirmation code only when there is no SMTP (development outbox), never when mail is delivered', async () => {
    const noSmtp = withCapturedLog({ ...broken.context, config: { ...broken.context.config, SMTP_URL: undefined } });
    await getMailer(noSmtp.ctx).send(confirmationCodeMail(brandOf(broken.context), 'dev@example.com', 'ABCDE12345'));
    expect(noSmtp.lines.join('')).toContain('confirmation code for dev@example.com: ABCDE12345');

    const smtp = withCapturedLog(broken.context);
    await expect(
      getMailer(smtp.ctx).send(confirmationCodeMail(brandOf(broken.context), 'live@example.com', 'ZYXWV98765')),
    ).rejects.toThrow();
    expect(smtp.lines.length).toBeGreaterThan(0);
    expect(smtp.lines.join('')).not.toContain('ZYXWV98765');
    await getMailer(noSmtp.ctx).close();
    await getMailer(smtp.ctx).close();
  });
});
