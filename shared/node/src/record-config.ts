import { NOTE_KEY_TYPE_COSIGNATURE_V1, parseVerifierKey } from '@signalroom/shared/tlog';
import { z } from 'zod';

/**
 * The track record's settings, shared by the server and the worker (both sign the log's checkpoints):
 * where the signing key lives, the log's origin, the independent witnesses that cosign its checkpoints
 * and how many of them must, and how soon after a signal's window opens their cosignatures must come
 * for it to count.
 */

/** One witness as RECORD_WITNESSES lists it: `<witness verifier key>@<base URL>`. */
export interface WitnessSetting {
  /** The witness's key name (the name on its signature lines). */
  name: string;
  /** Its cosignature verifier key (C2SP vkey, signature type 0x04). */
  verifierKey: string;
  /** Where it takes `POST <url>/add-checkpoint` (no trailing slash). */
  url: string;
}

/** Parses one `<vkey>@<url>`; throws with a sentence naming what is wrong. */
export function parseWitnessSetting(text: string): WitnessSetting {
  const trimmed = text.trim();
  // A verifier key's last part is base64 (never '@'); the URL follows the first '@' after it.
  const at = trimmed.indexOf('@', trimmed.lastIndexOf('+'));
  if (at < 0) throw new Error(`"${trimmed}" is not <witness verifier key>@<base URL>`);
  const verifierKey = trimmed.slice(0, at);
  const rawUrl = trimmed.slice(at + 1);
  let parsed: ReturnType<typeof parseVerifierKey>;
  try {
    parsed = parseVerifierKey(verifierKey);
  } catch (error) {
    throw new Error(`"${verifierKey}" is not a verifier key (${(error as Error).message})`);
  }
  if (parsed.type !== NOTE_KEY_TYPE_COSIGNATURE_V1) {
    throw new Error(`"${verifierKey}" is not a witness's cosignature key (signature type 0x04)`);
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new Error(`"${rawUrl}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${rawUrl}" is not an http(s) URL`);
  return { name: parsed.name, verifierKey, url: url.toString().replace(/\/+$/, '') };
}

/** RECORD_WITNESSES, comma-separated. */
function parseWitnessList(list: string, ctx: z.RefinementCtx): WitnessSetting[] {
  const witnesses: WitnessSetting[] = [];
  for (const item of list.split(',').filter((part) => part.trim() !== '')) {
    try {
      witnesses.push(parseWitnessSetting(item));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }
  const names = new Set(witnesses.map((w) => w.name));
  if (names.size !== witnesses.length) {
    ctx.addIssue({ code: 'custom', message: 'two witnesses share a key name; each must be listed once' });
    return z.NEVER;
  }
  return witnesses;
}

export const ZRecordEnv = z.object({
  /**
   * The log's identity, the first line of every checkpoint (a schema-less URL such as
   * `signals.example.com/track-record`). Unset: the key file's name, or, for a new key, the host and
   * path of PUBLIC_URL followed by /track-record.
   */
  RECORD_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, 'a name without spaces or "+" (e.g. signals.example.com/track-record)')
    .optional(),
  /**
   * The file holding the log's Ed25519 signing key (created there, mode 600, if missing). Unset: the
   * embedded data folder's `record-signing.key` (the server passes its DATA_DIR), else
   * ./data/record-signing.key. Never in the database it signs for.
   */
  RECORD_SIGNING_KEY_FILE: z.string().min(1).optional(),
  /** Independent witnesses, comma-separated `<witness verifier key>@<base URL>`; none by default. */
  RECORD_WITNESSES: z.string().default('').transform(parseWitnessList),
  /** How many witnesses must cosign for the record to count as witnessed; default: all of them. */
  RECORD_WITNESS_QUORUM: z.coerce.number().int().min(0).optional(),
  /** A signal counts only when a quorum cosigned its entry within this many seconds of its window opening. */
  RECORD_MAX_MERGE_DELAY_S: z.coerce.number().int().min(1).max(86_400).default(60),
});

export type RecordEnv = z.output<typeof ZRecordEnv>;

/** The quorum must be reachable with the witnesses listed. */
export function recordEnvProblems(env: RecordEnv): { key: string; message: string }[] {
  const quorum = env.RECORD_WITNESS_QUORUM;
  if (quorum !== undefined && quorum > env.RECORD_WITNESSES.length) {
    return [
      {
        key: 'RECORD_WITNESS_QUORUM',
        message: `${quorum} is more than the ${env.RECORD_WITNESSES.length} witnesses RECORD_WITNESSES lists`,
      },
    ];
  }
  return [];
}

/** The record's settings, resolved: the quorum defaulted, the key file located. */
export interface RecordSettings {
  /** RECORD_ORIGIN as set (null: taken from the key file, or derived for a new key). */
  origin: string | null;
  /** The origin a new key is made with when RECORD_ORIGIN is unset. */
  defaultOrigin: string;
  /** Where the key file is; null: the key lives in memory only (a log in an in-memory database). */
  keyFile: string | null;
  witnesses: WitnessSetting[];
  quorum: number;
  maxMergeDelayMs: number;
  production: boolean;
}

/** The origin PUBLIC_URL gives: its host and path, then /track-record (`localhost/track-record` without one). */
export function originFromPublicUrl(publicUrl: string | undefined): string {
  if (!publicUrl) return 'localhost/track-record';
  const url = new URL(publicUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}/track-record`;
}

/**
 * Resolves the record's settings. `dataDir` is the embedded database's folder when this process has one
 * (`memory://…` for a database that lives in memory, whose log then keeps its key in memory too).
 */
export function recordSettingsOf(
  env: RecordEnv & { PUBLIC_URL?: string; NODE_ENV?: string },
  dataDir?: string,
): RecordSettings {
  const inMemory = dataDir?.startsWith('memory://') ?? false;
  const keyFile =
    env.RECORD_SIGNING_KEY_FILE ??
    (inMemory ? null : `${(dataDir ?? './data').replace(/\/+$/, '')}/record-signing.key`);
  return {
    origin: env.RECORD_ORIGIN ?? null,
    defaultOrigin: originFromPublicUrl(env.PUBLIC_URL),
    keyFile,
    witnesses: env.RECORD_WITNESSES,
    quorum: env.RECORD_WITNESS_QUORUM ?? env.RECORD_WITNESSES.length,
    maxMergeDelayMs: env.RECORD_MAX_MERGE_DELAY_S * 1000,
    production: env.NODE_ENV === 'production',
  };
}
