import { Messages, type THealth } from '@signalroom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

/**
 * The database itself out of disk: PostgreSQL answers a write with SQLSTATE 53100 (disk_full). A trigger
 * raises exactly that on one table, as PostgreSQL does when it cannot extend a file, so the same path is
 * walked on both shapes without filling the machine's disk. The write answers 503 with the storage
 * sentence, health says `storage: full`, and once the database has room writes go through again within
 * seconds, with no restart.
 */
describe('the database reports its disk full (SQLSTATE 53100)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 "storage is full", says so in health, and accepts writes again once there is room', async () => {
    const { db } = server.context;
    const member = await createMember(db, { tier: 'silver' });
    const ticket = (subject: string) =>
      server.api('POST', '/api/support/tickets', {
        token: member.token,
        body: { category: 'signals', priority: 'low', subject, message: 'Checking the storage.' },
      });
    await sql`create function sr_test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/16384/16500": No space left on device' using errcode = '53100';
      end $$`.execute(db);
    await sql`create trigger sr_test_disk_full before insert on support_tickets
      for each row execute function sr_test_disk_full()`.execute(db);

    const refused = await ticket('Refused: the database is out of disk');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(Messages.common.storageFull);
    const health = await server.api<THealth>('GET', '/api/health');
    expect(health.body.data?.storage).toBe('full');
    expect(health.body.data?.problems).toContain('storage full');
    // Reads go on.
    expect((await server.api('GET', '/api/support/tickets', { token: member.token })).status).toBe(200);

    // Room again. On the embedded shape the guard holds every write back for a few seconds after the
    // report (this one included), so the fix is retried until it goes through.
    await pollUntil(
      () =>
        sql`drop trigger sr_test_disk_full on support_tickets`.execute(db).then(
          () => true,
          () => undefined,
        ),
      { timeoutMs: 10_000, everyMs: 250, message: 'the trigger could not be dropped' },
    );
    const startedAt = Date.now();
    await pollUntil(async () => ((await ticket('Written once there is room')).status === 201 ? true : undefined), {
      timeoutMs: 10_000,
      everyMs: 250,
      message: 'writes still refused 10 s after the database had room',
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const list = await server.api<{ subject: string }[]>('GET', '/api/support/tickets', { token: member.token });
    expect(list.body.data?.map((t) => t.subject)).toEqual(['Written once there is room']);
    expect((await server.api<THealth>('GET', '/api/health')).body.data?.storage).toBe('ok');
  });
});
