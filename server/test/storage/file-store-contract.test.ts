import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../src/storage/file-store.js';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES } from '../activation/activation-helpers.js';
import { startTestS3 } from '../helpers/s3.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

interface StoreUnderTest {
  store: FileStore;
  /** Whether the store's backing storage still holds the key (a row, an object). */
  holds(key: string): Promise<boolean>;
  close(): Promise<void>;
}

const stores: [string, () => Promise<StoreUnderTest>][] = [
  [
    'database',
    async () => {
      const server = await startTestServer({ FILE_STORE: 'database' });
      return {
        store: server.context.files,
        holds: async (key) =>
          (await server.context.db.selectFrom('stored_files').select('id').where('id', '=', key).execute()).length ===
          1,
        close: () => server.close(),
      };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startTestS3();
      let server: TestServer;
      try {
        server = await startTestServer(s3.env('contract/'));
      } catch (error) {
        await s3.close();
        throw error;
      }
      return {
        store: server.context.files,
        holds: async (key) => (await s3.contentTypeOf(key)) !== null,
        close: async () => {
          await server.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(stores)('the %s file store keeps the FileStore contract', (_name, open) => {
  let subject: StoreUnderTest;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('answers each file with its bytes and its content type', async () => {
    const files = [
      { bytes: PNG_BYTES, type: 'image/png' },
      { bytes: JPEG_BYTES, type: 'image/jpeg' },
      { bytes: PDF_BYTES, type: 'application/pdf' },
    ];
    const keys = await Promise.all(files.map((file) => subject.store.put(new Uint8Array(file.bytes), file.type)));
    for (const [index, file] of files.entries()) {
      const stored = await subject.store.get(keys[index]!);
      expect(stored?.contentType).toBe(file.type);
      expect(Buffer.from(stored!.bytes).equals(file.bytes)).toBe(true);
    }
  });

  it('gives every file a new key that cannot be guessed from another', async () => {
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => subject.store.put(new Uint8Array(PNG_BYTES), 'image/png')),
    );
    expect(new Set(keys).size).toBe(5);
    // At least 122 random bits each (a v4 UUID; the S3 store uses 256): no two share a long common part.
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(32);
    const [a, b] = keys as [string, string];
    expect(a.slice(-20)).not.toBe(b.slice(-20));
  });

  it('answers null for a key that names nothing, well-formed or not', async () => {
    const key = await subject.store.put(new Uint8Array(PNG_BYTES), 'image/png');
    await subject.store.delete(key);
    expect(await subject.store.get(key)).toBeNull();
    for (const odd of ['', 'not-a-key', '../../etc/passwd', '00000000-0000-4000-8000-000000000000', 'x'.repeat(2000)]) {
      expect(await subject.store.get(odd)).toBeNull();
    }
  });

  it('deletes a file for good, and deleting a missing one is not an error', async () => {
    const kept = await subject.store.put(new Uint8Array(PDF_BYTES), 'application/pdf');
    const removed = await subject.store.put(new Uint8Array(PNG_BYTES), 'image/png');
    expect(await subject.holds(removed)).toBe(true);
    await subject.store.delete(removed);
    expect(await subject.holds(removed)).toBe(false);
    await expect(subject.store.delete(removed)).resolves.toBeUndefined();
    await expect(subject.store.delete('no-such-key')).resolves.toBeUndefined();
    // Only the named file went.
    expect(await subject.holds(kept)).toBe(true);
    expect((await subject.store.get(kept))?.contentType).toBe('application/pdf');
  });
});
