import { OfferWindowMessages, type TCountdown, type TCountdownConfig } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const MINUTE = 60_000;

describe('offer countdown reset limits', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await createMember(server.context.db, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const reset = (body: unknown) => server.api<TCountdownConfig>('POST', '/api/countdown/reset', { token: admin, body });
  const deadline = async () => (await server.api<TCountdown>('GET', '/api/countdown')).body.data?.deadline;
  const updatedBy = async () =>
    (await server.context.db.selectFrom('offer_countdown').select('updated_by').executeTakeFirst())?.updated_by;

  it.each([
    [0, OfferWindowMessages.tooShort],
    [-1, OfferWindowMessages.tooShort],
    [-480, OfferWindowMessages.tooShort],
    [1.5, OfferWindowMessages.wholeMinutes],
    [30 * 24 * 60 + 1, OfferWindowMessages.tooLong],
    [90 * 24 * 60 + 1, OfferWindowMessages.tooLong],
    [1e12, OfferWindowMessages.tooLong],
  ])('refuses %s minutes with 400, says why, and leaves the deadline alone', async (durationMinutes, message) => {
    const before = await deadline();
    expect(before).toBeTruthy();
    const { status, body } = await reset({ durationMinutes });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      message,
      data: null,
      error: { code: 'validation_failed', fields: { durationMinutes: message } },
    });
    expect(await deadline()).toBe(before);
    expect(await updatedBy()).toBeNull();
  });

  it('refuses a duration that is not a number with 400 before any rule runs', async () => {
    const before = await deadline();
    for (const durationMinutes of ['60', null, true]) {
      const { status, body } = await reset({ durationMinutes });
      expect(status).toBe(400);
      expect(body.error?.code).toBe('validation_failed');
      expect(body.error?.fields).toHaveProperty('durationMinutes');
    }
    expect(await deadline()).toBe(before);
  });

  it('accepts the bounds: 1 minute and exactly 30 days', async () => {
    for (const minutes of [1, 30 * 24 * 60]) {
      const at = Date.now();
      const { status, body } = await reset({ durationMinutes: minutes });
      expect(status).toBe(200);
      const set = Date.parse(body.data?.deadline as string);
      expect(set).toBeGreaterThanOrEqual(at + minutes * MINUTE - 1000);
      expect(set).toBeLessThanOrEqual(Date.now() + minutes * MINUTE);
      expect(await deadline()).toBe(body.data?.deadline);
    }
  });
});
