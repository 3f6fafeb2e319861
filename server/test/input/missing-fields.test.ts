import { AuthMessages, Messages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callEndpoint,
  countWritableRows,
  ENDPOINTS,
  type EndpointFixtures,
  prepareFixtures,
} from '../helpers/endpoints.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** The keys a body must carry: those whose absence the schema refuses. */
function requiredKeys(endpoint: (typeof ENDPOINTS)[number]): string[] {
  const valid = endpoint.valid();
  return Object.keys(valid).filter((key) => {
    const { [key]: _omit, ...rest } = valid;
    return !endpoint.schema.safeParse(rest).success;
  });
}

describe('a missing field gets the same message as an empty one, on every call', () => {
  let server: TestServer;
  let fixtures: EndpointFixtures;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
    fixtures = await prepareFixtures(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers POST /api/auth/register {} with the message of every field, the first one on top', async () => {
    const before = await countWritableRows(server);
    const { status, body } = await server.api('POST', '/api/auth/register', { body: {} });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, data: null, message: Messages.signup.fullNameRequired });
    expect(body.error).toEqual({
      code: 'validation_failed',
      fields: {
        fullName: Messages.signup.fullNameRequired,
        email: Messages.signup.emailRequired,
        phone: Messages.signup.phoneRequired,
        country: Messages.signup.countryRequired,
        password: Messages.signup.passwordRequired,
      },
    });
    expect(await countWritableRows(server)).toEqual(before);
  });

  it('answers POST /api/bot-access/submit {} with the form messages', async () => {
    const { status, body } = await server.api('POST', '/api/bot-access/submit', { body: {} });
    expect(status).toBe(400);
    expect(body.message).toBe(Messages.botAccess.fullNameRequired);
    const select = Messages.botAccess.selectOption;
    expect(body.error?.fields).toEqual({
      fullName: Messages.botAccess.fullNameRequired,
      countryCode: select,
      phoneNumber: Messages.botAccess.phoneRequired,
      email: Messages.botAccess.emailRequired,
      hasAccount: select,
      hasFunded: select,
      canAfford: select,
      hasLostMoney: select,
      usageMethod: select,
      wantsCall: select,
      readyToStart: select,
    });
  });

  it('answers a body that is no object with a clear message', async () => {
    for (const raw of ['[]', '"text"', '42']) {
      const { status, body } = await server.api('POST', '/api/auth/login', { rawBody: raw });
      expect(status, raw).toBe(400);
      expect(body.message).toBe(Messages.common.bodyNotObject);
    }
  });

  it('names a wrong type instead of quoting the schema library', async () => {
    const { body } = await server.api('POST', '/api/auth/login', { body: { email: 12, password: ['x'] } });
    expect(body.message).toBe(Messages.common.notText);
    expect(body.error?.fields).toEqual({ email: Messages.common.notText, password: Messages.common.notText });
    const access = await server.api('PATCH', `/api/admin/users/${fixtures.targetUserId}/access`, {
      token: fixtures.tokens.admin,
      body: { tier: 'platinum', dashboardUnlocked: 'yes', hasDeposited: 1 },
    });
    expect(access.body.error?.fields).toEqual({
      tier: AuthMessages.tierInvalid,
      dashboardUnlocked: AuthMessages.flagInvalid('dashboardUnlocked'),
      hasDeposited: AuthMessages.flagInvalid('hasDeposited'),
    });
  });

  for (const endpoint of ENDPOINTS.filter((e) => e.part === 'body')) {
    const keys = requiredKeys(endpoint);
    if (keys.length === 0) continue;
    it(`${endpoint.method} ${endpoint.name}: ${keys.join(', ')} missing or empty, the same message`, async () => {
      for (const key of keys) {
        const valid = endpoint.valid();
        const { [key]: _omit, ...missing } = valid;
        const empty = { ...valid, [key]: '' };
        const before = await countWritableRows(server);
        const a = await callEndpoint(server, endpoint, fixtures, missing);
        const b = await callEndpoint(server, endpoint, fixtures, empty);
        expect(a.status, `${key} missing`).toBe(400);
        expect(b.status, `${key} empty`).toBe(400);
        const missingMessage = a.body.error?.fields?.[key];
        expect(missingMessage, `${key} missing`).toBeTruthy();
        expect(missingMessage).not.toMatch(/expected|received|Invalid input/);
        expect(b.body.error?.fields?.[key], `${key} empty`).toBe(missingMessage);
        expect(a.body.message).toBe(missingMessage);
        expect(await countWritableRows(server)).toEqual(before);
      }
    });
  }
});
