import { Writable } from 'node:stream';
import type { TAdminBusinessSettings, TBusinessSettings, TPublicConfig, TSessionData } from '@signalroom/shared';
import { BusinessSettingsMessages, EMPTY_BUSINESS_SETTINGS, Messages, SetupMessages } from '@signalroom/shared';
import { readSavedRunSettings } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWithBusinessSettings } from '../../src/modules/setup/business-settings.service.js';
import { EMAIL_TAKEN } from '../../src/modules/setup/setup.service.js';
import { runStartupTasks } from '../../src/startup.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const tokenOf = (setupUrl: string | null) => new URL(setupUrl ?? 'http://x/').searchParams.get('token') ?? '';

describe('first-run setup', () => {
  let server: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream });
  });
  afterAll(async () => {
    await server?.close();
  });

  const createAdmin = (body: Record<string, string>) => server.api<TSessionData>('POST', '/api/setup/admin', { body });
  const valid = { fullName: 'Ada Operator', email: 'Owner@Example.com', password: 'S3tupPassw0rd' };

  it('prints a one-time setup link when no admin exists, and only its token is valid', async () => {
    expect(server.setupUrl).toMatch(/\/setup\?token=[\w-]{20,}$/);
    expect(log.join('')).toContain(server.setupUrl);
    const token = tokenOf(server.setupUrl);
    expect((await server.api('POST', '/api/setup/status', { body: { token } })).body.data).toMatchObject({
      tokenValid: true,
      expired: false,
    });
    const wrong = await server.api('POST', '/api/setup/status', { body: { token: `${token}x` } });
    expect(wrong.body.data).toEqual({ tokenValid: false, expired: false, expiresAt: null });
    const refused = await createAdmin({ ...valid, token: 'guessed' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SetupMessages.linkSpent);
  });

  it("answers 400 with the field for sign-up's rules, and the token stays valid", async () => {
    const token = tokenOf(server.setupUrl);
    const weak = await createAdmin({ ...valid, token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      success: false,
      error: { fields: { password: Messages.signup.passwordTooShort } },
    });
    const noEmail = await createAdmin({ ...valid, token, email: 'not-an-email' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ error: { fields: { email: Messages.signup.emailInvalid } } });
    const missing = await server.api('POST', '/api/setup/admin', { body: { fullName: 'A B C' } });
    expect(missing.status).toBe(400);
    // A member who signed up before setup keeps their account: the operator chooses another address.
    const member = await createMember(server.context.db);
    const taken = await createAdmin({ ...valid, token, email: member.user.email });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ error: { fields: { email: EMAIL_TAKEN } } });
    expect((await server.api('POST', '/api/setup/status', { body: { token } })).body.data).toMatchObject({
      tokenValid: true,
    });
  });

  let adminToken = '';
  let ownerEmail = '';
  it('creates the first admin once, confirmed and signed in; the link is spent afterwards', async () => {
    const token = tokenOf(server.setupUrl);
    // Two tabs submit at once: one admin is created, the other is told the link is spent.
    const [created, raced] = await Promise.all([
      createAdmin({ ...valid, token }),
      createAdmin({ ...valid, token, email: 'racer@example.com' }),
    ]).then((answers) => answers.sort((a, b) => a.status - b.status));
    expect(created.status).toBe(201);
    expect(raced.status).toBe(403);
    const admins = await server.context.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    ownerEmail = created.body.data!.user.email;
    expect(admins).toEqual([{ email: ownerEmail }]);
    expect(created.body.data?.user).toMatchObject({ role: 'admin', emailVerified: true });
    // The address is kept as typed (either racer may have won).
    expect(['Owner@Example.com', 'racer@example.com']).toContain(ownerEmail);
    adminToken = created.body.data!.token;
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: ownerEmail, password: valid.password },
    });
    expect(login.status).toBe(200);

    const again = await createAdmin({ ...valid, token, email: 'second@example.com' });
    expect(again.status).toBe(403);
    expect((await server.api('POST', '/api/setup/status', { body: { token } })).body.data).toEqual({
      tokenValid: false,
      expired: false,
      expiresAt: null,
    });
    expect(await server.context.db.selectFrom('setup_tokens').selectAll().execute()).toEqual([]);
    // A restart with an admin in place offers no new link.
    expect(await runStartupTasks(server.context)).toEqual({ setupLink: null });
  });

  it('saves the business settings, audited with before and after, and serves them publicly', async () => {
    const before = await server.api<TAdminBusinessSettings>('GET', '/api/admin/settings', { token: adminToken });
    expect(before.status).toBe(200);
    expect(await readSavedRunSettings(server.context.db, server.context.logger)).toEqual({
      payoutPercent: null,
      timeZone: null,
    });
    // Nothing saved yet: the environment's values, with the shipped placeholder contacts left empty.
    expect(before.body.data).toMatchObject({ version: 0, saved: { productName: 'Signalroom', supportEmail: '' } });

    const settings: TBusinessSettings = {
      ...EMPTY_BUSINESS_SETTINGS,
      productName: 'Lagos Signals',
      brokerRegistrationUrl: 'https://partner-broker.ng/join?ref=ls',
      promoCode: 'LAGOS100',
      supportHandle: '@lagos_signals',
      supportEmail: 'help@lagos-signals.ng',
      supportHours: [{ channel: 'E-mail', hours: 'Mon-Fri 9:00-17:00' }],
      payoutPercent: 82,
      timeZone: 'Europe/London',
    };
    const saved = await server.api<TAdminBusinessSettings>('PUT', '/api/admin/settings', {
      token: adminToken,
      body: settings,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 1, saved: settings, savedBy: ownerEmail });
    // E-mails are signed with the saved name and contacts at once, without a restart.
    const reset = await server.api('POST', '/api/auth/forgot-password', { body: { email: ownerEmail } });
    expect(reset.status).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === ownerEmail.toLowerCase()));
    expect(mail.html).toContain('Lagos Signals');
    expect(mail.html).toContain('help@lagos-signals.ng');
    expect(mail.html).not.toContain('Signalroom');
    expect(mail.parsed.from?.value[0]?.name).toBe('Lagos Signals');

    const audit = await server.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target_type: 'settings',
      target_id: 'business',
      actor_email: ownerEmail,
    });
    expect(audit[0]?.after).toMatchObject({ productName: 'Lagos Signals' });
    expect(audit[0]?.before).toBeNull();

    const config = (await server.api<TPublicConfig>('GET', '/api/config/public')).body.data!;
    // Payout and time zone are the ones the server started with, as its own figures use; the next start takes the saved ones.
    expect(config).toMatchObject({ payoutPercent: server.config.PAYOUT_PERCENT, timeZone: server.config.TIME_ZONE });
    const next = await configWithBusinessSettings(server.config, server.context.db, server.context.logger);
    expect(next).toMatchObject({
      PAYOUT_PERCENT: 82,
      TIME_ZONE: 'Europe/London',
      PRODUCT_NAME: 'Lagos Signals',
      SUPPORT_EMAIL: 'help@lagos-signals.ng',
      contactsConfigured: { supportEmail: true, whatsapp: false },
    });
    // A separate worker (and the slot CLI) reads the same two at its start.
    expect(await readSavedRunSettings(server.context.db, server.context.logger)).toEqual({
      payoutPercent: 82,
      timeZone: 'Europe/London',
    });
    expect(config).toMatchObject({
      productName: 'Lagos Signals',
      brokerRegistrationUrl: 'https://partner-broker.ng/join?ref=ls',
      promoCode: 'LAGOS100',
      supportChatUrl: 'https://t.me/lagos_signals',
      supportHours: [{ channel: 'E-mail', hours: 'Mon-Fri 9:00-17:00' }],
      contactsConfigured: { brokerRegistration: true, supportChat: true, supportEmail: true, whatsapp: false },
    });
  });

  it('refuses bad settings with a 400 naming the field, and non-admins with 403', async () => {
    const bad = await server.api('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { ...EMPTY_BUSINESS_SETTINGS, brokerRegistrationUrl: 'http://plain.example', payoutPercent: 150 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('brokerRegistrationUrl');
    const zone = await server.api('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { ...EMPTY_BUSINESS_SETTINGS, timeZone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body)).toContain('timeZone');
    // An example contact would be hidden from members while the form showed it saved: refused, by name.
    const examples = await server.api<unknown>('PUT', '/api/admin/settings', {
      token: adminToken,
      body: {
        ...EMPTY_BUSINESS_SETTINGS,
        brokerRegistrationUrl: 'https://broker.example.com/register',
        supportEmail: 'help@desk.test',
        whatsappNumber: '+2340000000000',
        supportHandle: '@lagos_signals',
      },
    });
    expect(examples.status).toBe(400);
    expect(examples.body.error?.fields).toEqual({
      brokerRegistrationUrl: BusinessSettingsMessages.placeholder,
      supportEmail: BusinessSettingsMessages.placeholder,
      whatsappNumber: BusinessSettingsMessages.placeholder,
    });

    const member = await createMember(server.context.db, { tier: 'gold' });
    const asMember = await server.api('PUT', '/api/admin/settings', {
      token: member.token,
      body: EMPTY_BUSINESS_SETTINGS,
    });
    expect(asMember.status).toBe(403);
    expect((await server.api('GET', '/api/admin/settings', { token: member.token })).status).toBe(403);
    expect((await server.api('GET', '/api/admin/settings')).status).toBe(401);
    const versions = await server.context.db
      .selectFrom('operator_content')
      .select('version')
      .where('kind', '=', 'business')
      .execute();
    expect(versions).toHaveLength(1);
  });
});

describe('first-run setup links expire (SETUP_LINK_TTL_HOURS)', () => {
  let server: TestServer;
  const log: string[] = [];
  const HOUR_MS = 60 * 60_000;
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({ LOG_LEVEL: 'info', SETUP_LINK_TTL_HOURS: '2' }, { logStream });
  });
  afterAll(async () => {
    await server?.close();
  });

  const status = (token: string) => server.api('POST', '/api/setup/status', { body: { token } });
  const createAdmin = (token: string) =>
    server.api<TSessionData>('POST', '/api/setup/admin', {
      body: { token, fullName: 'Ada Operator', email: 'late@example.com', password: 'S3tupPassw0rd' },
    });

  it('keeps the expiry with the link, refuses it once past with its own message, and a restart prints a new one', async () => {
    const token = tokenOf(server.setupUrl);
    const printedAt = Date.now();
    const [row] = await server.context.db.selectFrom('setup_tokens').selectAll().execute();
    const expiresAt = new Date(row!.expires_at).getTime();
    expect(Math.abs(expiresAt - (printedAt + 2 * HOUR_MS))).toBeLessThan(60_000);
    expect(log.join('')).toContain(`valid until ${new Date(expiresAt).toISOString()}`);
    expect((await status(token)).body.data).toEqual({
      tokenValid: true,
      expired: false,
      expiresAt: new Date(expiresAt).toISOString(),
    });

    // A minute past the expiry, by the server's clock.
    const realNow = server.context.now;
    const later = new Date(expiresAt + 60_000);
    server.context.now = () => later;
    try {
      expect((await status(token)).body.data).toEqual({ tokenValid: false, expired: true, expiresAt: null });
      const refused = await createAdmin(token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SetupMessages.linkExpired);
      expect(await server.context.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).toEqual(
        [],
      );

      // The next start prints a fresh link with its own expiry and drops the expired one.
      const restarted = await runStartupTasks(server.context);
      const fresh = restarted.setupLink!;
      expect(fresh.token).not.toBe(token);
      expect(fresh.expiresAt.getTime()).toBe(later.getTime() + 2 * HOUR_MS);
      const rows = await server.context.db.selectFrom('setup_tokens').select('expires_at').execute();
      expect(rows.map((r) => new Date(r.expires_at).getTime())).toEqual([fresh.expiresAt.getTime()]);
      expect((await status(token)).body.data).toEqual({ tokenValid: false, expired: false, expiresAt: null });
      expect((await status(fresh.token)).body.data).toMatchObject({ tokenValid: true, expired: false });
      const created = await createAdmin(fresh.token);
      expect(created.status).toBe(201);
    } finally {
      server.context.now = realNow;
    }
  });
});
