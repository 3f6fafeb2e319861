import { FORMER_MEMBER_NAME, type TAdminSupportThread, type TSupportThread } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymiseSupportData, exportSupportData } from '../../src/modules/support/support.member-data.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { validTicket } from './support-helpers.js';

describe('support member data: export and anonymisation', () => {
  let server: TestServer;
  let admin: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createMember(server.context.db, { role: 'admin', fullName: 'Ada Admin' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ticketWithReply(member: CreatedMember, subject: string) {
    const created = await server.api<TSupportThread>('POST', '/api/support/tickets', {
      token: member.token,
      body: validTicket({ subject }),
    });
    const id = created.body.data!.id;
    await server.api('POST', `/api/admin/support/tickets/${id}/messages`, {
      token: admin.token,
      body: { message: 'We are looking into it now.' },
    });
    return id;
  }

  it("exports the member's tickets with their threads, and nobody else's", async () => {
    const member = await createMember(server.context.db, { fullName: 'Eve Export' });
    const other = await createMember(server.context.db);
    const id = await ticketWithReply(member, 'Export me please');
    await ticketWithReply(other, 'Not in the export');

    const data = await exportSupportData(server.context.db, member.user.id);
    expect(data.tickets).toHaveLength(1);
    expect(data.tickets[0]).toMatchObject({
      id,
      subject: 'Export me please',
      category: 'deposit-issues',
      priority: 'high',
      status: 'pending',
      messages: [
        { author: 'member', authorName: 'Eve Export', body: validTicket().message },
        { author: 'support', authorName: 'Support team', body: 'We are looking into it now.' },
      ],
    });
    expect(await exportSupportData(server.context.db, (await createMember(server.context.db)).user.id)).toEqual({
      tickets: [],
    });
  });

  it('anonymises in the caller transaction: tickets stay for support under "Former member", unlinked from the account', async () => {
    const member = await createMember(server.context.db, { fullName: 'Dora Deleted' });
    const keep = await createMember(server.context.db, { fullName: 'Kim Kept' });
    const id = await ticketWithReply(member, 'Please keep this ticket');
    const keptId = await ticketWithReply(keep, 'Unrelated ticket');

    // Rolled back with its transaction, like the rest of a failed deletion.
    await expect(
      server.context.db.transaction().execute(async (trx) => {
        await anonymiseSupportData(trx, member.user.id);
        throw new Error('deletion failed later');
      }),
    ).rejects.toThrow('deletion failed later');
    expect((await exportSupportData(server.context.db, member.user.id)).tickets).toHaveLength(1);

    const changed = await server.context.db.transaction().execute(async (trx) => {
      const result = await anonymiseSupportData(trx, member.user.id);
      await trx.deleteFrom('users').where('id', '=', member.user.id).execute();
      return result;
    });
    expect(changed).toEqual({ tickets: 1, messages: 1 });

    const ticket = await server.context.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      user_id: null,
      author_name: FORMER_MEMBER_NAME,
      subject: 'Please keep this ticket',
    });
    const messages = await server.context.db
      .selectFrom('support_messages')
      .select(['author_role', 'author_id', 'author_name'])
      .where('ticket_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(messages).toEqual([
      { author_role: 'member', author_id: null, author_name: FORMER_MEMBER_NAME },
      { author_role: 'support', author_id: admin.user.id, author_name: 'Ada Admin' },
    ]);
    const inbox = await server.api<TAdminSupportThread>('GET', `/api/admin/support/tickets/${id}`, {
      token: admin.token,
    });
    expect(inbox.body.data!.member).toEqual({ id: null, fullName: FORMER_MEMBER_NAME, email: null });
    // Support can still answer the ticket (no one to notify); the other member's ticket is untouched.
    const reply = await server.api('POST', `/api/admin/support/tickets/${id}/messages`, {
      token: admin.token,
      body: { message: 'Closing this for our records.' },
    });
    expect(reply.status).toBe(201);
    const kept = await server.context.db
      .selectFrom('support_tickets')
      .select(['user_id', 'author_name'])
      .where('id', '=', keptId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ user_id: keep.user.id, author_name: 'Kim Kept' });
  });

  it('keeps tickets when an account row is deleted without the anonymiser (ON DELETE SET NULL)', async () => {
    const member = await createMember(server.context.db, { fullName: 'Gus Gone' });
    const id = await ticketWithReply(member, 'Still here afterwards');
    await server.context.db.deleteFrom('users').where('id', '=', member.user.id).execute();
    const ticket = await server.context.db
      .selectFrom('support_tickets')
      .select(['user_id', 'subject'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ user_id: null, subject: 'Still here afterwards' });
  });
});
