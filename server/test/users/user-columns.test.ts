import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/http/tokens.js';
import { listUsersPage, searchUsers } from '../../src/modules/admin/admin.repository.js';
import {
  findUserByEmail,
  findUserById,
  findUserForLogin,
  USER_COLUMNS,
  updateUser,
} from '../../src/modules/users/users.repository.js';
import { findUsersByIds } from '../../src/realtime/realtime.repository.js';
import { findUserBySessionHash } from '../../src/sessions/sessions.repository.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * The user row a request, a socket or an admin screen reads names its columns and never carries the
 * password hash; only the login path's read does.
 */
describe('user rows read for requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const columns = [...USER_COLUMNS].sort();

  it('the session lookup behind every authenticated request has every column but the hash', async () => {
    const member = await createMember(server.context.db);
    const now = new Date();
    const found = await findUserBySessionHash(server.context.db, hashSecret(member.token), now, new Date(0));
    expect(found).not.toBeNull();
    expect(Object.keys(found?.user ?? {}).sort()).toEqual(columns);
    expect(found?.user).not.toHaveProperty('password_hash');
  });

  it('lookups by id and e-mail, socket re-reads, admin lists and updates leave the hash out', async () => {
    const { db } = server.context;
    const member = await createMember(db, { fullName: 'Columns Check' });
    const rows = [
      await findUserById(db, member.user.id),
      await findUserByEmail(db, member.user.email),
      ...(await findUsersByIds(db, [member.user.id])),
      ...(await searchUsers(db, 'columns check', 5)).rows,
      ...(await listUsersPage(db, 0, 5)).rows,
      await updateUser(db, member.user.id, { telegram: '@columns' }),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(Object.keys(row ?? {}).sort()).toEqual(columns);
  });

  it('the login read alone carries the hash, to check the password', async () => {
    const member = await createMember(server.context.db);
    const row = await findUserForLogin(server.context.db, member.user.email);
    expect(row?.password_hash).toMatch(/^\$argon2/);
  });
});
