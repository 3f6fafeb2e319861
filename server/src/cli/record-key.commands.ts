import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AUDIT_REASON_MAX } from '@signalroom/shared';
import { ed25519NoteSigner } from '@signalroom/shared/tlog';
import {
  createRecordVerifier,
  type Database,
  formatPrivateKey,
  moveLegacyKeyToFile,
  nextKeyFile,
  openRecordLog,
  parsePrivateKey,
  type RecordSettings,
  replaceKeyFile,
  rotateRecordKey,
} from '@signalroom/shared-node';
import type { Kysely } from 'kysely';
import { findAdminByEmail } from '../modules/admin/admin-accounts.js';
import { recordAudit } from '../modules/audit/audit.repository.js';

/**
 * The track record's key from the command line, each change audited with the admin who made it and why:
 * `record-key-export` moves a key older releases kept in the database into its own file;
 * `record-key-import` installs a key file (a restored backup, another machine's copy) as this
 * deployment's, only if it is the key the log announced; `record-key-rotate` changes the key in public:
 * the log gains an entry naming the new key, endorsed by the old one, and a checkpoint signed by both.
 */
export const RECORD_KEY_USAGE = `  npm run admin -- record-key-export --file <path> --by <admin email> [--reason "<why>"]
                                                            move the signing key out of the database into its own file
  npm run admin -- record-key-import --file <path> --by <admin email> --reason "<why>"
                                                            install a key file as RECORD_SIGNING_KEY_FILE (the log's own key only)
  npm run admin -- record-key-rotate --by <admin email> --reason "<why>"
                                                            change the signing key, announced and endorsed in the log`;

export const RECORD_KEY_COMMANDS = ['record-key-export', 'record-key-import', 'record-key-rotate'] as const;

interface Context {
  db: Kysely<Database>;
  settings: RecordSettings;
  payoutPercent: number;
}

function options(args: string[], needsReason: boolean) {
  const { values } = parseArgs({
    args,
    options: { file: { type: 'string' }, by: { type: 'string' }, reason: { type: 'string' } },
  });
  const reason = values.reason?.trim() ?? '';
  if (!values.by || (needsReason && (reason.length < 10 || reason.length > AUDIT_REASON_MAX))) {
    throw new Error(`${RECORD_KEY_USAGE}\n(--reason: 10 to ${AUDIT_REASON_MAX} characters saying why)`);
  }
  return { ...values, reason };
}

async function adminBy(db: Kysely<Database>, email: string) {
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw new Error(`No admin account for ${email}.`);
  return { id: admin.id, email: admin.email, ip: null };
}

/** The key the log announced last, from the log itself (verified as any reader would). */
async function logKeyOf(db: Kysely<Database>): Promise<string | null> {
  const verifier = createRecordVerifier();
  await verifier.catchUp(db);
  return verifier.currentKey();
}

export async function runRecordKeyCommand(command: string, args: string[], ctx: Context): Promise<string> {
  if (command === 'record-key-export') {
    const { file, by, reason } = options(args, false);
    const path = resolve(file ?? ctx.settings.keyFile ?? '');
    if (!file && !ctx.settings.keyFile) throw new Error(RECORD_KEY_USAGE);
    const actor = await adminBy(ctx.db, by as string);
    await moveLegacyKeyToFile(ctx.db, path, ctx.settings.origin ?? ctx.settings.defaultOrigin, {
      ...actor,
      reason: reason || 'the signing key leaves the database it signs for',
    });
    return `The signing key is now in ${path} (mode 600) and no longer in the database; audited. Set RECORD_SIGNING_KEY_FILE=${path} and keep the file out of database backups.`;
  }
  if (command === 'record-key-import') {
    const { file, by, reason } = options(args, true);
    if (!file || !ctx.settings.keyFile) throw new Error(RECORD_KEY_USAGE);
    const actor = await adminBy(ctx.db, by as string);
    const { name, seed } = parsePrivateKey(await readFile(file, 'utf8'), file);
    const offered = ed25519NoteSigner(name, seed).verifierKey;
    const logKey = await logKeyOf(ctx.db);
    if (logKey !== null && logKey !== offered) {
      throw new Error(
        `${file} holds ${offered}, not the log's key ${logKey}: a different key would be a silent swap. ` +
          'Change the key in public instead: npm run admin -- record-key-rotate.',
      );
    }
    await replaceKeyFile(ctx.settings.keyFile, formatPrivateKey(name, seed));
    await recordAudit(ctx.db, {
      actor,
      action: 'track-record.key-imported',
      targetType: 'track-record',
      targetId: null,
      targetLabel: ctx.settings.keyFile,
      after: { verifierKey: offered },
      reason,
    });
    return `Installed ${offered} as ${ctx.settings.keyFile}; audited.`;
  }
  const { by, reason } = options(args, true);
  const keyFile = ctx.settings.keyFile;
  if (!keyFile)
    throw new Error('The log keeps its key in memory here (no RECORD_SIGNING_KEY_FILE): nothing to rotate.');
  const actor = await adminBy(ctx.db, by as string);
  const keyring = await openRecordLog(ctx.db, ctx.settings, {
    payoutPercent: ctx.payoutPercent,
    logger: { debug() {}, info() {}, warn: (_d, m) => console.warn(m), error: (_d, m) => console.error(m) },
  });
  const seed = randomBytes(32);
  const next = ed25519NoteSigner(keyring.origin, seed);
  const rotated = await rotateRecordKey(ctx.db, next, new Date(), {
    // The next key reaches the disk before the log names it; it replaces the old one once the log did.
    replaceFile: () => replaceKeyFile(nextKeyFile(keyFile), formatPrivateKey(keyring.origin, seed)),
    within: (trx, seq) =>
      recordAudit(trx, {
        actor,
        action: 'track-record.key-rotated',
        targetType: 'track-record',
        targetId: null,
        targetLabel: `entry #${seq}`,
        after: { verifierKey: next.verifierKey },
        reason,
      }),
  });
  await rename(nextKeyFile(keyFile), keyFile);
  return (
    `The log's key is now ${next.verifierKey} (entry #${rotated.seq}, endorsed by the old key; the checkpoint of ` +
    `${rotated.checkpoint.size} entries carries both signatures); audited. Give the new key to your witnesses ` +
    `(--log-key) and copy ${keyFile} to every machine that signs.`
  );
}
