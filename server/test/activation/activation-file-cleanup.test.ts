import type { TActivation, TUser } from '@signalroom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { captureLog, type LogCapture } from '../helpers/log-capture.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  activationRowCounts,
  fetchProofFile,
  fileKeyOf,
  refuseProofsFor,
  uploadProof,
  validProof,
} from './activation-helpers.js';

type Submitted = { activation: TActivation; user: TUser };

/** Stored files of the database store by key. */
async function storedFileExists(server: TestServer, key: string): Promise<boolean> {
  const rows = await server.context.db.selectFrom('stored_files').select('id').where('id', '=', key).execute();
  return rows.length === 1;
}

describe('stored files no proof references are removed (database store)', () => {
  let server: TestServer;
  let log: LogCapture;

  beforeAll(async () => {
    log = captureLog();
    server = await startTestServer({ FILE_STORE: 'database', LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(async () => {
    await server?.close();
  });

  const guest = () => createMember(server.context.db, { tier: 'guest' });

  it('removes the new file when the transaction that would reference it fails', async () => {
    const member = await guest();
    const restore = await refuseProofsFor(server.context.db, 'ROLLBACK-DB');
    try {
      const before = await activationRowCounts(server.context.db);
      const refused = await uploadProof(server, member.token, validProof({ brokerAccount: 'ROLLBACK-DB' }));
      expect(refused.status).toBe(500);
      expect(await activationRowCounts(server.context.db)).toEqual(before);
    } finally {
      await restore();
    }
  });

  it('keeps the member’s upload when the replaced file cannot be deleted, and logs which file stayed', async () => {
    const member = await guest();
    const first = await uploadProof<Submitted>(server, member.token, validProof({ brokerAccount: 'KEEP-1' }));
    const firstId = first.body.data!.activation.proof!.id;
    const firstKey = await fileKeyOf(server.context.db, firstId);
    // A real failure of the delete: the database refuses to remove stored files for a moment.
    await sql`
      create function sr_test_keep_files() returns trigger language plpgsql as $$
      begin raise exception 'stored files are kept by the test'; end $$`.execute(server.context.db);
    await sql`create trigger sr_test_keep_files before delete on stored_files
      for each row execute function sr_test_keep_files()`.execute(server.context.db);
    try {
      const second = await uploadProof<Submitted>(server, member.token, validProof({ brokerAccount: 'KEEP-2' }));
      expect(second.status).toBe(201);
      expect(second.body.data!.activation.proof!.brokerAccount).toBe('KEEP-2');
    } finally {
      await sql`drop trigger sr_test_keep_files on stored_files`.execute(server.context.db);
      await sql`drop function sr_test_keep_files()`.execute(server.context.db);
    }
    expect(await storedFileExists(server, firstKey)).toBe(true);
    const line = log.lines().find((entry) => entry.fileKey === firstKey);
    expect(line).toMatchObject({
      level: 50,
      msg: 'unreferenced proof file not removed from the file store',
      fileKey: firstKey,
      proofId: firstId,
      userId: member.user.id,
      why: 'proof replaced',
      err: { message: expect.stringContaining('stored files are kept by the test') },
    });
  });

  it('removes the replaced proof’s file once the new proof is saved', async () => {
    const member = await guest();
    const first = await uploadProof<Submitted>(server, member.token, validProof({ brokerAccount: 'OLD-1' }));
    const firstId = first.body.data!.activation.proof!.id;
    const firstKey = await fileKeyOf(server.context.db, firstId);
    const before = await activationRowCounts(server.context.db);
    const second = await uploadProof<Submitted>(server, member.token, validProof({ brokerAccount: 'NEW-2' }));
    expect(second.status).toBe(201);
    expect(await activationRowCounts(server.context.db)).toEqual(before);
    expect(await storedFileExists(server, firstKey)).toBe(false);
    expect((await fetchProofFile(server, firstId, member.token)).status).toBe(404);
  });
});
