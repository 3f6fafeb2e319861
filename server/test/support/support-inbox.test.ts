import {
  Messages,
  SupportMessages,
  type TAdminSupportThread,
  type TAdminSupportTicket,
  type TSupportMessage,
  type TSupportThread,
  type TSupportTicket,
} from '@signalroom/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { supportRowCounts, validTicket } from './support-helpers.js';

type InboxEvent = { kind: string; ticket: TAdminSupportTicket; message: TSupportMessage | null };
type MemberEvent = { ticket: TSupportTicket; message: TSupportMessage | null };

describe('admin support inbox', () => {
  let server: TestServer;
  let admin: CreatedMember;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createMember(server.context.db, { role: 'admin', fullName: 'Sam Support' });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function connect(token: string): Promise<TestClient> {
    const client = await connectClient(server.url, token);
    clients.push(client);
    return client;
  }

  async function memberWithTicket(fullName: string, overrides: Record<string, unknown> = {}) {
    const member = await createMember(server.context.db, { fullName });
    const sent = await server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: validTicket(overrides),
    });
    if (sent.status !== 201) throw new Error(`ticket failed: ${sent.body.message}`);
    return { member, ticket: sent.body.data! };
  }

  it('answers 401 without a session and 403 to a member on every admin support call, writing nothing', async () => {
    const { member, ticket } = await memberWithTicket('Nosy Member');
    const before = await supportRowCounts(server.context.db);
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/support/tickets', undefined],
      ['GET', `/api/admin/support/tickets/${ticket.id}`, undefined],
      ['POST', `/api/admin/support/tickets/${ticket.id}/messages`, { message: 'I am support now, trust me.' }],
      ['PATCH', `/api/admin/support/tickets/${ticket.id}`, { status: 'closed' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await server.api(method, path, { body })).status, path).toBe(401);
      const forbidden = await server.api(method, path, { body, token: member.token });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.message).toBe(Messages.common.forbidden);
    }
    expect(await supportRowCounts(server.context.db)).toEqual(before);
    const row = await server.context.db
      .selectFrom('support_tickets')
      .select('status')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('pushes new tickets and member replies to admins live', async () => {
    const adminSocket = await connect(admin.token);
    const { member, ticket } = await memberWithTicket('Live Lucy', { subject: 'Live ticket please' });
    const pushed: InboxEvent = await adminSocket.waitFor('support:inbox', (e: InboxEvent) => e.ticket.id === ticket.id);
    expect(pushed).toMatchObject({
      kind: 'new',
      ticket: {
        subject: 'Live ticket please',
        status: 'open',
        member: { fullName: 'Live Lucy', email: member.user.email },
      },
      message: { author: 'member', body: validTicket().message },
    });
    await server.api('POST', `/api/support/tickets/${ticket.id}/messages`, {
      token: member.token,
      body: { message: 'Adding a screenshot description.' },
    });
    const reply: InboxEvent = await adminSocket.waitFor(
      'support:inbox',
      (e: InboxEvent) => e.kind === 'reply' && e.ticket.id === ticket.id,
    );
    expect(reply.message?.body).toBe('Adding a screenshot description.');
    // A member's socket never hears the inbox.
    const bystander = await createMember(server.context.db);
    const bystanderSocket = await connect(bystander.token);
    await memberWithTicket('Another One');
    await adminSocket.waitFor('support:inbox', (e: InboxEvent) => e.ticket.member.fullName === 'Another One');
    expect(bystanderSocket.all('support:inbox')).toEqual([]);
  });

  it('replies: the member hears it live, gets an escaped e-mail, the ticket waits for the member', async () => {
    const { member, ticket } = await memberWithTicket('Mia Mail', { subject: 'Mail <i>me</i> back' });
    const memberSocket = await connect(member.token);
    const otherMember = await createMember(server.context.db);
    const otherSocket = await connect(otherMember.token);

    const before = await supportRowCounts(server.context.db);
    for (const [body, message] of [
      [{}, SupportMessages.messageRequired],
      [{ message: 'no' }, SupportMessages.messageTooShort],
      [{ message: 'fine\u0000 thanks a lot' }, Messages.common.hiddenCharacters],
      [{ message: 'Hello there friend', extra: true }, Messages.common.unknownField('extra')],
    ] as const) {
      const bad = await server.api('POST', `/api/admin/support/tickets/${ticket.id}/messages`, {
        token: admin.token,
        body,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    for (const target of ['00000000-0000-0000-0000-000000000000', 'nope']) {
      const missing = await server.api('POST', `/api/admin/support/tickets/${target}/messages`, {
        token: admin.token,
        body: { message: 'Nobody will read this reply.' },
      });
      expect(missing.status).toBe(404);
    }
    expect(await supportRowCounts(server.context.db)).toEqual(before);

    const text = 'Hi Mia,\n<script>alert(1)</script> <img src=x onerror=alert(2)> & done.';
    const replied = await server.api<TAdminSupportThread>('POST', `/api/admin/support/tickets/${ticket.id}/messages`, {
      token: admin.token,
      body: { message: text },
    });
    expect(replied.status).toBe(201);
    expect(replied.body.data).toMatchObject({ status: 'pending', lastMessageBy: 'support' });
    expect(replied.body.data!.messages.at(-1)).toMatchObject({
      author: 'support',
      authorName: 'Sam Support',
      body: text,
    });

    const live: MemberEvent = await memberSocket.waitFor('support:update', (e: MemberEvent) => e.message !== null);
    expect(live).toMatchObject({
      ticket: { id: ticket.id, status: 'pending' },
      message: { author: 'support', authorName: 'Support team', body: text },
    });
    const thread = await server.api<TSupportThread>('GET', `/api/support/tickets/${ticket.id}`, {
      token: member.token,
    });
    expect(thread.body.data!.messages.map((m) => m.author)).toEqual(['member', 'support']);

    const mail = await server.smtp.waitFor(
      (m) => m.to.includes(member.user.email) && m.subject.includes('support ticket'),
    );
    expect(mail.text).toContain(text);
    expect(mail.text).toContain('Mail <i>me</i> back');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &amp; done.');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<i>me</i>');
    expect(otherSocket.all('support:update')).toEqual([]);
  });

  it('sets a status (member sees it live), refuses unknown statuses, and a closed ticket reopens only by an admin', async () => {
    const { member, ticket } = await memberWithTicket('Stan Status');
    const memberSocket = await connect(member.token);
    for (const body of [{}, { status: 'archived' }, { status: 'closed', note: 'x' }]) {
      const bad = await server.api('PATCH', `/api/admin/support/tickets/${ticket.id}`, { token: admin.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await server.api('PATCH', `/api/admin/support/tickets/${ticket.id}`, {
      token: admin.token,
      body: { status: 'archived' },
    });
    expect(unknown.body.message).toBe(SupportMessages.statusInvalid);
    const missing = await server.api('PATCH', '/api/admin/support/tickets/00000000-0000-0000-0000-000000000000', {
      token: admin.token,
      body: { status: 'closed' },
    });
    expect(missing.status).toBe(404);

    const closed = await server.api<TAdminSupportThread>('PATCH', `/api/admin/support/tickets/${ticket.id}`, {
      token: admin.token,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ message: SupportMessages.statusChanged, data: { status: 'closed' } });
    await memberSocket.waitFor(
      'support:update',
      (e: MemberEvent) => e.ticket.status === 'closed' && e.message === null,
    );
    const refused = await server.api('POST', `/api/support/tickets/${ticket.id}/messages`, {
      token: member.token,
      body: { message: 'Please open it again.' },
    });
    expect(refused.status).toBe(409);

    const reopened = await server.api<TAdminSupportThread>('PATCH', `/api/admin/support/tickets/${ticket.id}`, {
      token: admin.token,
      body: { status: 'open' },
    });
    expect(reopened.body.data!.status).toBe('open');
    const thread = await server.api<TAdminSupportThread>('GET', `/api/admin/support/tickets/${ticket.id}`, {
      token: admin.token,
    });
    expect(thread.body.data).toMatchObject({
      status: 'open',
      member: { id: member.user.id, email: member.user.email },
    });
  });

  it('lists tickets paged, latest activity first, filtered by status, category, priority and subject or e-mail', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await memberWithTicket('Filter A', {
      subject: `${tag} billing question`,
      category: 'billing',
      priority: 'low',
    });
    const b = await memberWithTicket('Filter B', {
      subject: `${tag} tech 100%_done`,
      category: 'technical',
      priority: 'urgent',
    });
    await server.api('PATCH', `/api/admin/support/tickets/${a.ticket.id}`, {
      token: admin.token,
      body: { status: 'resolved' },
    });

    async function inbox(query: string) {
      const answer = await server.api<TAdminSupportTicket[]>('GET', `/api/admin/support/tickets?${query}`, {
        token: admin.token,
      });
      expect(answer.status, query).toBe(200);
      return answer;
    }
    expect((await inbox(`q=${tag}`)).body.data!.map((t) => t.id)).toEqual([b.ticket.id, a.ticket.id]);
    expect((await inbox(`q=${tag}&status=resolved`)).body.data!.map((t) => t.id)).toEqual([a.ticket.id]);
    expect((await inbox(`q=${tag}&category=technical`)).body.data!.map((t) => t.id)).toEqual([b.ticket.id]);
    expect((await inbox(`q=${tag}&priority=low`)).body.data!.map((t) => t.id)).toEqual([a.ticket.id]);
    expect((await inbox(`q=${encodeURIComponent('100%_')}`)).body.data!.map((t) => t.id)).toEqual([b.ticket.id]);
    expect((await inbox('q=100%25x')).body.data).toEqual([]);
    const byEmail = await inbox(`q=${encodeURIComponent(a.member.user.email.toUpperCase())}`);
    expect(byEmail.body.data!.map((t) => t.id)).toEqual([a.ticket.id]);
    const none = await inbox('q=nothing-matches-this-text');
    expect(none.body).toMatchObject({ data: [], message: SupportMessages.noInboxTickets });
    expect(none.body.pagination).toEqual({ total: 0, pages: 1, current: 1 });

    const all = await inbox('');
    const total = (await supportRowCounts(server.context.db)).tickets;
    expect(all.body.pagination).toEqual({ total, pages: 1, current: 1 });
    const page2 = await inbox('limit=1&page=2');
    expect(page2.body.data!.map((t) => t.id)).toEqual([all.body.data![1]!.id]);
    expect(page2.body.pagination).toEqual({ total, pages: total, current: 2 });
    for (const bad of ['status=lost', 'category=refunds', 'priority=max', 'page=0', 'limit=500', 'sort=asc']) {
      const answer = await server.api('GET', `/api/admin/support/tickets?${bad}`, { token: admin.token });
      expect(answer.status, bad).toBe(400);
    }
  });
});
