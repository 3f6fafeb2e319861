import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's only account; it checks the key id, not a version-4 signature, so the secret is ours to pick. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The secret key the server is configured with, distinctive so a test can look for it in logs. */
  secretKey: string;
  /** Configuration of a server storing its files here. */
  env(keyPrefix?: string): Record<string, string>;
  /** Every object key in the bucket. */
  keys(): Promise<string[]>;
  /** An object's content type, or null when the key names nothing. */
  contentTypeOf(key: string): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST protocol over HTTP, objects on disk) on a free port,
 * with one empty bucket. Tests read the bucket through their own S3 client, not through the store.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'sr-s3-'));
  const secretKey = `sr-s3-secret-${randomBytes(12).toString('hex')}`;
  const bucket = 'signalroom-proofs';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: secretKey },
  });
  return {
    endpoint,
    bucket,
    secretKey,
    env: (keyPrefix = '') => ({
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: secretKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: keyPrefix,
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async contentTypeOf(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType ?? '';
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A TCP server that accepts connections and never answers: a store that hangs. */
export async function startSilentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address nothing listens on: a store that is down (connections refused). */
export async function unusedEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${address.port}`;
}
