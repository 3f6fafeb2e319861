import {
  AccountSetupMessages,
  ActivationMessages,
  Messages,
  PROOF_LIMITS,
  type TActivation,
  type TBusEvent,
  type TUser,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  activationRowCounts,
  fetchProofFile,
  JPEG_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  uploadProof,
  validProof,
} from './activation-helpers.js';

type Submitted = { activation: TActivation; user: TUser };

describe('proof of deposit: upload, status and file', () => {
  let server: TestServer;
  let admin: CreatedMember;
  const events: TBusEvent[] = [];
  let unsubscribe: () => void = () => {};

  beforeAll(async () => {
    // Twice the default limits: this file sends more uploads from one address than a person would.
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '2' });
    admin = await createMember(server.context.db, { role: 'admin' });
    unsubscribe = server.context.bus.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    unsubscribe();
    await server?.close();
  });

  const guest = () => createMember(server.context.db, { tier: 'guest', fullName: 'Uma Upload' });

  it('answers 401 to every activation call without a session', async () => {
    expect((await server.api('GET', '/api/activation')).status).toBe(401);
    const before = await activationRowCounts(server.context.db);
    const upload = await uploadProof(server, null, validProof());
    expect(upload.status).toBe(401);
    expect(upload.body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
    expect((await fetchProofFile(server, '00000000-0000-4000-8000-000000000000', null)).status).toBe(401);
    expect(await activationRowCounts(server.context.db)).toEqual(before);
  });

  it('stores a proof: pending status, the file as sent, the declared details on the profile', async () => {
    const member = await guest();
    const none = await server.api<TActivation>('GET', '/api/activation', { token: member.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ status: 'none', proof: null });

    const before = await activationRowCounts(server.context.db);
    const sent = await uploadProof<Submitted>(
      server,
      member.token,
      validProof({ brokerAccount: '  BRK-7001 ', depositAmount: '650.5', accessPath: 'auto' }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(ActivationMessages.submitted);
    const proof = sent.body.data!.activation.proof!;
    expect(sent.body.data!.activation.status).toBe('pending');
    expect(proof).toMatchObject({
      status: 'pending',
      brokerAccount: 'BRK-7001',
      depositAmount: 650.5,
      accessPath: 'auto',
      fileType: 'image/png',
      fileSize: PNG_BYTES.length,
      fileName: 'deposit.png',
      reviewedAt: null,
      tier: null,
      reason: null,
    });
    expect(proof).not.toHaveProperty('fileKey');
    expect(sent.body.data!.user).toMatchObject({
      brokerAccountId: 'BRK-7001',
      depositAmount: 650.5,
      accessPath: 'auto',
      tier: 'guest',
      dashboardUnlocked: false,
    });
    expect(await activationRowCounts(server.context.db)).toEqual({
      proofs: before.proofs + 1,
      files: before.files + 1,
    });

    const status = await server.api<TActivation>('GET', '/api/activation', { token: member.token });
    expect(status.body.data).toEqual(sent.body.data!.activation);

    const file = await fetchProofFile(server, proof.id, member.token);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PNG_BYTES)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="proof-[0-9a-f]{8}\.png"$/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // The download's own policy replaces the app's: nothing in it may run, even if opened in a tab.
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('cache-control')).toContain('no-store');

    await expect
      .poll(() =>
        events.some(
          (e) => e.type === 'activation:new' && e.proof.id === proof.id && e.proof.member.id === member.user.id,
        ),
      )
      .toBe(true);
    expect(events.some((e) => e.type === 'activation:update' && e.userId === member.user.id)).toBe(true);
  });

  it('serves a proof file only to its owner and admins; others get 404', async () => {
    const owner = await guest();
    const other = await guest();
    const sent = await uploadProof<Submitted>(server, owner.token, validProof());
    const id = sent.body.data!.activation.proof!.id;
    const asAdmin = await fetchProofFile(server, id, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.bytes.equals(PNG_BYTES)).toBe(true);
    const asOther = await fetchProofFile(server, id, other.token);
    expect(asOther.status).toBe(404);
    expect(asOther.bytes.toString()).not.toContain('PNG');
    expect((await fetchProofFile(server, '00000000-0000-4000-8000-000000000000', owner.token)).status).toBe(404);
    expect((await fetchProofFile(server, 'not-an-id', owner.token)).status).toBe(404);
  });

  it('takes the file type from the bytes: JPEG and PDF pass, a text file named .png does not', async () => {
    const member = await guest();
    const jpeg = await uploadProof<Submitted>(
      server,
      member.token,
      validProof({ file: { bytes: JPEG_BYTES, name: 'scan.png', type: 'image/png' } }),
    );
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.data!.activation.proof!.fileType).toBe('image/jpeg');
    const pdf = await uploadProof<Submitted>(
      server,
      member.token,
      validProof({ file: { bytes: PDF_BYTES, name: 'statement', type: 'application/octet-stream' } }),
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body.data!.activation.proof!.fileType).toBe('application/pdf');
    const file = await fetchProofFile(server, pdf.body.data!.activation.proof!.id, member.token);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/\.pdf"$/);

    const before = await activationRowCounts(server.context.db);
    const fake = await uploadProof(
      server,
      member.token,
      validProof({
        file: { bytes: Buffer.from('this is not an image\n'.repeat(20)), name: 'proof.png', type: 'image/png' },
      }),
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({
      success: false,
      message: 'Upload a PNG, JPEG, WebP or PDF file',
      error: { code: 'validation_failed', fields: { file: ActivationMessages.fileType } },
    });
    const html = await uploadProof(
      server,
      member.token,
      validProof({
        file: { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.pdf', type: 'application/pdf' },
      }),
    );
    expect(html.status).toBe(400);
    expect(await activationRowCounts(server.context.db)).toEqual(before);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const member = await guest();
    const cases: Array<[string, Parameters<typeof validProof>[0], string]> = [
      ['no broker account', { brokerAccount: undefined }, ActivationMessages.brokerAccountRequired],
      ['blank broker account', { brokerAccount: '   ' }, ActivationMessages.brokerAccountRequired],
      ['long broker account', { brokerAccount: 'B'.repeat(65) }, ActivationMessages.brokerAccountTooLong],
      ['no deposit', { depositAmount: undefined }, ActivationMessages.depositRequired],
      ['deposit not a number', { depositAmount: 'lots' }, ActivationMessages.depositInvalid],
      ['negative deposit', { depositAmount: '-40' }, ActivationMessages.depositInvalid],
      ['manual below $30', { depositAmount: '29.99' }, AccountSetupMessages.depositBelowMinimum.manual],
      ['auto below $500', { accessPath: 'auto', depositAmount: '499' }, AccountSetupMessages.depositBelowMinimum.auto],
      ['unknown path', { accessPath: 'robot' }, ActivationMessages.accessPathInvalid],
      ['no file', { file: null }, ActivationMessages.fileRequired],
      [
        'empty file',
        { file: { bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' } },
        ActivationMessages.fileRequired,
      ],
      ['unknown field', { extra: (f) => f.set('tier', 'gold') }, Messages.common.unknownField('tier')],
      ['hidden characters', { brokerAccount: 'MT5-\u0000123' }, Messages.common.hiddenCharacters],
      [
        'second file',
        { extra: (f) => f.append('file', new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }), 'b.png') },
        ActivationMessages.tooManyParts,
      ],
      [
        'file under another name',
        {
          file: null,
          extra: (f) => f.set('proof', new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }), 'a.png'),
        },
        ActivationMessages.tooManyParts,
      ],
    ];
    const before = await activationRowCounts(server.context.db);
    for (const [name, overrides, message] of cases) {
      const answer = await uploadProof(server, member.token, validProof(overrides));
      expect(answer.status, name).toBe(400);
      expect(answer.body.success, name).toBe(false);
      expect(answer.body.message, name).toBe(message);
    }
    const json = await server.api('POST', '/api/activation/proof', {
      token: member.token,
      body: { brokerAccount: 'B', depositAmount: 100 },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(ActivationMessages.notMultipart);
    expect(await activationRowCounts(server.context.db)).toEqual(before);
    const row = await server.context.db
      .selectFrom('users')
      .select(['broker_account_id', 'deposit_amount'])
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ broker_account_id: null, deposit_amount: '0.00' });
  });

  it('answers 413 in the envelope for a file over 5 MB and writes nothing', async () => {
    const member = await guest();
    const before = await activationRowCounts(server.context.db);
    // Just over the limit: read, found too large while reading.
    const justOver = Buffer.concat([PNG_BYTES, Buffer.alloc(PROOF_LIMITS.maxFileBytes + 1 - PNG_BYTES.length)]);
    const over = await uploadProof(
      server,
      member.token,
      validProof({ file: { bytes: justOver, name: 'big.png', type: 'image/png' } }),
    );
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      success: false,
      message: ActivationMessages.fileTooLarge,
      error: { code: 'too_large' },
    });
    // Far over: refused from the declared length before the body is read.
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(8 * 1024 * 1024)]);
    const far = await uploadProof(
      server,
      member.token,
      validProof({ file: { bytes: huge, name: 'huge.png', type: 'image/png' } }),
    );
    expect(far.status).toBe(413);
    expect(far.body.message).toBe(ActivationMessages.fileTooLarge);
    // Exactly at the limit is accepted.
    const atLimit = Buffer.concat([PNG_BYTES, Buffer.alloc(PROOF_LIMITS.maxFileBytes - PNG_BYTES.length)]);
    expect(await activationRowCounts(server.context.db)).toEqual(before);
    const fits = await uploadProof(
      server,
      member.token,
      validProof({ file: { bytes: atLimit, name: 'max.png', type: 'image/png' } }),
    );
    expect(fits.status).toBe(201);
  });

  it('replaces a pending proof: one pending row per member, the old file removed', async () => {
    const member = await guest();
    const first = await uploadProof<Submitted>(server, member.token, validProof({ brokerAccount: 'FIRST-1' }));
    const firstId = first.body.data!.activation.proof!.id;
    const firstKey = (
      await server.context.db
        .selectFrom('activation_proofs')
        .select('file_key')
        .where('id', '=', firstId)
        .executeTakeFirstOrThrow()
    ).file_key;
    const before = await activationRowCounts(server.context.db);
    const second = await uploadProof<Submitted>(
      server,
      member.token,
      validProof({ brokerAccount: 'SECOND-2', depositAmount: '80' }),
    );
    expect(second.status).toBe(201);
    const secondId = second.body.data!.activation.proof!.id;
    expect(secondId).not.toBe(firstId);
    expect(await activationRowCounts(server.context.db)).toEqual(before);
    const rows = await server.context.db
      .selectFrom('activation_proofs')
      .select(['id', 'status', 'broker_account'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(rows).toEqual([{ id: secondId, status: 'pending', broker_account: 'SECOND-2' }]);
    const oldFile = await server.context.db
      .selectFrom('stored_files')
      .select('id')
      .where('id', '=', firstKey)
      .execute();
    expect(oldFile).toEqual([]);
    expect((await fetchProofFile(server, firstId, member.token)).status).toBe(404);
    await expect
      .poll(() => events.find((e) => e.type === 'activation:new' && e.proof.id === secondId))
      .toMatchObject({ replacesId: firstId });

    // The rule is the database's own: a second pending row for the member cannot exist.
    const fileKey = (
      await server.context.db
        .selectFrom('activation_proofs')
        .select('file_key')
        .where('id', '=', secondId)
        .executeTakeFirstOrThrow()
    ).file_key;
    await expect(
      server.context.db
        .insertInto('activation_proofs')
        .values({
          user_id: member.user.id,
          broker_account: 'X',
          deposit_amount: 50,
          access_path: null,
          file_key: fileKey,
          file_type: 'image/png',
          file_size: 1,
          file_name: 'x.png',
        })
        .execute(),
    ).rejects.toThrow(/activation_proofs_one_pending_key|unique/i);
  });

  it('keeps one pending proof when a member uploads twice at the same moment', async () => {
    const member = await guest();
    const answers = await Promise.all([
      uploadProof(server, member.token, validProof({ brokerAccount: 'RACE-A' })),
      uploadProof(server, member.token, validProof({ brokerAccount: 'RACE-B' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const rows = await server.context.db
      .selectFrom('activation_proofs')
      .select(['file_key'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    const files = await server.context.db
      .selectFrom('stored_files')
      .select('id')
      .where('id', '=', rows[0]!.file_key)
      .execute();
    expect(files).toHaveLength(1);
  });

  it('limits uploads per session with a 429 in the envelope', async () => {
    const member = await guest();
    const limit = 30 * 2;
    for (let i = 0; i < limit; i++) {
      const answer = await uploadProof(server, member.token, validProof({ file: null }));
      expect(answer.status).toBe(400);
    }
    const over = await uploadProof(server, member.token, validProof());
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, error: { code: 'rate_limited' } });
    expect((await server.api<TActivation>('GET', '/api/activation', { token: member.token })).body.data?.status).toBe(
      'none',
    );
    // Another member is not held back by it.
    expect((await uploadProof(server, (await guest()).token, validProof())).status).toBe(201);
  });
});
