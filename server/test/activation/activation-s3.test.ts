import { Messages, type TActivation, type TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { captureLog } from '../helpers/log-capture.js';
import { startSilentServer, startTestS3, type TestS3 } from '../helpers/s3.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  activationRowCounts,
  fetchProofFile,
  fileKeyOf,
  PDF_BYTES,
  PNG_BYTES,
  refuseProofsFor,
  uploadProof,
  validProof,
} from './activation-helpers.js';

type Submitted = { activation: TActivation; user: TUser };

const PREFIX = 'proofs/';

describe('proofs of deposit on an S3-compatible store (FILE_STORE=s3)', () => {
  let s3: TestS3;
  let server: TestServer;
  let admin: CreatedMember;
  let s3Running = false;
  const log = captureLog();

  beforeAll(async () => {
    s3 = await startTestS3();
    s3Running = true;
    server = await startTestServer({ ...s3.env(PREFIX), LOG_LEVEL: 'debug' }, { logStream: log.stream });
    admin = await createMember(server.context.db, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
    if (s3Running) await s3.close();
  });

  const guest = () => createMember(server.context.db, { tier: 'guest' });

  it('finds its bucket at start', async () => {
    await expect
      .poll(() => log.lines().find((line) => line.msg === 'file store bucket reachable'))
      .toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint });
  });

  it('stores the upload as an object with its type; its owner and admins download it', async () => {
    const owner = await guest();
    const before = await activationRowCounts(server.context.db);
    const sent = await uploadProof<Submitted>(server, owner.token, validProof());
    expect(sent.status).toBe(201);
    const proofId = sent.body.data!.activation.proof!.id;

    const key = await fileKeyOf(server.context.db, proofId);
    expect(key.startsWith(PREFIX)).toBe(true);
    expect(await s3.keys()).toContain(key);
    expect(await s3.contentTypeOf(key)).toBe('image/png');
    // The bytes are in the bucket, not in the database.
    expect(await activationRowCounts(server.context.db)).toEqual({ proofs: before.proofs + 1, files: before.files });

    const asOwner = await fetchProofFile(server, proofId, owner.token);
    expect(asOwner.status).toBe(200);
    expect(asOwner.headers.get('content-type')).toBe('image/png');
    expect(asOwner.bytes.equals(PNG_BYTES)).toBe(true);
    const asAdmin = await fetchProofFile(server, proofId, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.bytes.equals(PNG_BYTES)).toBe(true);
    expect((await fetchProofFile(server, proofId, (await guest()).token)).status).toBe(404);
  });

  it('removes the replaced proof’s object once the new proof is saved', async () => {
    const member = await guest();
    const first = await uploadProof<Submitted>(server, member.token, validProof({ brokerAccount: 'FIRST-1' }));
    const firstKey = await fileKeyOf(server.context.db, first.body.data!.activation.proof!.id);
    expect(await s3.contentTypeOf(firstKey)).toBe('image/png');

    const second = await uploadProof<Submitted>(
      server,
      member.token,
      validProof({ file: { bytes: PDF_BYTES, name: 'deposit.pdf', type: 'application/pdf' } }),
    );
    expect(second.status).toBe(201);
    const secondId = second.body.data!.activation.proof!.id;
    const secondKey = await fileKeyOf(server.context.db, secondId);
    expect(await s3.contentTypeOf(firstKey)).toBeNull();
    expect(await s3.contentTypeOf(secondKey)).toBe('application/pdf');
    expect((await fetchProofFile(server, secondId, member.token)).bytes.equals(PDF_BYTES)).toBe(true);
  });

  it('removes the new object when the transaction that would reference it fails', async () => {
    const member = await guest();
    const restore = await refuseProofsFor(server.context.db, 'ROLLBACK-1');
    try {
      const keysBefore = await s3.keys();
      const before = await activationRowCounts(server.context.db);
      const refused = await uploadProof(server, member.token, validProof({ brokerAccount: 'ROLLBACK-1' }));
      expect(refused.status).toBe(500);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'internal' } });
      expect(await activationRowCounts(server.context.db)).toEqual(before);
      expect(await s3.keys()).toEqual(keysBefore);
    } finally {
      await restore();
    }
    // The same member's next upload goes through: nothing was left half-written.
    expect((await uploadProof(server, member.token, validProof())).status).toBe(201);
  });

  it('answers 503 within its time budget when the store accepts connections but never answers', async () => {
    const silent = await startSilentServer();
    const hungLog = captureLog();
    const hung = await startTestServer(
      { ...s3.env(PREFIX), S3_ENDPOINT: silent.endpoint, S3_TIMEOUT_MS: '800' },
      { logStream: hungLog.stream },
    );
    try {
      // The start looked for the bucket without waiting for it, and said what went wrong.
      await expect
        .poll(() => hungLog.lines().find((line) => line.operation === 'check'))
        .toMatchObject({ level: 50, msg: 'file store call failed', endpoint: silent.endpoint });
      const member = await createMember(hung.context.db, { tier: 'guest' });
      const before = await activationRowCounts(hung.context.db);
      const started = Date.now();
      const upload = await uploadProof(hung, member.token, validProof());
      expect(Date.now() - started).toBeLessThan(5000);
      expect(upload.status).toBe(503);
      expect(upload.body).toMatchObject({
        success: false,
        message: Messages.common.fileStoreUnavailable,
        error: { code: 'unavailable' },
      });
      expect(await activationRowCounts(hung.context.db)).toEqual(before);

      // A proof whose object the store cannot hand over: the download answers 503 too.
      const proof = await hung.context.db
        .insertInto('activation_proofs')
        .values({
          user_id: member.user.id,
          broker_account: 'BRK-1',
          deposit_amount: 250,
          access_path: null,
          file_key: `${PREFIX}${'A'.repeat(43)}`,
          file_type: 'image/png',
          file_size: PNG_BYTES.length,
          file_name: 'deposit.png',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const download = await fetch(`${hung.url}/api/activation/proof/${proof.id}/file`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(download.status).toBe(503);
      expect(await download.json()).toMatchObject({ success: false, error: { code: 'unavailable' } });
    } finally {
      await hung.close();
      await silent.close();
    }
  });

  it('answers 503 on upload and download once the store is down', async () => {
    const member = await guest();
    const sent = await uploadProof<Submitted>(server, member.token, validProof());
    const proofId = sent.body.data!.activation.proof!.id;
    await s3.close();
    s3Running = false;

    const download = await fetch(`${server.url}/api/activation/proof/${proofId}/file`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(download.status).toBe(503);
    expect(await download.json()).toMatchObject({
      success: false,
      message: Messages.common.fileStoreUnavailable,
      error: { code: 'unavailable' },
    });
    const before = await activationRowCounts(server.context.db);
    const upload = await uploadProof(server, member.token, validProof({ brokerAccount: 'AFTER-DOWN' }));
    expect(upload.status).toBe(503);
    expect(upload.body).toMatchObject({ success: false, error: { code: 'unavailable' } });
    // The pending proof the member had is still theirs.
    expect(await activationRowCounts(server.context.db)).toEqual(before);
    const status = await server.api<TActivation>('GET', '/api/activation', { token: member.token });
    expect(status.body.data!.proof!.id).toBe(proofId);

    // Each failure is logged with its operation and cause, and the secret key never appears.
    const failures = log.lines().filter((line) => line.msg === 'file store call failed');
    expect(failures.map((line) => line.operation)).toEqual(['get', 'put']);
    expect(failures[0]).toMatchObject({
      store: 's3',
      bucket: s3.bucket,
      key: await fileKeyOf(server.context.db, proofId),
    });
    expect(log.text()).not.toContain(s3.secretKey);
  });
});
