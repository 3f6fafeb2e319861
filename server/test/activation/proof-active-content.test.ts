import type { ProofActiveContent, TActivation, TAdminActivation } from '@signalroom/shared';
import { sql } from 'kysely';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { PDF_BYTES, PNG_BYTES, uploadProof, validProof } from './activation-helpers.js';

/** A one-page statement, as a broker's export would be: what every PDF below starts from. */
async function statement(): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const page = document.addPage([420, 240]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText('Deposit confirmation: 250.00 USD, account BRK-4411', { x: 24, y: 200, size: 11, font });
  return document;
}

async function pdfWith(change: (document: PDFDocument) => Promise<void> | void): Promise<Uint8Array> {
  const document = await statement();
  await change(document);
  return document.save();
}

/**
 * Proofs that carry active content are accepted (the member is not refused for their broker's PDF) and
 * flagged with what was found, for the review queue and its API; a clean file is not.
 */
describe('proofs with active content', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    admin = (await createMember(server.context.db, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const cases: { name: string; bytes: () => Promise<Uint8Array>; type: string; expected: ProofActiveContent[] }[] = [
    { name: 'clean.pdf', bytes: () => pdfWith(() => {}), type: 'application/pdf', expected: [] },
    { name: 'minimal.pdf', bytes: async () => PDF_BYTES, type: 'application/pdf', expected: [] },
    { name: 'deposit.png', bytes: async () => PNG_BYTES, type: 'image/png', expected: [] },
    {
      name: 'script.pdf',
      // The document-level script of the Names tree, which a reader runs on opening.
      bytes: () => pdfWith((document) => document.addJavaScript('welcome', 'app.alert("Deposit confirmed")')),
      type: 'application/pdf',
      expected: ['javascript'],
    },
    {
      name: 'attachment.pdf',
      bytes: () =>
        pdfWith((document) =>
          document.attach(new TextEncoder().encode('MZ not really a program'), 'invoice.exe', {
            mimeType: 'application/octet-stream',
          }),
        ),
      type: 'application/pdf',
      expected: ['embedded-files'],
    },
    {
      name: 'launch.pdf',
      bytes: () =>
        pdfWith((document) => {
          document.catalog.set(
            PDFName.of('OpenAction'),
            document.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }),
          );
        }),
      type: 'application/pdf',
      expected: ['launch'],
    },
    {
      name: 'page-open.pdf',
      // A script on the page's open event (additional actions), not in the catalog.
      bytes: () =>
        pdfWith((document) => {
          document
            .getPage(0)
            .node.set(PDFName.of('AA'), document.context.obj({ O: { S: 'JavaScript', JS: PDFString.of('1') } }));
        }),
      type: 'application/pdf',
      expected: ['javascript', 'additional-actions'],
    },
    {
      name: 'damaged.pdf',
      bytes: async () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages [ 2 0 R >> endobj\n'),
      type: 'application/pdf',
      expected: ['uninspectable'],
    },
  ];

  it('accepts every file and flags each with the active content found in it', async () => {
    const uploaded = new Map<string, ProofActiveContent[]>();
    for (const { name, bytes, type, expected } of cases) {
      // One member per file: a member's new proof replaces their pending one.
      const member = await createMember(server.context.db);
      const answer = await uploadProof<{ activation: TActivation }>(
        server,
        member.token,
        validProof({ file: { bytes: await bytes(), name, type } }),
      );
      expect(answer.status, name).toBe(201);
      const id = answer.body.data?.activation.proof?.id as string;
      // The member's own answer says nothing of it.
      expect(answer.body.data?.activation.proof, name).not.toHaveProperty('activeContent');
      uploaded.set(id, expected);

      const [row] = await server.context.db
        .selectFrom('activation_proofs')
        .select('active_content')
        .where('id', '=', id)
        .execute();
      expect(row?.active_content, name).toEqual(expected);
    }

    const queue = await server.api<TAdminActivation[]>('GET', '/api/admin/activations?limit=100', { token: admin });
    expect(queue.status).toBe(200);
    const flags = new Map(queue.body.data?.map((item) => [item.id, item.activeContent]));
    for (const [id, expected] of uploaded) expect(flags.get(id), id).toEqual(expected);
  });

  it('shows a proof stored before files were inspected as not inspected (null), not as clean', async () => {
    const member = await createMember(server.context.db);
    const answer = await uploadProof<{ activation: TActivation }>(server, member.token, validProof());
    const id = answer.body.data?.activation.proof?.id as string;
    // As the migration leaves an older row.
    await sql`update activation_proofs set active_content = null where id = ${id}`.execute(server.context.db);
    const queue = await server.api<TAdminActivation[]>('GET', '/api/admin/activations?limit=100', { token: admin });
    expect(queue.body.data?.find((item) => item.id === id)?.activeContent).toBeNull();
  });
});
