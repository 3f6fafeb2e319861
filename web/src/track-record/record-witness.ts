import {
  hexToBytes,
  noteSignedBy,
  type ReadCheckpointNote,
  readCheckpointNote,
  type TRecordWitnessing,
  verifiedCosignatures,
  verifyConsistency,
} from '@signalroom/shared';

/**
 * The witness every visitor's browser is. On each visit it reads the latest checkpoint (a signed note)
 * and checks it here, not by the server's word: the log's signature, and the cosignatures of the
 * witnesses the site names, each verified under its key. It keeps the newest checkpoint that a quorum
 * cosigned in local storage and checks that the log still extends it (the server's consistency proof,
 * verified here). A log that no longer does was rewritten: the page says so and the kept checkpoint goes
 * to the server as proof. A first visit has nothing kept: it trusts the witnesses' cosignatures.
 */
export const WITNESS_STORAGE_KEY = 'signalroom.trackRecordWitness';

export interface Cosigned {
  /** Witnesses whose cosignature of the latest checkpoint verified in this browser. */
  names: string[];
  quorum: number;
  total: number;
  /** The newest of their times (ISO), or null. */
  latestAt: string | null;
}

export type WitnessResult =
  | { status: 'holds'; cosigned: Cosigned; size: number }
  /** The log no longer extends what this browser kept. */
  | { status: 'rewritten'; kept: KeptCheckpoint; reason: string; cosigned: Cosigned }
  /** The log is signed by another key than the one this browser kept. */
  | { status: 'key-changed'; kept: KeptCheckpoint; cosigned: Cosigned }
  /** Nothing signed yet, or the server could not be asked (nothing to say). */
  | { status: 'unknown' };

export interface KeptCheckpoint {
  verifierKey: string;
  note: string;
  size: number;
  root: string;
  /** When this browser kept it (ISO). */
  keptAt: string;
}

function readKept(storage: Storage): KeptCheckpoint | null {
  const text = storage.getItem(WITNESS_STORAGE_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptCheckpoint>;
    if (typeof value.note !== 'string' || typeof value.verifierKey !== 'string') return null;
    const read = readCheckpointNote(value.note);
    return {
      verifierKey: value.verifierKey,
      note: value.note,
      size: read.checkpoint.size,
      root: read.rootHex,
      keptAt: typeof value.keptAt === 'string' ? value.keptAt : '',
    };
  } catch (error) {
    // A checkpoint kept in the first format, or damaged: the next cosigned one is kept instead.
    console.warn('The kept track record checkpoint is unreadable; keeping the next one instead.', error);
    return null;
  }
}

// Bare fetches, not the API client: this module loads lazily on public pages, and the client's schemas
// would come with it into the page's first script.
async function latestNote(): Promise<string | null> {
  // Past any cache: the checkpoint may be kept a few seconds by caches, and this check wants the latest.
  const response = await fetch('/api/track-record/checkpoint', {
    headers: { accept: 'text/plain' },
    cache: 'no-store',
  });
  return response.ok ? response.text() : null;
}

async function readJson<T>(path: string, init?: RequestInit): Promise<T | null> {
  const response = await fetch(path, {
    cache: 'no-store',
    ...init,
    headers: { accept: 'application/json', ...init?.headers },
  });
  if (!response.ok) return null;
  return ((await response.json()) as { data: T }).data;
}

/** The cosignatures of the note that verify under the witnesses the site names. */
export function cosignedBy(read: ReadCheckpointNote, status: TRecordWitnessing): Cosigned {
  const verified = verifiedCosignatures(
    read,
    status.witnesses.map((w) => w.verifierKey),
  );
  const latest = verified.reduce((max, c) => Math.max(max, c.timestamp), 0);
  return {
    names: verified.map((c) => c.witness),
    quorum: status.quorum,
    total: status.total,
    latestAt: latest > 0 ? new Date(latest * 1000).toISOString() : null,
  };
}

/** Runs the witness's check once; reports a rewrite to the server. */
export async function witnessTrackRecord(storage: Storage = localStorage): Promise<WitnessResult> {
  const status = await readJson<TRecordWitnessing>('/api/track-record/witnesses');
  // An empty log has signed nothing yet: nothing to check, nothing to keep.
  if (!status?.verifierKey || status.size === 0) return { status: 'unknown' };
  const note = await latestNote();
  if (!note) return { status: 'unknown' };
  const verifierKey = status.verifierKey;
  let read: ReadCheckpointNote;
  try {
    read = readCheckpointNote(note);
  } catch {
    // A checkpoint this browser cannot read says nothing either way.
    return { status: 'unknown' };
  }
  const cosigned = cosignedBy(read, status);
  const kept = readKept(storage);
  if (!noteSignedBy(read, verifierKey)) {
    return kept
      ? { status: 'rewritten', kept, reason: "the latest checkpoint's signature does not verify", cosigned }
      : { status: 'unknown' };
  }
  // Only a checkpoint the witnesses vouch for is kept (with no witnesses configured, the log's own).
  const keep = () => {
    if (cosigned.names.length < cosigned.quorum) return;
    storage.setItem(WITNESS_STORAGE_KEY, JSON.stringify({ verifierKey, note, keptAt: new Date().toISOString() }));
  };
  if (!kept) {
    keep();
    return { status: 'holds', cosigned, size: read.checkpoint.size };
  }
  if (kept.verifierKey !== verifierKey) return { status: 'key-changed', kept, cosigned };
  const reason = await disagreement(kept, read);
  if (reason) {
    const report = await fetch('/api/track-record/witness-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkpoint: kept.note }),
    });
    if (!report.ok) console.warn('The rewritten track record could not be reported:', report.status);
    return { status: 'rewritten', kept, reason, cosigned };
  }
  keep();
  return { status: 'holds', cosigned, size: read.checkpoint.size };
}

/** Why the latest checkpoint does not extend the kept one, or null when it does (or cannot be asked). */
async function disagreement(kept: KeptCheckpoint, latest: ReadCheckpointNote): Promise<string | null> {
  const size = latest.checkpoint.size;
  if (size < kept.size) return `the log now holds ${size} entries, fewer than the ${kept.size} it signed`;
  if (size === kept.size) return latest.rootHex === kept.root ? null : `entry #${size} or one before it changed`;
  if (kept.size === 0) return null;
  const answer = await readJson<{ proof: string[] }>(
    `/api/track-record/proofs/consistency?from=${kept.size}&to=${size}`,
  );
  if (!answer) return null;
  const holds = verifyConsistency(
    kept.size,
    size,
    hexToBytes(kept.root),
    latest.checkpoint.rootHash,
    answer.proof.map(hexToBytes),
  );
  return holds ? null : `the log of ${size} entries does not extend the one of ${kept.size} your browser kept`;
}
