import type { Kysely } from 'kysely';
import type { ModuleLogger } from './logger.js';
import type { RecordSettings } from './record-config.js';
import { openRecordKeyring, type RecordKeyring } from './record-key.js';
import type { Database } from './schema.js';

/**
 * What appends to this database's track record need from the process that runs them, set once by its
 * composition root (the server's start, the worker's, a command-line tool): the keyring, the payout the
 * log states first, and who hears of each checkpoint signed (the witnesses are asked to cosign it).
 */
export interface RecordLog {
  keyring: RecordKeyring;
  /** The payout the log's first payout entry states, when it has none yet. */
  payoutPercent: number;
  /** Tells every listener of a committed checkpoint. */
  announce(checkpoint: { id: number; size: number; note: string }): void;
}

type Listener = (checkpoint: { id: number; size: number; note: string }) => void;

const logs = new WeakMap<
  Kysely<Database>,
  { keyring: RecordKeyring; payoutPercent: number; listeners: Set<Listener> }
>();

/** Attaches the log's settings to the database (again: the payout is updated, the listeners kept). */
export function attachRecordLog(
  db: Kysely<Database>,
  settings: { keyring: RecordKeyring; payoutPercent: number },
): void {
  const existing = logs.get(db);
  if (existing) {
    existing.keyring = settings.keyring;
    existing.payoutPercent = settings.payoutPercent;
  } else {
    logs.set(db, { ...settings, listeners: new Set() });
  }
}

/** Hears every checkpoint this process signs for the database; answers how to stop. */
export function onRecordCheckpoint(db: Kysely<Database>, listener: Listener): () => void {
  const log = logs.get(db);
  if (!log) throw new Error('attach the record log before listening to it (attachRecordLog)');
  log.listeners.add(listener);
  return () => log.listeners.delete(listener);
}

/** The log attached to the database; throws when the composition root attached none. */
export function recordLogOf(db: Kysely<Database>): RecordLog {
  const log = logs.get(db);
  if (!log) throw new Error('the track record log is not attached to this database (attachRecordLog)');
  return {
    keyring: log.keyring,
    payoutPercent: log.payoutPercent,
    announce: (checkpoint) => {
      for (const listener of log.listeners) listener(checkpoint);
    },
  };
}

/**
 * What a composition root does once: opens the key (creating its file on a first start, refusing a key
 * left in the database in production), attaches the log, and has every checkpoint it signs announced
 * (on the bus, so the servers ask the witnesses). Answers the keyring.
 */
export async function openRecordLog(
  db: Kysely<Database>,
  settings: RecordSettings,
  options: { payoutPercent: number; logger: ModuleLogger; announce?: Listener },
): Promise<RecordKeyring> {
  const keyring = await openRecordKeyring(db, settings, options.logger);
  attachRecordLog(db, { keyring, payoutPercent: options.payoutPercent });
  if (options.announce) onRecordCheckpoint(db, options.announce);
  return keyring;
}
