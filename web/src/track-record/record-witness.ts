import {
  checkpointExtends,
  type TTrackRecordCheckpoint,
  verifyCheckpointSignature,
  ZTrackRecordCheckpoint,
} from '@signalroom/shared';
import * as api from '../api/api.js';

/**
 * The witness every member's browser is: it keeps the latest signed checkpoint it has seen (with the
 * key that signed it) in local storage, and on each visit checks that the record still extends it,
 * by the server's consistency proof, verified here. A record that no longer does was rewritten: the
 * page says so and the kept checkpoint goes to the server as proof (kept for admins). The kept
 * checkpoint is never replaced by one that does not extend it.
 */
export const WITNESS_STORAGE_KEY = 'signalroom.trackRecordWitness';

export type WitnessResult =
  | { status: 'holds'; checkpoint: TTrackRecordCheckpoint }
  /** The record no longer extends what this browser kept. */
  | { status: 'rewritten'; kept: TTrackRecordCheckpoint; reason: string }
  /** The record is signed by another key than the one this browser kept. */
  | { status: 'key-changed'; kept: TTrackRecordCheckpoint }
  /** Nothing signed yet, or the server could not be asked (nothing to say). */
  | { status: 'unknown' };

interface Kept {
  publicKey: string;
  checkpoint: TTrackRecordCheckpoint;
}

function readKept(storage: Storage): Kept | null {
  const text = storage.getItem(WITNESS_STORAGE_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { publicKey?: unknown; checkpoint?: unknown };
    const checkpoint = ZTrackRecordCheckpoint.safeParse(value.checkpoint);
    return checkpoint.success && typeof value.publicKey === 'string'
      ? { publicKey: value.publicKey, checkpoint: checkpoint.data }
      : null;
  } catch (error) {
    console.warn('The kept track record checkpoint is unreadable; keeping the next one instead.', error);
    return null;
  }
}

/** Runs the witness's check once; reports a rewrite to the server. */
export async function witnessTrackRecord(storage: Storage = localStorage): Promise<WitnessResult> {
  const [key, head] = await Promise.all([api.trackRecord.key(), api.trackRecord.head()]);
  if (!key.ok || !head.ok || !head.data.checkpoint) return { status: 'unknown' };
  const latest = head.data.checkpoint;
  const kept = readKept(storage);
  const keep = () =>
    storage.setItem(WITNESS_STORAGE_KEY, JSON.stringify({ publicKey: key.data.publicKey, checkpoint: latest }));
  if (!verifyCheckpointSignature(latest, key.data.publicKey)) {
    return kept
      ? { status: 'rewritten', kept: kept.checkpoint, reason: "the latest checkpoint's signature does not verify" }
      : { status: 'unknown' };
  }
  if (!kept) {
    keep();
    return { status: 'holds', checkpoint: latest };
  }
  if (kept.publicKey !== key.data.publicKey) return { status: 'key-changed', kept: kept.checkpoint };
  let proof: string[] = [];
  if (latest.size > kept.checkpoint.size && kept.checkpoint.size > 0) {
    const answer = await api.trackRecord.consistency({ query: { from: kept.checkpoint.size, to: latest.size } });
    if (!answer.ok) return { status: 'unknown' };
    proof = answer.data.proof;
  }
  const comparison = checkpointExtends(kept.checkpoint, latest, proof);
  if (!comparison.ok) {
    const report = await api.trackRecord.witnessReport({ body: { checkpoint: kept.checkpoint } });
    if (!report.ok) console.warn('The rewritten track record could not be reported:', report.message);
    return { status: 'rewritten', kept: kept.checkpoint, reason: comparison.reason };
  }
  keep();
  return { status: 'holds', checkpoint: latest };
}
