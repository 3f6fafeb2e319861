import {
  Messages,
  SUPPORT_LIMITS,
  SupportMessages,
  type TSupportThread,
  type TSupportTicket,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { supportRowCounts, validTicket } from './support-helpers.js';

describe('member support tickets', () => {
  let server: TestServer;
  let member: CreatedMember;
  let other: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer();
    member = await createMember(server.context.db, { fullName: 'Tina Ticket' });
    other = await createMember(server.context.db, { fullName: 'Otto Other' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('opens a ticket with its first message, priority medium by default, and lists it with its status', async () => {
    const created = await server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: validTicket({ priority: undefined, subject: '  Signals stopped  ', category: 'signals' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(SupportMessages.created);
    expect(created.body.data).toMatchObject({
      category: 'signals',
      priority: 'medium',
      subject: 'Signals stopped',
      status: 'open',
      lastMessageBy: 'member',
      messages: [{ author: 'member', authorName: 'Tina Ticket', body: validTicket().message }],
    });
    const id = created.body.data!.id;

    const list = await server.api<TSupportTicket[]>('GET', '/api/support/tickets', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.data!.map((t) => [t.id, t.status])).toContainEqual([id, 'open']);

    const thread = await server.api<TSupportThread>('GET', `/api/support/tickets/${id}`, { token: member.token });
    expect(thread.body.data!.messages).toHaveLength(1);

    const empty = await server.api<TSupportTicket[]>('GET', '/api/support/tickets', { token: other.token });
    expect(empty.body).toMatchObject({ data: [], message: SupportMessages.noTickets });
  });

  it('refuses each bad input with a clear 400 and writes nothing', async () => {
    const before = await supportRowCounts(server.context.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [validTicket({ category: undefined }), SupportMessages.categoryRequired],
      [validTicket({ category: 'refunds' }), SupportMessages.categoryRequired],
      [validTicket({ priority: 'critical' }), SupportMessages.priorityInvalid],
      [validTicket({ subject: undefined }), SupportMessages.subjectRequired],
      [validTicket({ subject: '   ' }), SupportMessages.subjectRequired],
      [validTicket({ subject: 'ab' }), SupportMessages.subjectTooShort],
      [validTicket({ subject: 'x'.repeat(SUPPORT_LIMITS.subjectMax + 1) }), SupportMessages.subjectTooLong],
      [validTicket({ message: undefined }), SupportMessages.messageRequired],
      [validTicket({ message: ' \n ' }), SupportMessages.messageRequired],
      [validTicket({ message: 'short' }), SupportMessages.messageTooShort],
      [validTicket({ message: 'y'.repeat(SUPPORT_LIMITS.messageMax + 1) }), SupportMessages.messageTooLong],
      [validTicket({ subject: 'Deposit\u0000 missing' }), Messages.common.hiddenCharacters],
      [validTicket({ message: 'Please help \u202Ewith this now' }), Messages.common.hiddenCharacters],
      [validTicket({ subject: 42 }), Messages.common.notText],
      [validTicket({ extra: 1 }), Messages.common.unknownField('extra')],
    ];
    // A second member: these attempts count against the hourly limit like any other.
    const typist = await createMember(server.context.db);
    for (const [body, message] of cases.slice(0, 9)) {
      const answer = await server.api('POST', '/api/support/tickets', { token: typist.token, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const typist2 = await createMember(server.context.db);
    for (const [body, message] of cases.slice(9)) {
      const answer = await server.api('POST', '/api/support/tickets', { token: typist2.token, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const malformed = await server.api('POST', '/api/support/tickets', { token: member.token, rawBody: '{"subject":' });
    expect(malformed.status).toBe(400);
    expect(await supportRowCounts(server.context.db)).toEqual(before);
  });

  it('answers 401 without a session on every member call', async () => {
    const calls: Array<[string, string]> = [
      ['POST', '/api/support/tickets'],
      ['GET', '/api/support/tickets'],
      ['GET', '/api/support/tickets/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/support/tickets/00000000-0000-0000-0000-000000000000/messages'],
    ];
    for (const [method, path] of calls) {
      const answer = await server.api(method, path, { body: method === 'POST' ? validTicket() : undefined });
      expect(answer.status, path).toBe(401);
    }
  });

  it("answers 404 for another member's ticket and for ids that name nothing, and writes nothing", async () => {
    const mine = await server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: validTicket(),
    });
    const id = mine.body.data!.id;
    const before = await supportRowCounts(server.context.db);
    for (const target of [id, '00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const read = await server.api('GET', `/api/support/tickets/${target}`, { token: other.token });
      expect(read.status, target).toBe(404);
      const reply = await server.api('POST', `/api/support/tickets/${target}/messages`, {
        token: other.token,
        body: { message: 'This is not my ticket at all.' },
      });
      expect(reply.status, target).toBe(404);
    }
    expect(await supportRowCounts(server.context.db)).toEqual(before);
  });

  it('takes a member reply (trimmed), opens a resolved ticket again and refuses replies on a closed one', async () => {
    const created = await server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: validTicket(),
    });
    const id = created.body.data!.id;
    for (const [body, message] of [
      [{}, SupportMessages.messageRequired],
      [{ message: 'tiny' }, SupportMessages.messageTooShort],
      [{ message: 'Hello\u0007 support team' }, Messages.common.hiddenCharacters],
    ] as const) {
      const bad = await server.api('POST', `/api/support/tickets/${id}/messages`, { token: member.token, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    await server.context.db.updateTable('support_tickets').set({ status: 'resolved' }).where('id', '=', id).execute();
    const reply = await server.api<TSupportThread>('POST', `/api/support/tickets/${id}/messages`, {
      token: member.token,
      body: { message: '  It happened again today.\nSecond line.  ' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ status: 'open', lastMessageBy: 'member' });
    expect(reply.body.data!.messages.map((m) => m.body)).toEqual([
      validTicket().message,
      'It happened again today.\nSecond line.',
    ]);

    await server.context.db.updateTable('support_tickets').set({ status: 'closed' }).where('id', '=', id).execute();
    const before = await supportRowCounts(server.context.db);
    const refused = await server.api('POST', `/api/support/tickets/${id}/messages`, {
      token: member.token,
      body: { message: 'Are you still there?' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SupportMessages.closed);
    expect(await supportRowCounts(server.context.db)).toEqual(before);
  });

  it('keeps ticket text as typed (markup is text, never stripped or rendered)', async () => {
    const payload = '<script>alert(1)</script> <img src=x onerror=alert(2)>';
    const created = await server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: validTicket({ subject: '<b>Bold</b> subject', message: payload }),
    });
    expect(created.body.data).toMatchObject({ subject: '<b>Bold</b> subject', messages: [{ body: payload }] });
  });

  it('lets a member open at most 10 tickets an hour (429 in the envelope, nothing written), others unaffected', async () => {
    const busy = await createMember(server.context.db);
    for (let i = 0; i < SUPPORT_LIMITS.ticketsPerHour; i++) {
      const answer = await server.api('POST', '/api/support/tickets', {
        token: busy.token,
        body: validTicket({ subject: `Ticket number ${i}` }),
      });
      expect(answer.status).toBe(201);
    }
    const before = await supportRowCounts(server.context.db);
    const limited = await server.api('POST', '/api/support/tickets', { token: busy.token, body: validTicket() });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, data: null, error: { code: 'rate_limited' } });
    expect(limited.body.message).toMatch(/You have opened 10 tickets in the last hour/);
    expect(limited.body.error?.retryAfterSeconds).toBeGreaterThan(0);
    expect(await supportRowCounts(server.context.db)).toEqual(before);
    // Replies are not new tickets; another member is not limited by this one.
    const list = await server.api<TSupportTicket[]>('GET', '/api/support/tickets', { token: busy.token });
    const reply = await server.api('POST', `/api/support/tickets/${list.body.data![0]!.id}/messages`, {
      token: busy.token,
      body: { message: 'One more detail for you.' },
    });
    expect(reply.status).toBe(201);
    const fresh = await createMember(server.context.db);
    expect((await server.api('POST', '/api/support/tickets', { token: fresh.token, body: validTicket() })).status).toBe(
      201,
    );
  });
});
