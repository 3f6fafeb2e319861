import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { prepareShape, type ShapeEnv, testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let shape: ShapeEnv | null = null;
let dataDir: string | null = null;
const servers: TestServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  await shape?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Storage that outlives one server: a data folder (embedded) or a database and namespace (distributed). */
async function lastingStorage(): Promise<Record<string, string>> {
  if (testShape === 'embedded') {
    dataDir = await mkdtemp(join(tmpdir(), 'sr-reminder-'));
    return { DATA_DIR: dataDir };
  }
  shape = await prepareShape();
  return shape.env;
}

it('a reminder set before a restart is still mailed by the next server', async () => {
  const storage = await lastingStorage();
  const first = await startTestServer(storage);
  servers.push(first);
  const member = await createMember(first.context.db, { tier: 'gold' });
  const session = await first.context.db
    .insertInto('vault_sessions')
    .values({
      title: 'Restart session',
      host: 'Test Host',
      description: 'Outlives a restart',
      // Due in 4 s: the first server is gone by then.
      starts_at: new Date(Date.now() + 15 * 60_000 + 4000),
      duration_minutes: 30,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const set = await first.api('PUT', `/api/mentorship/sessions/${session.id}/reminder`, { token: member.token });
  expect(set.status).toBe(200);
  await first.close();
  servers.pop();

  const second = await startTestServer(storage);
  servers.push(second);
  const mail = await second.smtp.waitFor((m) => m.to.includes(member.user.email), 15_000);
  expect(mail.subject).toContain('Restart session');
  expect(first.smtp.messages.some((m) => m.to.includes(member.user.email))).toBe(false);
});
