import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Messages } from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared-node';
import { AppError } from '../http/app-error.js';
import type { FileStore } from './file-store.js';
import type { S3Settings } from './storage.config.js';

/**
 * Keys this store makes end in 32 random bytes in base64url (unguessable, URL-safe) after the key
 * prefix of the day; a stored key stays readable after S3_KEY_PREFIX changes.
 */
const OWN_KEY = /^[A-Za-z0-9!_.*'()/-]{0,900}[A-Za-z0-9_-]{43}$/;

/** Where the store reports its failures (the server's logger, with the module named). */
export interface S3FileStore extends FileStore {
  /** Looks for the bucket: false (and the cause logged) when it cannot be reached or read. */
  check(): Promise<boolean>;
  /** Closes the client's idle connections. */
  close(): void;
}

/**
 * Files as objects of one bucket on an S3-compatible server (AWS S3, MinIO, Ceph, R2 ...), each with
 * its content type. Every call is bounded by `timeoutMs`, retries included; a store that cannot be
 * reached or refuses us is logged with the cause and answered as a 503, so an upload or a download
 * never hangs and never ends as a bare 500.
 */
export function createS3FileStore(settings: S3Settings, logger: ModuleLogger): S3FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // One retry at most: the request waits for the store, so a second attempt must still fit the budget.
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: Math.min(settings.timeoutMs, 3000),
      requestTimeout: settings.timeoutMs,
      throwOnRequestTimeout: true,
    },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // The origin only: a URL's user-info part would be a credential.
  const endpoint = new URL(settings.endpoint).origin;
  const where = { store: 's3', bucket: settings.bucket, endpoint };
  const log = {
    info: (message: string) => logger.info(where, message),
    error: (details: object, message: string) => logger.error({ ...where, ...details }, message),
  };

  /** Runs one call within the time budget; anything but an expected answer becomes a logged 503. */
  async function call<T>(operation: string, key: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await run(AbortSignal.timeout(settings.timeoutMs));
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error, operation, key }, 'file store call failed');
      throw new AppError('unavailable', Messages.common.fileStoreUnavailable);
    }
  }

  return {
    async put(bytes, contentType) {
      const key = `${settings.keyPrefix}${randomBytes(32).toString('base64url')}`;
      await call('put', key, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
          { abortSignal },
        ),
      );
      return key;
    },
    async get(key) {
      if (!OWN_KEY.test(key)) return null;
      return call('get', key, async (abortSignal) => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }), {
            abortSignal,
          });
          if (!object.Body) return null;
          const bytes = await object.Body.transformToByteArray();
          return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
        } catch (error) {
          if (error instanceof NoSuchKey) return null;
          throw error;
        }
      });
    },
    async delete(key) {
      if (!OWN_KEY.test(key)) return;
      // S3 answers 204 for a key that does not exist: deleting twice is not an error.
      await call('delete', key, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }), { abortSignal }),
      );
    },
    async check() {
      try {
        await call('check', '', (abortSignal) =>
          client.send(new HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal }),
        );
      } catch {
        return false; // call() has logged the cause with the operation.
      }
      log.info('file store bucket reachable');
      return true;
    },
    close() {
      client.destroy();
    },
  };
}
