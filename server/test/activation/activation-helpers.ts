import type { Envelope } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { TestServer } from '../helpers/test-server.js';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND): what an image viewer opens and file-type recognises. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a JPEG (SOI and a JFIF APP0 segment) followed by filler: enough for byte sniffing. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
  Buffer.alloc(64, 0x20),
  Buffer.from([0xff, 0xd9]),
]);

/** A minimal PDF document. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface ProofForm {
  brokerAccount?: string;
  depositAmount?: string;
  accessPath?: string;
  file?: { bytes: Uint8Array; name: string; type: string } | null;
  /** Extra parts, e.g. an unknown field or a second file. */
  extra?: (form: FormData) => void;
  /** Sent as the Idempotency-Key header. */
  idempotencyKey?: string;
}

/** Posts a proof as multipart/form-data over real HTTP, as the browser's form does. */
export async function uploadProof<T = unknown>(
  server: Pick<TestServer, 'url'>,
  token: string | null,
  proof: ProofForm,
): Promise<{ status: number; body: Envelope<T> }> {
  const form = new FormData();
  if (proof.brokerAccount !== undefined) form.set('brokerAccount', proof.brokerAccount);
  if (proof.depositAmount !== undefined) form.set('depositAmount', proof.depositAmount);
  if (proof.accessPath !== undefined) form.set('accessPath', proof.accessPath);
  if (proof.file)
    form.set('file', new Blob([new Uint8Array(proof.file.bytes)], { type: proof.file.type }), proof.file.name);
  proof.extra?.(form);
  const response = await fetch(`${server.url}/api/activation/proof`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(proof.idempotencyKey ? { 'idempotency-key': proof.idempotencyKey } : {}),
    },
    body: form,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Envelope<T> };
  } catch {
    throw new Error(`Non-JSON answer ${response.status}: ${text.slice(0, 200)}`);
  }
}

export const validProof = (overrides: Partial<ProofForm> = {}): ProofForm => ({
  brokerAccount: 'BRK-4411',
  depositAmount: '250',
  accessPath: 'manual',
  file: { bytes: PNG_BYTES, name: 'deposit.png', type: 'image/png' },
  ...overrides,
});

/** Rows of the tables an upload writes, to prove a refused upload wrote nothing. */
export async function activationRowCounts(db: Db): Promise<{ proofs: number; files: number }> {
  const [proofs, files] = await Promise.all([
    db
      .selectFrom('activation_proofs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('stored_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { proofs: Number(proofs.n), files: Number(files.n) };
}

/** Fetches a proof's file with a session; answers the status, headers and bytes. */
export async function fetchProofFile(server: Pick<TestServer, 'url'>, id: string, token: string | null) {
  const response = await fetch(`${server.url}/api/activation/proof/${id}/file`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The file-store key a proof references. */
export async function fileKeyOf(db: Db, proofId: string): Promise<string> {
  const row = await db
    .selectFrom('activation_proofs')
    .select('file_key')
    .where('id', '=', proofId)
    .executeTakeFirstOrThrow();
  return row.file_key;
}

/** A real database failure inside the upload's transaction, for one broker account only. */
export async function refuseProofsFor(db: Db, brokerAccount: string): Promise<() => Promise<void>> {
  await sql`
    create function sr_test_refuse_proof() returns trigger language plpgsql as $$
    begin
      if new.broker_account = ${sql.lit(brokerAccount)} then raise exception 'refused by the test'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger sr_test_refuse_proof before insert on activation_proofs
    for each row execute function sr_test_refuse_proof()`.execute(db);
  return async () => {
    await sql`drop trigger sr_test_refuse_proof on activation_proofs`.execute(db);
    await sql`drop function sr_test_refuse_proof()`.execute(db);
  };
}
