import {
  EMPTY_BOT_ACCESS_FORM,
  Messages,
  type Pagination,
  type TBotAccessSubmission,
  toBotAccessSubmission,
} from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// The shared valid form, with spaces around the name (the server trims it) and another start answer.
const application = toBotAccessSubmission({
  ...VALID_BOT_ACCESS_FORM,
  fullName: '  Ada Obi ',
  readyToStart: 'today',
});

describe('bot-access applications', () => {
  let server: TestServer;
  let admin: { token: string };
  let member: { token: string };

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
    admin = await createMember(server.context.db, { role: 'admin' });
    member = await createMember(server.context.db, { tier: 'gold' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores a valid application with the numbers joined to their dial codes', async () => {
    const { status, body } = await server.api<{ id: string }>('POST', '/api/bot-access/submit', { body: application });
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    const id = body.data!.id;

    const stored = await server.api<TBotAccessSubmission>('GET', `/api/bot-access/submissions/${id}`, {
      token: admin.token,
    });
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({
      id,
      fullName: 'Ada Obi',
      countryCode: '+234',
      phoneNumber: '+2348012345678',
      callCountryCode: '+44',
      callNumber: '+447700900123',
      lossAmount: '$300',
      hasFunded: 'ready',
      readyToStart: 'today',
      status: 'new',
      notes: null,
    });
  });

  it('drops answers to questions that were not shown', async () => {
    const body = { ...application, hasLostMoney: 'no', lossAmount: 'left over', wantsCall: 'no', callNumber: '+4477' };
    const { status, body: answer } = await server.api<{ id: string }>('POST', '/api/bot-access/submit', { body });
    expect(status).toBe(201);
    const stored = await server.api<TBotAccessSubmission>('GET', `/api/bot-access/submissions/${answer.data!.id}`, {
      token: admin.token,
    });
    expect(stored.body.data).toMatchObject({ lossAmount: '', callNumber: '' });
  });

  it('refuses an empty application with every message of the form and stores nothing', async () => {
    const before = await server.api('GET', '/api/bot-access/submissions', { token: admin.token });
    const empty = toBotAccessSubmission({ ...EMPTY_BOT_ACCESS_FORM, hasLostMoney: 'yes', wantsCall: 'yes' });
    const { status, body } = await server.api('POST', '/api/bot-access/submit', { body: empty });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toBe('Full name is required');
    expect(body.error?.fields).toEqual({
      fullName: 'Full name is required',
      phoneNumber: 'Phone number is required',
      email: 'Email is required',
      hasAccount: 'Please select an option',
      hasFunded: 'Please select an option',
      canAfford: 'Please select an option',
      usageMethod: 'Please select an option',
      readyToStart: 'Please select an option',
      lossAmount: 'Please enter the loss amount',
      callNumber: 'Please enter a call number',
    });
    const after = await server.api('GET', '/api/bot-access/submissions', { token: admin.token });
    expect((after.body.pagination as Pagination | undefined)?.total).toBe(
      (before.body.pagination as Pagination | undefined)?.total,
    );
  });

  it('validates the national part of the joined phone number and the e-mail', async () => {
    const { status, body } = await server.api('POST', '/api/bot-access/submit', {
      body: { ...application, phoneNumber: '+234123', email: 'ada@example' },
    });
    expect(status).toBe(400);
    expect(body.error?.fields).toEqual({
      phoneNumber: 'Please enter a valid phone number (digits only, no country code)',
      email: 'Please enter a valid email address',
    });
  });

  it("answers a dial code that is not one of the form's with 400 on the field, never 500", async () => {
    // libphonenumber throws on an unknown calling code; 7 of these 8 answered 500 with a stack trace.
    const codes = ['abc', '+999', '+0', '1x', '\u200b', '\u{1f600}', '\uff21\uff22', '+234\u200b'];
    for (const countryCode of codes) {
      const { status, body } = await server.api('POST', '/api/bot-access/submit', {
        body: { ...application, countryCode, phoneNumber: `${countryCode}8035551234` },
      });
      expect(status, JSON.stringify(countryCode)).toBe(400);
      expect(body.error?.fields?.countryCode, JSON.stringify(countryCode)).toBe(Messages.botAccess.selectOption);
    }
  });

  it('refuses unknown fields and wrong types with 400', async () => {
    const extra = await server.api('POST', '/api/bot-access/submit', { body: { ...application, admin: true } });
    expect(extra.status).toBe(400);
    const wrongType = await server.api('POST', '/api/bot-access/submit', { body: { ...application, fullName: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.code).toBe('validation_failed');
  });

  it('lets only admins read the list, a single application and change the status', async () => {
    const anonymous = await server.api('GET', '/api/bot-access/submissions');
    expect(anonymous.status).toBe(401);
    const asMember = await server.api('GET', '/api/bot-access/submissions', { token: member.token });
    expect(asMember.status).toBe(403);
    const list = await server.api<TBotAccessSubmission[]>('GET', '/api/bot-access/submissions', { token: admin.token });
    const first = list.body.data![0]!;
    const single = await server.api('GET', `/api/bot-access/submissions/${first.id}`, { token: member.token });
    expect(single.status).toBe(403);
    const patch = await server.api('PATCH', `/api/bot-access/submissions/${first.id}/status`, {
      token: member.token,
      body: { status: 'activated' },
    });
    expect(patch.status).toBe(403);
    const unchanged = await server.api<TBotAccessSubmission>('GET', `/api/bot-access/submissions/${first.id}`, {
      token: admin.token,
    });
    expect(unchanged.body.data?.status).toBe('new');
  });

  it('pages newest first with page 1 and limit 50 by default, and filters by status', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await server.api('POST', '/api/bot-access/submit', { body: { ...application, fullName: `Lead ${i}` } });
      expect(r.status).toBe(201);
    }
    const all = await server.api<TBotAccessSubmission[]>('GET', '/api/bot-access/submissions', { token: admin.token });
    expect(all.status).toBe(200);
    const total = (all.body.pagination as Pagination).total;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.body.pagination).toEqual({ total, pages: 1, current: 1 });
    expect(all.body.data![0]!.fullName).toBe('Lead 2');

    const page2 = await server.api<TBotAccessSubmission[]>('GET', '/api/bot-access/submissions?page=2&limit=2', {
      token: admin.token,
    });
    expect(page2.body.data).toHaveLength(2);
    expect(page2.body.data![0]!.fullName).toBe('Lead 0');
    expect(page2.body.pagination).toEqual({ total, pages: Math.ceil(total / 2), current: 2 });

    const target = all.body.data![1]!;
    const patched = await server.api<TBotAccessSubmission>('PATCH', `/api/bot-access/submissions/${target.id}/status`, {
      token: admin.token,
      body: { status: 'contacted', notes: '  Called on WhatsApp ' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: target.id, status: 'contacted', notes: 'Called on WhatsApp' });

    const contacted = await server.api<TBotAccessSubmission[]>('GET', '/api/bot-access/submissions?status=contacted', {
      token: admin.token,
    });
    expect(contacted.body.data!.map((s) => s.id)).toEqual([target.id]);
    expect((contacted.body.pagination as Pagination | undefined)?.total).toBe(1);
  });

  it('answers bad queries, unknown ids and unknown statuses with 400 or 404, never 500', async () => {
    const badStatus = await server.api('GET', '/api/bot-access/submissions?status=won', { token: admin.token });
    expect(badStatus.status).toBe(400);
    const badPage = await server.api('GET', '/api/bot-access/submissions?page=0', { token: admin.token });
    expect(badPage.status).toBe(400);
    const notUuid = await server.api('GET', '/api/bot-access/submissions/not-an-id', { token: admin.token });
    expect(notUuid.status).toBe(404);
    const missing = await server.api(
      'PATCH',
      '/api/bot-access/submissions/7f0c7d3e-0000-4000-8000-000000000000/status',
      {
        token: admin.token,
        body: { status: 'rejected' },
      },
    );
    expect(missing.status).toBe(404);
    const list = await server.api<TBotAccessSubmission[]>('GET', '/api/bot-access/submissions', { token: admin.token });
    const wrongStatus = await server.api('PATCH', `/api/bot-access/submissions/${list.body.data![0]!.id}/status`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(wrongStatus.status).toBe(400);
  });
});

describe('bot-access submit rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After once an address posts more than 10 applications an hour', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await server.api('POST', '/api/bot-access/submit', { body: application });
      expect(r.status).toBe(201);
    }
    const limited = await server.api('POST', '/api/bot-access/submit', { body: application });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const count = await server.context.db
      .selectFrom('bot_access_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10);
  });
});
