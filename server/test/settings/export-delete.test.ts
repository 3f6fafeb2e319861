import { SettingsMessages, type TSessionData, toBotAccessSubmission } from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDataSection } from '../../src/db/member-data.js';
import { NOT_MEMBER_DATA } from '../../src/modules/users/member-data.js';
import { uploadProof, validProof } from '../activation/activation-helpers.js';
import { codeFrom, registration } from '../auth/auth-helpers.js';
import { countWritableRows } from '../helpers/endpoints.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient } from '../realtime/realtime-helpers.js';

/** "Download Elite Data" and "Cancel Elite Membership". */
describe('settings: member data export and account deletion', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Tables with a user_id column that no section of `sections` covers and no exemption names. */
  async function uncoveredMemberTables(sections: readonly MemberDataSection[]): Promise<string[]> {
    const { rows } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`.execute(server.context.db);
    const covered = new Set(sections.flatMap((section) => section.tables));
    return rows.map((r) => r.table_name).filter((t) => !covered.has(t) && !(t in NOT_MEMBER_DATA));
  }

  it('covers every member-owned table of the database in the member-data registry', async () => {
    const sections = server.context.memberData.sections();
    expect(await uncoveredMemberTables(sections), 'tables with user_id but no section').toEqual([]);
    // The check sees a forgotten table: without the sessions section, sessions is reported.
    const withoutSessions = sections.filter((section) => !section.tables.includes('sessions'));
    expect(await uncoveredMemberTables(withoutSessions)).toEqual(['sessions']);
    // Every listed table exists (a renamed table would leave the registry pointing at nothing).
    const { rows: all } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema()`.execute(
      server.context.db,
    );
    const existing = new Set(all.map((r) => r.table_name));
    const listed = sections.flatMap((section) => section.tables);
    expect(listed.filter((t) => !existing.has(t))).toEqual([]);
  });

  it('exports everything stored about the member as one JSON file, without secrets', async () => {
    const member = await createMember(server.context.db);
    await uploadProof(server, member.token, validProof());
    await server.api('POST', '/api/bot-access/submit', {
      body: { ...toBotAccessSubmission(VALID_BOT_ACCESS_FORM), email: member.user.email.toUpperCase() },
    });
    await server.api('PUT', '/api/users/notifications', {
      token: member.token,
      body: { signals: false, trades: false, marketing: false, security: true },
    });
    const response = await fetch(`${server.url}/api/users/export`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="elite-data-.*\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      format: 'signalroom-member-data',
      version: 1,
      profile: { id: member.user.id, email: member.user.email },
      notificationSettings: { signals: false, trades: false, marketing: false, security: true },
      activationProofs: [{ broker_account: 'BRK-4411', file_name: 'deposit.png' }],
      botAccessApplications: [{ full_name: VALID_BOT_ACCESS_FORM.fullName }],
    });
    expect(data.sessions).toHaveLength(1);
    for (const section of server.context.memberData.sections()) expect(data).toHaveProperty(section.name);
    expect(text).not.toMatch(/token_hash|code_hash|password_hash|file_key|secret_hash/);
    const anonymous = await fetch(`${server.url}/api/users/export`);
    expect(anonymous.status).toBe(401);
  });

  it('exports the member support tickets with their thread; deletion keeps them, authored by a former member', async () => {
    const member = await createMember(server.context.db);
    const opened = await server.api<{ id: string }>('POST', '/api/support/tickets', {
      token: member.token,
      body: { category: 'technical', subject: 'Export check', message: 'Is my ticket in the export file?' },
    });
    expect(opened.status).toBe(201);
    const ticketId = opened.body.data!.id;
    const exported = await server.api<never>('GET', '/api/users/export', { token: member.token });
    const data = exported.body as unknown as {
      supportTickets: Array<{ id: string; messages: Array<{ body: string }> }>;
    };
    expect(data.supportTickets).toHaveLength(1);
    expect(data.supportTickets[0]).toMatchObject({ id: ticketId, subject: 'Export check' });
    expect(data.supportTickets[0]!.messages.map((m) => m.body)).toEqual(['Is my ticket in the export file?']);

    const deleted = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    const ticket = await server.context.db
      .selectFrom('support_tickets')
      .select(['user_id', 'author_name'])
      .where('id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ user_id: null, author_name: SettingsMessages.formerMember });
    const messages = await server.context.db
      .selectFrom('support_messages')
      .select(['author_id', 'author_name'])
      .where('ticket_id', '=', ticketId)
      .execute();
    expect(messages).toEqual([{ author_id: null, author_name: SettingsMessages.formerMember }]);
  });

  it('refuses a wrong password and the last admin, deleting nothing', async () => {
    const member = await createMember(server.context.db);
    const before = await countWritableRows(server);
    const wrong = await server.api('DELETE', '/api/users/me', { token: member.token, body: { password: 'Nope-1234' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SettingsMessages.deletePasswordIncorrect);
    const missing = await server.api('DELETE', '/api/users/me', { token: member.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SettingsMessages.deletePasswordRequired);
    expect(await countWritableRows(server)).toEqual(before);

    await server.context.db.updateTable('users').set({ role: 'member' }).where('role', '=', 'admin').execute();
    const admin = await createMember(server.context.db, { role: 'admin', tier: 'gold' });
    const last = await server.api('DELETE', '/api/users/me', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(SettingsMessages.lastAdminDelete);
    expect((await server.api('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('deletes the account and personal data in one go; the address can register again', async () => {
    const signup = registration();
    expect((await server.api('POST', '/api/auth/register', { body: signup })).status).toBe(201);
    const code = codeFrom(await server.smtp.waitFor((m) => m.to.includes(signup.email.toLowerCase())));
    const confirmed = await server.api<TSessionData>('POST', '/api/auth/confirm-code', {
      body: { email: signup.email, confirmationCode: code },
    });
    const token = confirmed.body.data?.token ?? '';
    const userId = confirmed.body.data?.user.id ?? '';
    expect((await uploadProof(server, token, validProof())).status).toBe(201);
    const fileKey = (
      await server.context.db
        .selectFrom('activation_proofs')
        .select('file_key')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).file_key;
    const applied = await server.api('POST', '/api/bot-access/submit', {
      body: { ...toBotAccessSubmission(VALID_BOT_ACCESS_FORM), email: signup.email },
    });
    expect(applied.status).toBe(201);
    const socket = await connectClient(server.url, token);
    const dropped = new Promise<string>((resolve) => socket.socket.on('disconnect', (reason) => resolve(reason)));

    const deleted = await server.api('DELETE', '/api/users/me', { token, body: { password: signup.password } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(SettingsMessages.accountDeleted);
    expect(await dropped).toBe('io server disconnect');
    socket.close();

    const db = server.context.db;
    for (const table of ['sessions', 'email_codes', 'activation_proofs', 'notification_settings'] as const) {
      const left = await db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(left.n, table).toBe(0);
    }
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    expect(await server.context.files.get(fileKey)).toBeNull();
    const mails = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where(sql`lower(to_address)`, '=', signup.email.toLowerCase())
      .execute();
    expect(mails).toHaveLength(0);
    // The application stays for the admins' funnel, without who sent it.
    const kept = await db
      .selectFrom('bot_access_submissions')
      .select(['full_name', 'email', 'phone_number'])
      .where('full_name', '=', SettingsMessages.formerMember)
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => row.email === '' && row.phone_number === '')).toBe(true);

    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: signup.email, password: signup.password },
    });
    expect(login.status).toBe(401);
    const again = await server.api('POST', '/api/auth/register', { body: { ...signup } });
    expect(again.status).toBe(201);
    await server.smtp.waitFor(
      (m) => m.to.includes(signup.email.toLowerCase()) && /confirmation code/i.test(m.subject) && codeFrom(m) !== code,
    );
    expect(
      await db.selectFrom('users').select('id').where('email', '=', signup.email).executeTakeFirst(),
    ).toBeDefined();
  });
});
