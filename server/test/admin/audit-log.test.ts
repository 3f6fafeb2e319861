import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/modules/audit/audit.repository.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

describe('audit log', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps what was written, and the database refuses to change or delete a row', async () => {
    const { db } = server.context;
    const admin = await createMember(db, { role: 'admin' });
    await recordAudit(db, {
      actor: { id: admin.user.id, email: admin.user.email, ip: '203.0.113.9' },
      action: 'member.access',
      targetType: 'member',
      targetId: admin.user.id,
      targetLabel: admin.user.email,
      before: { tier: 'guest' },
      after: { tier: 'gold' },
      reason: 'funded account checked',
    });
    const row = await db.selectFrom('audit_log').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_email: admin.user.email,
      action: 'member.access',
      before: { tier: 'guest' },
      after: { tier: 'gold' },
      reason: 'funded account checked',
      ip: '203.0.113.9',
    });

    await expect(sql`update audit_log set reason = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const after = await db.selectFrom('audit_log').select(['reason']).execute();
    expect(after).toEqual([{ reason: 'funded account checked' }]);
  });
});
