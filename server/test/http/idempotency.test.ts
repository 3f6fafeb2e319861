import { randomUUID } from 'node:crypto';
import {
  IdempotencyMessages,
  type TCreatedApiKey,
  type TCreatedWebhookEndpoint,
  type TSupportThread,
} from '@signalroom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, uploadProof, validProof } from '../activation/activation-helpers.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { validTicket } from '../support/support-helpers.js';

/** How many rows a table holds for a condition. */
async function count(server: TestServer, table: string, where: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
    server.context.db,
  );
  return rows[0]?.n ?? 0;
}

// Retried creates create once: the same Idempotency-Key and body answer the first answer.
describe('Idempotency-Key on creates', () => {
  let server: TestServer;
  let member: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    member = await createMember(server.context.db, { tier: 'gold' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const createKey = (token: string, key: string, name = 'Retried bot') =>
    server.api<TCreatedApiKey>('POST', '/api/users/api-keys', {
      token,
      body: { name },
      headers: { 'idempotency-key': key },
    });

  it('answers a retried API key creation with the first answer and creates one key', async () => {
    const key = randomUUID();
    const first = await createKey(member.token, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await createKey(member.token, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count(server, 'api_keys', sql`user_id = ${member.user.id} and name = 'Retried bot'`)).toBe(1);
    // The answer carries the key's secret: the table keeps it sealed, never in clear, nor the key itself.
    const stored = await server.context.db.selectFrom('idempotency_keys').selectAll().execute();
    const text = JSON.stringify(stored);
    expect(text).not.toContain((first.body.data as TCreatedApiKey).secret);
    expect(text).not.toContain(key);

    // The same key with another body is another request: 422.
    const other = await createKey(member.token, key, 'Another bot');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ message: IdempotencyMessages.otherRequest, error: { code: 'unprocessable' } });
    // Keys are the member's: another member's same key is a request of its own.
    const someone = await createMember(server.context.db, { tier: 'gold' });
    expect((await createKey(someone.token, key, 'Another bot')).status).toBe(201);
    // A key that is not one.
    const bad = await createKey(member.token, 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(IdempotencyMessages.keyInvalid);
  });

  it('creates once under concurrency: one creation, the others wait (409) or get its answer', async () => {
    const someone = await createMember(server.context.db, { tier: 'gold' });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => createKey(someone.token, key, 'Raced')));
    const created = answers.filter((a) => a.status === 201);
    const waiting = answers.filter((a) => a.status === 409);
    expect(created.length + waiting.length).toBe(8);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.body).toEqual(created[0]?.body);
    for (const answer of waiting) {
      expect(answer.body.message).toBe(IdempotencyMessages.inFlight);
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    expect(await count(server, 'api_keys', sql`user_id = ${someone.user.id}`)).toBe(1);
    // Once the first has answered, asking again gets its answer.
    const later = await createKey(someone.token, key, 'Raced');
    expect(later.body).toEqual(created[0]?.body);
  });

  it('takes a key afresh after 24 hours', async () => {
    const someone = await createMember(server.context.db, { tier: 'gold' });
    const key = randomUUID();
    expect((await createKey(someone.token, key, 'Daily')).status).toBe(201);
    await server.context.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('user_id', '=', someone.user.id)
      .execute();
    const fresh = await createKey(someone.token, key, 'Daily');
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await count(server, 'api_keys', sql`user_id = ${someone.user.id}`)).toBe(2);
  });

  it('covers webhook endpoints, tickets and replies, posts, notes and proofs alike', async () => {
    const someone = await createMember(server.context.db, { tier: 'gold' });
    const twice = async <T>(path: string, body: unknown, token = someone.token) => {
      const key = randomUUID();
      const first = await server.api<T>('POST', path, { token, body, headers: { 'idempotency-key': key } });
      const second = await server.api<T>('POST', path, { token, body, headers: { 'idempotency-key': key } });
      expect(first.status, `${path}: ${JSON.stringify(first.body)}`).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      return first.body.data as T;
    };
    const endpoint = await twice<TCreatedWebhookEndpoint>('/api/users/webhooks', {
      url: 'http://127.0.0.1:9/idempotent',
      events: ['signal.issued'],
    });
    expect(await count(server, 'webhook_endpoints', sql`user_id = ${someone.user.id}`)).toBe(1);
    expect(endpoint.secret).toMatch(/^whsec_/);

    const ticket = await twice<TSupportThread>('/api/support/tickets', validTicket());
    await twice(`/api/support/tickets/${ticket.id}/messages`, { message: 'Any news on this?' });
    expect(await count(server, 'support_tickets', sql`user_id = ${someone.user.id}`)).toBe(1);
    expect(await count(server, 'support_messages', sql`ticket_id = ${ticket.id}`)).toBe(2);

    await twice('/api/community/posts', { body: 'Posted once, however often it is sent.' });
    expect(await count(server, 'community_posts', sql`user_id = ${someone.user.id}`)).toBe(1);

    const admin = await createMember(server.context.db, { tier: 'gold', role: 'admin' });
    const signal = await insertSignal(server.context.db, { slotStart: new Date(Date.now() - 3600_000) });
    await twice(`/api/desk/signals/${signal.id}/notes`, { body: 'One note.' }, admin.token);
    expect(await count(server, 'signal_notes', sql`signal_id = ${signal.id}`)).toBe(1);

    // An upload is the same request when its fields and file are, whatever boundary each try uses.
    const newcomer = await createMember(server.context.db, { tier: 'guest' });
    const key = randomUUID();
    const proof = validProof({ file: { bytes: PNG_BYTES, name: 'deposit.png', type: 'image/png' } });
    const sent = await uploadProof(server, newcomer.token, { ...proof, idempotencyKey: key });
    const resent = await uploadProof(server, newcomer.token, { ...proof, idempotencyKey: key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(resent.body).toEqual(sent.body);
    expect(await count(server, 'activation_proofs', sql`user_id = ${newcomer.user.id}`)).toBe(1);
    const changed = await uploadProof(server, newcomer.token, { ...proof, depositAmount: '300', idempotencyKey: key });
    expect(changed.status).toBe(422);
  });
});
