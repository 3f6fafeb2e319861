import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The settings an S3 store cannot run without, named as the environment names them. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Where uploaded files (proofs of deposit) are kept, and the S3 settings. Its own object so config.ts
 * composes it in one line. The S3 keys are checked only when FILE_STORE=s3, one line per missing key.
 */
export const ZStorageEnv = z
  .object({
    /** `database` (default): bytea rows every server process sees. `s3`: an S3-compatible bucket. */
    FILE_STORE: z.enum(['database', 's3']).default('database'),
    /** Base URL of the S3 API, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** The bucket must exist; the server never creates it. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a bucket name (3-63 of a-z, 0-9, dots and hyphens)')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Address the bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted servers need it. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Prepended to every object key, e.g. `proofs/`, so one bucket can serve several deployments. */
    S3_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "only letters, digits and !_.*'()/- (characters safe in an object key)")
      .refine((prefix) => !prefix.startsWith('/'), 'must not start with a slash')
      .default(''),
    /** Bounds every call to the store, retries included: an unreachable store answers 503, never a hang. */
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.FILE_STORE !== 's3') return;
    for (const key of S3_REQUIRED) {
      if (env[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'required when FILE_STORE=s3' });
    }
  });

export type StorageEnv = z.output<typeof ZStorageEnv>;

/** What the S3 store needs, complete (parsing has checked the required keys). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  keyPrefix: string;
  timeoutMs: number;
}

/** The S3 settings of a parsed configuration with FILE_STORE=s3. */
export function s3SettingsOf(env: StorageEnv): S3Settings {
  const missing = S3_REQUIRED.filter((key) => env[key] === undefined);
  if (missing.length) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')}`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    keyPrefix: env.S3_KEY_PREFIX,
    timeoutMs: env.S3_TIMEOUT_MS,
  };
}
