import { Messages, type TBotAccessSubmission, toBotAccessSubmission } from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, registerAndConfirm, registration, waitForMail } from '../auth/auth-helpers.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** Full-width letters: the same address to a person, another string to a byte comparison. */
const fullWidth = (text: string) =>
  [...text].map((c) => (/[a-z0-9]/i.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');

describe('e-mail look-alikes, names and phone numbers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function storedUser(email: string) {
    return server.context.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  it('a full-width look-alike of an existing address is the same account: no second account', async () => {
    const member = await registerAndConfirm(server);
    const before = await countRows(server, 'users');
    const [local, domain] = member.email.split('@');
    const lookAlike = `${fullWidth(local!)}@${domain}`;
    expect(lookAlike).not.toBe(member.email);
    const answer = await server.api('POST', '/api/auth/register', { body: registration({ email: lookAlike }) });
    expect(answer.status).toBe(201);
    expect(await countRows(server, 'users')).toBe(before);
    await waitForMail(server, member.email, 'someone tried to sign up');
    // And the look-alike logs in to the one account.
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: lookAlike, password: member.password },
    });
    expect(login.status).toBe(200);
  });

  it('stores a new address in its normal form', async () => {
    const input = registration({ email: `  ${fullWidth('zed')}-${Date.now()}@example.com ` });
    expect((await server.api('POST', '/api/auth/register', { body: input })).status).toBe(201);
    expect(await storedUser(`zed-${input.email.trim().split('-')[1]}`)).toBeDefined();
  });

  it('refuses invisible characters and mixed alphabets in an address, writing nothing', async () => {
    const existing = await createMember(server.context.db, { email: 'victim@example.com' });
    const before = await countRows(server, 'users');
    const cases: Array<[string, string]> = [
      ['vic\u200Btim@example.com', Messages.common.emailInvisible],
      ['victim\u00AD@example.com', Messages.common.emailInvisible],
      ['vict\uFEFFim@example.com', Messages.common.emailInvisible],
      ['v\u0456ctim@example.com', Messages.common.emailMixedScripts],
    ];
    for (const [email, message] of cases) {
      for (const path of ['/api/auth/register', '/api/auth/forgot-password', '/api/auth/login']) {
        const body = path.endsWith('register')
          ? registration({ email })
          : path.endsWith('login')
            ? { email, password: existing.password }
            : { email };
        const answer = await server.api('POST', path, { body });
        expect(answer.status, `${path} ${JSON.stringify(email)}`).toBe(400);
        expect(answer.body.message).toBe(message);
        expect(answer.body.error?.fields?.email).toBe(message);
      }
    }
    expect(await countRows(server, 'users')).toBe(before);
  });

  it('refuses control and bidi-override characters in full names, on sign-up, profile and bot-access', async () => {
    const member = await createMember(server.context.db);
    const name = 'Ada \u202EibO';
    const signup = await server.api('POST', '/api/auth/register', { body: registration({ fullName: name }) });
    const profile = await server.api('PUT', '/api/users/profile', { token: member.token, body: { fullName: name } });
    const bot = await server.api('POST', '/api/bot-access/submit', {
      body: { ...toBotAccessSubmission(VALID_BOT_ACCESS_FORM), fullName: name },
    });
    for (const answer of [signup, profile, bot]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error?.fields?.fullName).toBe(Messages.common.hiddenCharacters);
    }
  });

  it('stores sign-up phones in E.164, read with the chosen country', async () => {
    const cases: Array<[string, string, string]> = [
      ['+234 803 555 1234', 'Nigeria', '+2348035551234'],
      ['0803 555 1234', 'Nigeria', '+2348035551234'],
      ['(0803) 555-1234', 'Nigeria', '+2348035551234'],
      ['020 7946 0958', 'United Kingdom', '+442079460958'],
      ['+1 415-555-2671', 'Other', '+14155552671'],
    ];
    for (const [phone, country, e164] of cases) {
      const input = registration({ phone, country });
      expect((await server.api('POST', '/api/auth/register', { body: input })).status, phone).toBe(201);
      expect((await storedUser(input.email))?.phone, phone).toBe(e164);
    }
  });

  it('refuses a sign-up phone that is not a number of its country, with the form message', async () => {
    for (const [phone, country] of [
      ['0803 555 123', 'Nigeria'],
      ['0803 555 1234', 'Other'],
      ['phone me', 'Nigeria'],
    ]) {
      const input = registration({ phone: phone!, country: country! });
      const answer = await server.api('POST', '/api/auth/register', { body: input });
      expect(answer.status, phone).toBe(400);
      expect(answer.body.error?.fields?.phone).toBe(Messages.signup.phoneInvalid);
      expect(await storedUser(input.email)).toBeUndefined();
    }
  });

  it('stores bot-access phones in E.164 from the dial code and the number as typed', async () => {
    const admin = await createMember(server.context.db, { role: 'admin' });
    const form = { ...VALID_BOT_ACCESS_FORM, countryCode: '+234', phoneNumber: '(0803) 555-1234' };
    const sent = await server.api<{ id: string }>('POST', '/api/bot-access/submit', {
      body: toBotAccessSubmission(form),
    });
    expect(sent.status).toBe(201);
    const stored = await server.api<TBotAccessSubmission>('GET', `/api/bot-access/submissions/${sent.body.data!.id}`, {
      token: admin.token,
    });
    expect(stored.body.data?.phoneNumber).toBe('+2348035551234');
    const short = await server.api('POST', '/api/bot-access/submit', {
      body: toBotAccessSubmission({ ...form, phoneNumber: '0803 555' }),
    });
    expect(short.status).toBe(400);
    expect(short.body.error?.fields?.phoneNumber).toBe(Messages.botAccess.phoneInvalid);
  });
});
