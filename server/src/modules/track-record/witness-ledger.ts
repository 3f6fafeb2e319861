import {
  bytesToHex,
  createQuorumIndex,
  type QuorumIndex,
  quorumTime,
  readCheckpointNote,
  verifiedCosignatures,
} from '@signalroom/shared';
import type { RecordVerifier, WitnessSetting } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';

/**
 * What the configured witnesses have said of the log, read from the stored cosignatures and refusals
 * and believed only as far as they verify: each cosignature under its witness's key (from the
 * configuration, never from the database), over a note whose text the log signed. From them: when a
 * quorum had first cosigned a checkpoint covering each entry (the time that bounds when it was logged),
 * and each witness's latest word. The newest cosignature of each witness must also name this log's
 * root at its size: a witness that cosigned another history means this one was rewritten since.
 */
export interface WitnessState {
  name: string;
  verifierKey: string;
  /** The newest checkpoint it cosigned: its size and the witness's time (seconds). */
  latest: { size: number; timestamp: number } | null;
  /** Its newest refusal, when newer than its newest cosignature. */
  refusal: { size: number; status: number; reason: string; at: Date } | null;
}

export interface WitnessLedger {
  /** Reads what was stored since; answers a break found (a cosigned root that is not this log's). */
  catchUp(db: Db): Promise<{ brokenAt: number; reason: string } | null>;
  /**
   * When a quorum had first cosigned a checkpoint holding entry `seq` (ms), or null. With a quorum of 0
   * this is never asked: the log's own append time stands in.
   */
  witnessedAt(seq: number): number | null;
  /** The newest time a quorum cosigned one checkpoint (ms), and that checkpoint's size. */
  latestQuorum(): { size: number; at: number } | null;
  witnesses(): WitnessState[];
}

interface NoteQuorum {
  size: number;
  /** Verified cosignature times by witness name (seconds). */
  times: Map<string, number>;
}

export function createWitnessLedger(
  verifier: RecordVerifier,
  settings: { witnesses: readonly WitnessSetting[]; quorum: number },
): WitnessLedger {
  const keys = settings.witnesses.map((w) => w.verifierKey);
  const notes = new Map<number, NoteQuorum>();
  const states = new Map<string, WitnessState>(
    settings.witnesses.map((w) => [w.name, { name: w.name, verifierKey: w.verifierKey, latest: null, refusal: null }]),
  );
  /** The newest cosignature of each witness, still to be checked against this log's root at its size. */
  const newest = new Map<string, { size: number; root: string }>();
  let lastCosignature = 0;
  let lastRefusal = 0;
  let index: QuorumIndex = createQuorumIndex([]);
  let dirty = false;

  /** The quorum checkpoints as they stand, indexed again after new cosignatures. */
  function current(): QuorumIndex {
    if (dirty) {
      index = createQuorumIndex(
        [...notes.values()].flatMap((n) => {
          const at = quorumTime([...n.times.values()], settings.quorum);
          return at === null ? [] : [{ size: n.size, at: at * 1000 }];
        }),
      );
      dirty = false;
    }
    return index;
  }

  async function readCosignatures(db: Db): Promise<void> {
    for (;;) {
      const rows = await db
        .selectFrom('track_record_cosignatures as c')
        .innerJoin('track_record_notes as n', 'n.id', 'c.note_id')
        .select(['c.id', 'c.note_id', 'c.witness', 'c.line', 'n.size', 'n.root', 'n.note'])
        .where('c.id', '>', lastCosignature)
        .orderBy('c.id')
        .limit(2000)
        .execute();
      for (const row of rows) {
        lastCosignature = row.id;
        const state = states.get(row.witness);
        if (!state) continue;
        const read = safeRead(`${row.note}${row.line.endsWith('\n') ? row.line : `${row.line}\n`}`);
        if (!read || read.rootHex !== row.root || read.checkpoint.size !== row.size) continue;
        const [verified] = verifiedCosignatures(read, [state.verifierKey]);
        if (!verified) continue;
        const note = notes.get(row.note_id) ?? { size: row.size, times: new Map() };
        note.times.set(state.name, verified.timestamp);
        notes.set(row.note_id, note);
        dirty = true;
        if (!state.latest || row.size >= state.latest.size) {
          state.latest = { size: row.size, timestamp: verified.timestamp };
          newest.set(state.name, { size: row.size, root: row.root });
          if (state.refusal && state.refusal.at.getTime() <= verified.timestamp * 1000) state.refusal = null;
        }
      }
      if (rows.length < 2000) return;
      // Long histories are read in slices: other requests get the event loop between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function readRefusals(db: Db): Promise<void> {
    const rows = await db
      .selectFrom('track_record_witness_refusals')
      .selectAll()
      .where('id', '>', lastRefusal)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      lastRefusal = row.id;
      const state = states.get(row.witness);
      if (!state) continue;
      const at = new Date(row.refused_at);
      if (!state.latest || state.latest.timestamp * 1000 < at.getTime()) {
        state.refusal = { size: row.size, status: row.status, reason: row.reason, at };
      }
    }
  }

  return {
    async catchUp(db) {
      await readCosignatures(db);
      await readRefusals(db);
      for (const [name, cosigned] of newest) {
        if (cosigned.size > verifier.size) {
          return {
            brokenAt: verifier.size + 1,
            reason: `witness ${name} cosigned ${cosigned.size} entries; the log holds ${verifier.size}`,
          };
        }
        if (bytesToHex(verifier.tree.rootAt(cosigned.size)) !== cosigned.root) {
          return {
            brokenAt: Math.max(1, cosigned.size),
            reason: `witness ${name} cosigned another history at ${cosigned.size} entries: the log was rewritten since`,
          };
        }
      }
      newest.clear();
      return null;
    },
    witnessedAt: (seq) => current().witnessedAt(seq),
    latestQuorum: () => current().latest(),
    witnesses: () => [...states.values()].map((s) => ({ ...s })),
  };
}

function safeRead(note: string) {
  try {
    return readCheckpointNote(note);
  } catch {
    // A stored note that does not parse holds no cosignature this log can count.
    return null;
  }
}
