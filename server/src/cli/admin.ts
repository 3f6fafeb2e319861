import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AUDIT_REASON_MAX, checkSignupPassword, SIGNUP_EMAIL_PATTERN } from '@signalroom/shared';
import { openRecordLog, recordSettingsOf } from '@signalroom/shared-node';
import { parseConfig } from '../config.js';
import { DataDirLockedError, dataDirFolder, runningDataDirs } from '../db/data-dir-lock.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  createOrPromoteAdmin,
  findAdminByEmail,
  promoteAdminByEmail,
  revokeAdminByEmail,
} from '../modules/admin/admin-accounts.js';
import { repairTrackRecord } from '../modules/track-record/track-record.repair.js';
import { RECORD_KEY_COMMANDS, RECORD_KEY_USAGE, runRecordKeyCommand } from './record-key.commands.js';

const USAGE = `Usage:
  npm run admin -- create <email> <password> [full name]   create an admin (or promote that account)
  npm run admin -- promote <email>                          make an existing account an admin
  npm run admin -- revoke <email>                           make an admin a member again (not the last one)
  npm run admin -- track-record-repair --by <admin email> --reason "<why>"
                                                            append the signals the track record lacks, audited
${RECORD_KEY_USAGE}`;

type AdminConfig = ReturnType<typeof parseConfig>;

/**
 * Runs one admin command against the configured database (DATABASE_URL, else the embedded one) and
 * answers its outcome, then on a second line the database it used: an operator whose server runs with
 * another DATA_DIR sees at once that this one made a new database instead of changing theirs.
 */
export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: { registry?: string } = {},
): Promise<string> {
  const [command, ...args] = argv;
  const commands: readonly string[] = ['create', 'promote', 'revoke', 'track-record-repair', ...RECORD_KEY_COMMANDS];
  if (!command || !commands.includes(command)) throw new Error(USAGE);
  const config = parseConfig(env, { forServer: false });
  refuseBesideRunningServer(config, options.registry);
  const where = databaseNote(config);
  const outcome =
    command === 'track-record-repair'
      ? await runTrackRecordRepair(args, config)
      : command.startsWith('record-key-')
        ? await runKeyCommand(command, args, config)
        : await runAccountCommand(command, args, config);
  return `${outcome}\n${where}`;
}

/**
 * Refuses to create a new embedded database while a server on this machine runs on another folder: the
 * operator meant that server's database and only forgot its DATA_DIR. Says which folder to use.
 */
function refuseBesideRunningServer(config: AdminConfig, registry: string | undefined): void {
  const folder = config.DATABASE_URL ? null : dataDirFolder(config.DATA_DIR);
  if (!folder || existsSync(join(resolve(folder), 'PG_VERSION'))) return;
  const path = resolve(folder);
  const here = existsSync(path) ? realpathSync(path) : path;
  const elsewhere = runningDataDirs(registry).filter((entry) => entry.dir !== here);
  const [server] = elsewhere;
  if (!server) return;
  throw new Error(
    `No database in ${here}, and a Signalroom server (PID ${server.pid}) is running on ${server.dir}. ` +
      `This command would create a second, empty database that server never reads. Run it with DATA_DIR=${server.dir} ` +
      '(stop that server first: the embedded database takes one process at a time), or set ADMIN_EMAIL/ADMIN_PASSWORD ' +
      'for its next start, or open the setup link it printed.',
  );
}

/** Which database a command is about to use, said before it opens it (opening creates a new one). */
function databaseNote(config: AdminConfig): string {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return `Database: PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname} (DATABASE_URL).`;
  }
  const folder = dataDirFolder(config.DATA_DIR);
  if (!folder) return `Database: the embedded one at ${config.DATA_DIR}.`;
  const path = resolve(folder);
  return existsSync(join(path, 'PG_VERSION'))
    ? `Database: the embedded one in ${path} (DATA_DIR).`
    : `Database: a NEW embedded one, created in ${path}: no server had used this folder. If your server runs ` +
        'with another DATA_DIR, run this command again with that DATA_DIR set.';
}

async function runAccountCommand(command: string, args: string[], config: AdminConfig): Promise<string> {
  const [email, ...rest] = args;
  if (!email) throw new Error(USAGE);
  if (!SIGNUP_EMAIL_PATTERN.test(email)) throw new Error(`Not an e-mail address: ${email}`);
  const database = await openAdminDatabase(config);
  try {
    await migrateToLatest(database.db);
    const now = new Date();
    if (command === 'create') {
      const [password, ...name] = rest;
      if (!password) throw new Error(USAGE);
      const weak = checkSignupPassword(password);
      if (weak) throw new Error(weak);
      const { change } = await createOrPromoteAdmin(database.db, { email, password, fullName: name.join(' ') }, now);
      return change === 'created'
        ? `Admin ${email} created.`
        : `Account ${email} ${change === 'promoted' ? 'promoted to admin' : 'is already an admin'} (password unchanged).`;
    }
    if (command === 'promote') {
      const result = await promoteAdminByEmail(database.db, email, now);
      if (!result) throw new Error(`No account for ${email}.`);
      return result.change === 'unchanged' ? `${email} is already an admin.` : `${email} is now an admin.`;
    }
    const result = await revokeAdminByEmail(database.db, email);
    if (!result) throw new Error(`No account for ${email}.`);
    return result.change === 'unchanged' ? `${email} is not an admin.` : `${email} is no longer an admin.`;
  } finally {
    await database.close();
  }
}

/**
 * The explicit, audited repair of the track record: appends the entries of signals written around the
 * chain (start-up never does), as version 2 entries stamped with today's append time, and records who
 * ran it and why in the audit log, in the same transaction.
 */
async function runTrackRecordRepair(args: string[], config: AdminConfig): Promise<string> {
  const { values } = parseArgs({ args, options: { by: { type: 'string' }, reason: { type: 'string' } } });
  const reason = values.reason?.trim() ?? '';
  if (!values.by || reason.length < 10 || reason.length > AUDIT_REASON_MAX) {
    throw new Error(`${USAGE}
(--reason: 10 to ${AUDIT_REASON_MAX} characters saying why the record lacks these signals)`);
  }
  const database = await openAdminDatabase(config);
  try {
    await migrateToLatest(database.db);
    const admin = await findAdminByEmail(database.db, values.by);
    if (!admin) throw new Error(`No admin account for ${values.by}.`);
    // The repair's entries are signed like any others: with the key from its file, never the database.
    await openRecordLog(database.db, recordSettingsFor(config), {
      payoutPercent: config.PAYOUT_PERCENT,
      logger: { debug() {}, info() {}, warn: (_d, m) => console.warn(m), error: (_d, m) => console.error(m) },
    });
    const repair = await repairTrackRecord(
      database.db,
      { id: admin.id, email: admin.email, ip: null },
      reason,
      new Date(),
    );
    return repair.appended === 0
      ? 'The track record lacks nothing: no entry appended.'
      : `Appended ${repair.appended} entries (#${repair.firstSeq} to #${repair.lastSeq}) to the track record; audited.`;
  } finally {
    await database.close();
  }
}

/** The record's settings as the server resolves them (the key file in the embedded data folder by default). */
function recordSettingsFor(config: AdminConfig) {
  return recordSettingsOf(config, config.DATABASE_URL ? undefined : config.DATA_DIR);
}

async function runKeyCommand(command: string, args: string[], config: AdminConfig): Promise<string> {
  const database = await openAdminDatabase(config);
  try {
    await migrateToLatest(database.db);
    return await runRecordKeyCommand(command, args, {
      db: database.db,
      settings: recordSettingsFor(config),
      payoutPercent: config.PAYOUT_PERCENT,
    });
  } finally {
    await database.close();
  }
}

/** The configured database; a running server on the embedded database is a clear refusal, not lost writes. */
async function openAdminDatabase(config: AdminConfig): Promise<DatabaseHandle> {
  try {
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolMax: 2,
      connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
      queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
    for (const warning of database.warnings) console.warn(warning);
    return database;
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `The Signalroom server is running on ${error.dir}${error.holder ? ` (PID ${error.holder})` : ''}. ` +
        'Stop the server first, then run this command again: the embedded database takes one process at a time, ' +
        'and a change made beside a running server would be lost. ' +
        '(Or set ADMIN_EMAIL/ADMIN_PASSWORD for the next start, or use the distributed shape with DATABASE_URL.)',
    );
  }
}

// Run only as a script (tests import runAdminCommand).
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  runAdminCommand(process.argv.slice(2))
    .then((line) => {
      console.log(line);
      process.exit(0);
    })
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
