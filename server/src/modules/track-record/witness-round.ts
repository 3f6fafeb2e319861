import { consistencyProof, readCheckpointNote, verifiedCosignatures } from '@signalroom/shared';
import {
  ADD_CHECKPOINT_PATH,
  formatAddCheckpointRequest,
  formatKeyId,
  formatSignatureLine,
  parseSignatureLines,
  parseTlogSize,
  parseVerifierKey,
} from '@signalroom/shared/tlog';
import { type ModuleLogger, nodeSha256, type RecordVerifier, type WitnessSetting } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';

/**
 * Asks every configured witness to cosign the log's latest checkpoint, as the C2SP witness protocol
 * has it: `POST <url>/add-checkpoint` with the size the witness last cosigned, the consistency proof from
 * there (computed from the tree this process verified) and the signed note. A 409 names the size the
 * witness holds: the log answers once more from that size. Every cosignature that verifies is kept;
 * every refusal is kept as public evidence (the witness's status and words). A witness that does not
 * answer is only logged: the next round asks again, and figures wait for it. Issuing never waits on a
 * round: it runs after the append committed.
 */
export interface WitnessRoundResult {
  noteId: number;
  size: number;
  cosigned: string[];
  refused: string[];
  unreachable: string[];
}

export interface WitnessRoundDeps {
  db: Db;
  verifier: RecordVerifier;
  witnesses: readonly WitnessSetting[];
  logger: ModuleLogger;
  /** Longest wait for one witness's answer. */
  timeoutMs?: number;
}

type Outcome = 'cosigned' | 'refused' | 'unreachable';

/** Rounds run one at a time in a process (each asks every witness for the latest checkpoint anyway). */
const rounds = new WeakMap<Db, Promise<unknown>>();

export function runWitnessRound(deps: WitnessRoundDeps): Promise<WitnessRoundResult | null> {
  const previous = rounds.get(deps.db) ?? Promise.resolve();
  // Rounds run one after another; the previous round's failure was its own caller's to handle.
  const next = previous.catch(() => undefined).then(() => round(deps));
  rounds.set(deps.db, next);
  return next;
}

async function round(deps: WitnessRoundDeps): Promise<WitnessRoundResult | null> {
  const { db, verifier } = deps;
  await verifier.catchUp(db);
  const note = await latestNote(db);
  if (!note || deps.witnesses.length === 0) return null;
  if (note.size > verifier.size) await verifier.catchUp(db);
  const result: WitnessRoundResult = { noteId: note.id, size: note.size, cosigned: [], refused: [], unreachable: [] };
  const done = new Set(
    (await db.selectFrom('track_record_cosignatures').select('witness').where('note_id', '=', note.id).execute()).map(
      (row) => row.witness,
    ),
  );
  const outcomes = await Promise.all(
    deps.witnesses.map((w) => (done.has(w.name) ? Promise.resolve<Outcome>('cosigned') : askWitness(deps, w, note))),
  );
  for (const [i, w] of deps.witnesses.entries()) result[outcomes[i] as Outcome].push(w.name);
  return result;
}

/** The size each witness last said it holds, as this process heard it (a 200 or a 409), by witness name. */
const heard = new WeakMap<Db, Map<string, number>>();

async function knownSize(db: Db, witness: WitnessSetting): Promise<number> {
  const remembered = heard.get(db)?.get(witness.name);
  if (remembered !== undefined) return remembered;
  const row = await db
    .selectFrom('track_record_cosignatures as c')
    .innerJoin('track_record_notes as n', 'n.id', 'c.note_id')
    .select((eb) => eb.fn.max('n.size').as('size'))
    .where('c.witness', '=', witness.name)
    .executeTakeFirst();
  return Number(row?.size ?? 0);
}

function remember(db: Db, witness: WitnessSetting, size: number): void {
  let sizes = heard.get(db);
  if (!sizes) {
    sizes = new Map();
    heard.set(db, sizes);
  }
  sizes.set(witness.name, size);
}

type NoteRow = { id: number; size: number; root: string; note: string };

/** How many times a round answers a 409 (another process may be cosigning the same log meanwhile). */
const SIZE_ANSWERS = 4;

async function askWitness(deps: WitnessRoundDeps, witness: WitnessSetting, first: NoteRow): Promise<Outcome> {
  const { db, verifier, logger } = deps;
  const keyId = formatKeyId(parseVerifierKey(witness.verifierKey).keyId);
  let note = first;
  const refuse = async (status: number, reason: string): Promise<Outcome> => {
    await db
      .insertInto('track_record_witness_refusals')
      .values({ witness: witness.name, key_id: keyId, size: note.size, root: note.root, status, reason })
      .execute();
    logger.error({ witness: witness.name, size: note.size, status, reason }, 'track record: a witness refused');
    return 'refused';
  };
  let old = await knownSize(db, witness);
  for (let attempt = 0; attempt < SIZE_ANSWERS; attempt += 1) {
    if (old > note.size) {
      // The witness holds more than this checkpoint: another process sent a newer one, or entries are gone.
      await verifier.catchUp(db);
      const latest = await latestNote(db);
      if (!latest || old > latest.size) {
        return refuse(
          0,
          `the witness has cosigned ${old} entries of this log, which now holds ${latest?.size ?? 0}: entries were removed`,
        );
      }
      note = latest;
      continue;
    }
    const proof =
      old === 0 || old === note.size ? [] : consistencyProof(verifier.tree.nodes, old, note.size, nodeSha256);
    let response: Response;
    try {
      response = await fetch(`${witness.url}${ADD_CHECKPOINT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: formatAddCheckpointRequest({ oldSize: old, proof, checkpointNote: note.note }),
        signal: AbortSignal.timeout(deps.timeoutMs ?? 5000),
      });
    } catch (error) {
      logger.warn(
        { witness: witness.name, err: error },
        'track record: a witness did not answer; the next round asks again',
      );
      return 'unreachable';
    }
    // A body cut short says nothing more than its status, which decides below.
    const text = await response.text().catch(() => '');
    if (response.status === 200) {
      remember(db, witness, note.size);
      return keepCosignatures(deps, witness, note, text);
    }
    if (response.status === 409) {
      try {
        old = parseTlogSize(text);
        remember(db, witness, old);
        continue;
      } catch {
        // A 409 without a size to go on: the witness's answer is the refusal, below.
      }
    }
    if (response.status >= 500) {
      logger.warn(
        { witness: witness.name, status: response.status },
        'track record: a witness failed; asking again later',
      );
      return 'unreachable';
    }
    return refuse(response.status, text.trim().slice(0, 500) || `HTTP ${response.status}`);
  }
  // Other processes kept moving the witness on: the next round asks again.
  return 'unreachable';
}

async function latestNote(db: Db): Promise<NoteRow | undefined> {
  return db
    .selectFrom('track_record_notes')
    .select(['id', 'size', 'root', 'note'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores the answer's cosignatures that verify under the witness's key over this note. */
async function keepCosignatures(
  deps: WitnessRoundDeps,
  witness: WitnessSetting,
  note: { id: number; size: number; note: string },
  answer: string,
): Promise<Outcome> {
  let lines: ReturnType<typeof parseSignatureLines>;
  try {
    lines = parseSignatureLines(answer);
  } catch (error) {
    deps.logger.warn({ witness: witness.name, err: error }, 'track record: a witness answered no signature lines');
    return 'unreachable';
  }
  const read = readCheckpointNote(note.note);
  const [verified] = verifiedCosignatures({ body: read.body, signatures: lines }, [witness.verifierKey]);
  if (!verified) {
    deps.logger.warn({ witness: witness.name }, "track record: a witness's answer holds no cosignature of its key");
    return 'unreachable';
  }
  await deps.db
    .insertInto('track_record_cosignatures')
    .values({
      note_id: note.id,
      witness: witness.name,
      key_id: formatKeyId(verified.signature.keyId),
      cosigned_at: verified.timestamp,
      line: formatSignatureLine(verified.signature),
    })
    .onConflict((oc) => oc.columns(['note_id', 'witness', 'key_id']).doNothing())
    .execute();
  return 'cosigned';
}
