import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  decodeBase64,
  ed25519NoteSigner,
  encodeBase64,
  NOTE_KEY_TYPE_ED25519,
  type NoteSigner,
  noteKeyId,
} from '@signalroom/shared/tlog';
import type { Kysely } from 'kysely';
import type { ModuleLogger } from './logger.js';
import type { RecordSettings } from './record-config.js';
import type { Database } from './schema.js';

/**
 * The log's Ed25519 signing key, kept in a file of its own (mode 600 in a folder of mode 700), never in
 * the database it signs for: whoever can rewrite the database must not also hold the pen. The file
 * holds the key in the form Go's `golang.org/x/mod/sumdb/note` package reads
 * (`PRIVATE+KEY+<name>+<key ID>+<base64(0x01 || seed)>`), its name being the log's origin. Every
 * signing reads the file's state first, so a key changed on disk (by a rotation, which the log announces
 * first) is picked up at once and no process keeps signing with a stale key.
 */

/** Thrown when the key cannot be used as configured; its message is the sentence an operator acts on. */
export class RecordKeyError extends Error {
  override name = 'RecordKeyError';
}

/** The row older releases kept the key in. */
export const LEGACY_KEY_SECRET = 'track_record_ed25519';

export interface RecordKeyring {
  /** The log's origin: the key's name. */
  readonly origin: string;
  /** Where the key lives (null: in memory, for a log in an in-memory database). */
  readonly keyFile: string | null;
  /** The signer the key file holds now (read again whenever the file changed on disk). */
  current(): Promise<NoteSigner>;
}

/** The private key as a line of text. */
export function formatPrivateKey(name: string, seed: Uint8Array): string {
  const signer = ed25519NoteSigner(name, seed);
  const id = noteKeyId(name, NOTE_KEY_TYPE_ED25519, signer.publicKey).toString(16).padStart(8, '0');
  return `PRIVATE+KEY+${name}+${id}+${encodeBase64(new Uint8Array([NOTE_KEY_TYPE_ED25519, ...seed]))}\n`;
}

/** Reads a private key line; throws RecordKeyError naming the file when it is not one. */
export function parsePrivateKey(text: string, where: string): { name: string; seed: Uint8Array } {
  // The key part is base64, which may hold '+' itself: it is everything after the fourth '+'.
  const parts = text.trim().split('+');
  const [p, k, name, id] = parts;
  const encoded = parts.slice(4).join('+');
  const bad = () => new RecordKeyError(`${where} does not hold a signing key (PRIVATE+KEY+<name>+<id>+<key>)`);
  if (parts.length < 5 || p !== 'PRIVATE' || k !== 'KEY' || !name || !id || !encoded) throw bad();
  const bytes = decodeBase64(encoded);
  if (!bytes || bytes.length !== 33 || bytes[0] !== NOTE_KEY_TYPE_ED25519) throw bad();
  const seed = bytes.slice(1);
  const expected = noteKeyId(name, NOTE_KEY_TYPE_ED25519, ed25519NoteSigner(name, seed).publicKey);
  if (Number.parseInt(id, 16) !== expected || !/^[0-9a-f]{8}$/.test(id)) throw bad();
  return { name, seed };
}

/** The key older releases stored in `app_secrets` (a JWK), as a seed; null when there is none. */
async function readLegacyKey(db: Kysely<Database>): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', LEGACY_KEY_SECRET)
    .executeTakeFirst();
  if (!row) return null;
  const { jwk } = JSON.parse(row.value) as { jwk: { d: string } };
  return new Uint8Array(Buffer.from(jwk.d, 'base64url'));
}

/** Writes a new key file that must not exist yet (mode 600, its folder 700); false when another process won. */
async function createKeyFile(path: string, content: string): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** Replaces a key file atomically (a temporary file renamed over it), mode 600. */
export async function replaceKeyFile(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600, flush: true });
  await rename(temporary, path);
}

/** The name of the file a rotation writes the next key to before the log announces it. */
export const nextKeyFile = (path: string) => `${path}.next`;

/**
 * Moves the key older releases kept in the database into the key file and removes it from the database,
 * with an audit row, in one transaction (the file is written first, so a failure leaves the key in one
 * place at least). Answers the origin the file names.
 */
export async function moveLegacyKeyToFile(
  db: Kysely<Database>,
  path: string,
  origin: string,
  actor: { id: string | null; email: string; reason: string },
): Promise<void> {
  const seed = await readLegacyKey(db);
  if (!seed) throw new RecordKeyError('The database holds no signing key to move.');
  const content = formatPrivateKey(origin, seed);
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (exists) {
    const onDisk = parsePrivateKey(await readFile(path, 'utf8'), path);
    if (Buffer.compare(Buffer.from(onDisk.seed), Buffer.from(seed)) !== 0) {
      throw new RecordKeyError(`${path} already holds another key; the database's key was left where it is.`);
    }
  } else {
    await replaceKeyFile(path, content);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_secrets').where('name', '=', LEGACY_KEY_SECRET).execute();
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: actor.id,
        actor_email: actor.email,
        action: 'track-record.key-exported',
        target_type: 'track-record',
        target_id: null,
        target_label: path,
        before: JSON.stringify({ keyIn: 'database' }),
        after: JSON.stringify({ keyIn: 'file', origin }),
        reason: actor.reason,
        ip: null,
      })
      .execute();
  });
}

const keyrings = new WeakMap<Kysely<Database>, Promise<RecordKeyring>>();

/**
 * The keyring of this database's log, opened once per process (a server and the worker it runs share
 * it). Opening creates the key file when there is none, or refuses with a RecordKeyError: a key still in
 * the database in production (the operator moves it with `npm run admin -- record-key-export`), a key
 * file named for another origin than RECORD_ORIGIN, a file that holds no key.
 */
export function openRecordKeyring(
  db: Kysely<Database>,
  settings: RecordSettings,
  logger: ModuleLogger,
): Promise<RecordKeyring> {
  let keyring = keyrings.get(db);
  if (!keyring) {
    keyring = createKeyring(db, settings, logger);
    keyrings.set(db, keyring);
    // A failed open is not kept: the next caller tries again (and meets the same refusal, or not).
    keyring.catch(() => keyrings.delete(db));
  }
  return keyring;
}

/** The keyring this process opened for the database; throws when the composition root opened none. */
export function recordKeyringOf(db: Kysely<Database>): Promise<RecordKeyring> {
  const keyring = keyrings.get(db);
  if (!keyring) throw new Error('the track record key was not opened for this database (openRecordKeyring)');
  return keyring;
}

async function createKeyring(
  db: Kysely<Database>,
  settings: RecordSettings,
  logger: ModuleLogger,
): Promise<RecordKeyring> {
  const legacy = await readLegacyKey(db);
  const path = settings.keyFile;
  if (path === null) {
    const signer = ed25519NoteSigner(settings.origin ?? settings.defaultOrigin, legacy ?? randomBytes(32));
    return { origin: signer.name, keyFile: null, current: async () => signer };
  }
  if (legacy) await leaveDatabase(db, settings, path, logger);
  // A rotation interrupted after the log announced its next key leaves it beside the file.
  const pending = await stat(nextKeyFile(path)).catch(() => null);
  if (pending && !(await stat(path).catch(() => null))) await rename(nextKeyFile(path), path);
  const origin = settings.origin ?? settings.defaultOrigin;
  if (await createKeyFile(path, formatPrivateKey(origin, randomBytes(32)))) {
    logger.info({ keyFile: path, origin }, 'track record: a new signing key was created');
  }
  await chmod(path, 0o600);
  let cached: { stamp: string; signer: NoteSigner } | null = null;
  const read = async (): Promise<NoteSigner> => {
    // Any failure to stat means the file is not there to read: said below, by name.
    const info = await stat(path).catch(() => null);
    if (!info) throw new RecordKeyError(`The track record's signing key file ${path} is gone.`);
    const stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
    if (cached?.stamp === stamp) return cached.signer;
    const { name, seed } = parsePrivateKey(await readFile(path, 'utf8'), path);
    if (settings.origin !== null && name !== settings.origin) {
      throw new RecordKeyError(
        `${path} holds the key of the log "${name}", not of RECORD_ORIGIN "${settings.origin}": one log, one origin.`,
      );
    }
    if (cached && name !== cached.signer.name) {
      throw new RecordKeyError(`${path} now names the log "${name}"; this process signs for "${cached.signer.name}".`);
    }
    cached = { stamp, signer: ed25519NoteSigner(name, seed) };
    return cached.signer;
  };
  const first = await read();
  return { origin: first.name, keyFile: path, current: read };
}

/**
 * A key older releases kept in the database: production refuses to start and says how to move it;
 * elsewhere it is moved at once (audited), unless the key file already holds another key.
 */
async function leaveDatabase(
  db: Kysely<Database>,
  settings: RecordSettings,
  path: string,
  logger: ModuleLogger,
): Promise<void> {
  if (settings.production) {
    throw new RecordKeyError(
      "The track record's signing key is still in the database, beside the record it signs. Move it to its own " +
        `file before starting: npm run admin -- record-key-export --file ${path} --by <admin e-mail> ` +
        '(then keep the file out of database backups).',
    );
  }
  // No file yet (a first start): the origin comes from the settings.
  const existing = await readFile(path, 'utf8').catch(() => null);
  const origin = existing ? parsePrivateKey(existing, path).name : (settings.origin ?? settings.defaultOrigin);
  await moveLegacyKeyToFile(db, path, origin, {
    id: null,
    email: 'system',
    reason: 'the signing key left the database at start (outside production)',
  });
  logger.warn({ keyFile: path }, 'track record: the signing key was moved out of the database into its own file');
}

/** Removes a key file (tests and the import command's clean-up). */
export async function removeKeyFile(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
