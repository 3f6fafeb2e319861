import { Messages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { registerAndConfirm, resetTokenFrom, waitForMail } from './auth-helpers.js';

describe('a password reset follows the sign-up password rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a new password without an uppercase letter, a lowercase letter or a digit, and changes nothing', async () => {
    const member = await registerAndConfirm(server);
    expect((await server.api('POST', '/api/auth/forgot-password', { body: { email: member.email } })).status).toBe(200);
    const token = resetTokenFrom(await waitForMail(server, member.email, 'reset your password'));
    for (const newPassword of ['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', '12345678']) {
      const answer = await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword } });
      expect(answer.status, newPassword).toBe(400);
      expect(answer.body.message).toBe(Messages.signup.passwordWeak);
      expect(answer.body.error?.fields?.newPassword).toBe(Messages.signup.passwordWeak);
    }
    const short = await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Ab1' } });
    expect(short.body.message).toBe(Messages.resetPassword.passwordTooShort);
    // The token survived the refusals and the old password still works until a valid reset.
    const old = await server.api('POST', '/api/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(old.status).toBe(200);
    const done = await server.api('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'Brand1NewPass' },
    });
    expect(done.status).toBe(200);
  });
});
