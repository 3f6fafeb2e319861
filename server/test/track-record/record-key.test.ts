import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TTrackRecordEntry, verifyTrackRecordOnline } from '@signalroom/shared';
import { ed25519NoteSigner } from '@signalroom/shared/tlog';
import {
  type Database,
  formatPrivateKey,
  LEGACY_KEY_SECRET,
  openRecordKeyring,
  RecordKeyError,
  recordSettingsOf,
} from '@signalroom/shared-node';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecordKeyCommand } from '../../src/cli/record-key.commands.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { issueSignalNow } from '../helpers/witnessed-log.js';

/**
 * The log's signing key lives in a file of its own: a key left in the database (as older releases kept
 * it) stops production from starting with the command that moves it, and elsewhere is moved at once,
 * audited; a key changes only in public, endorsed by the key before it, so a verifier that pinned the
 * old key follows it; a key swapped in the file without that is refused at the next append.
 */

/** Another process's view of the same database (its own keyring and log state). */
const freshView = (db: Kysely<Database>) =>
  db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A key as older releases stored it in app_secrets: the private key as a JWK. */
function legacyKeyValue(seed: Uint8Array): string {
  const publicKey = ed25519NoteSigner('x', seed).publicKey;
  return JSON.stringify({
    jwk: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(seed).toString('base64url'),
      x: Buffer.from(publicKey).toString('base64url'),
    },
  });
}

describe('the signing key of the track record', () => {
  let server: TestServer;
  let dir: string;
  let keyFile: string;
  let admin: Awaited<ReturnType<typeof createMember>>;
  const origin = 'keys.signalroom.local/track-record';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sr-record-key-'));
    keyFile = join(dir, 'record-signing.key');
    await writeFile(keyFile, formatPrivateKey(origin, randomBytes(32)), { mode: 0o600 });
    server = await startTestServer({ RECORD_SIGNING_KEY_FILE: keyFile, RECORD_ORIGIN: origin });
    admin = await createMember(server.context.db, { role: 'admin' });
    await issueSignalNow(server, 2000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses production a key left in the database, saying how to move it; elsewhere moves it, audited', async () => {
    const seed = randomBytes(32);
    const db = freshView(server.context.db);
    const legacyFile = join(dir, 'legacy.key');
    await db
      .insertInto('app_secrets')
      .values({ name: LEGACY_KEY_SECRET, value: legacyKeyValue(seed) })
      .execute();
    const settings = recordSettingsOf({
      RECORD_SIGNING_KEY_FILE: legacyFile,
      RECORD_ORIGIN: origin,
      RECORD_WITNESSES: [],
      RECORD_MAX_MERGE_DELAY_S: 60,
    });
    const refusal = await openRecordKeyring(db, { ...settings, production: true }, silent).catch(
      (error: Error) => error,
    );
    expect(refusal).toBeInstanceOf(RecordKeyError);
    expect((refusal as Error).message).toContain(`npm run admin -- record-key-export --file ${legacyFile}`);

    const moved = await openRecordKeyring(freshView(server.context.db), settings, silent);
    expect((await moved.current()).verifierKey).toBe(ed25519NoteSigner(origin, seed).verifierKey);
    expect((await stat(legacyFile)).mode & 0o777).toBe(0o600);
    const left = await server.context.db
      .selectFrom('app_secrets')
      .select('name')
      .where('name', '=', LEGACY_KEY_SECRET)
      .execute();
    expect(left).toEqual([]);
    const audit = await server.context.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'track-record.key-exported')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('changes only in public: the log names the new key, endorsed by the old, and a pinned verifier follows', async () => {
    const before = (await server.api<{ verifierKey: string }>('GET', '/api/track-record/key')).body.data?.verifierKey;
    const settings = recordSettingsOf({
      RECORD_SIGNING_KEY_FILE: keyFile,
      RECORD_ORIGIN: origin,
      RECORD_WITNESSES: [],
      RECORD_MAX_MERGE_DELAY_S: 60,
    });
    const said = await runRecordKeyCommand(
      'record-key-rotate',
      ['--by', admin.user.email, '--reason', 'yearly key rotation'],
      {
        db: freshView(server.context.db),
        settings,
        payoutPercent: 80,
      },
    );
    expect(said).toContain('endorsed by the old key');
    const after = (await server.api<{ verifierKey: string }>('GET', '/api/track-record/key')).body.data?.verifierKey;
    expect(after).not.toBe(before);
    expect(await readFile(keyFile, 'utf8')).toContain(`PRIVATE+KEY+${origin}+`);

    // The server signs on with the new key (it read the file again), and the record holds for a
    // verifier that pinned the old one: the change is in the log, endorsed.
    await issueSignalNow(server, 2000);
    // The key entry is public at once, but behind any signal whose window is still open (seconds).
    const keys = await pollUntil(
      async () => {
        const entries = (await (await fetch(`${server.url}/api/track-record/download`)).text())
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as TTrackRecordEntry);
        const found = entries.flatMap((e) => (e.payload.kind === 'key' ? [e.payload] : []));
        return found.length === 2 ? found : false;
      },
      { timeoutMs: 15_000, message: 'the key change did not become public' },
    );
    expect(keys.map((k) => [k.key, k.previous])).toEqual([
      [before, null],
      [after, before],
    ]);
    const report = await verifyTrackRecordOnline({ base: server.url, logKey: before as string });
    expect(report.problems).toEqual([]);
  });

  it('refuses to sign with a key swapped in the file without the log announcing it', async () => {
    await writeFile(keyFile, formatPrivateKey(origin, randomBytes(32)), { mode: 0o600 });
    const error = await issueSignalNow(server, 2000).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('record-key-rotate');
  });
});
