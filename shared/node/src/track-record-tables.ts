import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** What an entry records: a signal issued, its outcome, the log's signing key, the payout in force, a slot's end. */
export type TrackRecordEntryKind = 'signal' | 'outcome' | 'key' | 'payout' | 'slot';

/** One entry of the track record's hash chain; the database refuses UPDATE and DELETE. */
export interface TrackRecordChainTable {
  seq: number;
  kind: TrackRecordEntryKind;
  /** The signal a signal or outcome entry records; null for the log's own entries. */
  signal_id: string | null;
  prev_hash: string;
  hash: string;
  /** Canonical encoding of the payload as appended. */
  payload: string;
  /** From when the entry is public: the end of the signal's primary window (the append for the log's own). */
  public_at: Timestamp;
  appended_at: ColumnType<Date, Date | string | undefined, never>;
  /** Payload version (1 for the first chains, 2 since checkpoints). */
  version: ColumnType<number, number | undefined, never>;
  /** The version 2 payload's salt (hex); null in version 1. */
  salt: ColumnType<string | null, string | null | undefined, never>;
}

/** A completed perfect subtree of the Merkle tree over the chain's entries (level 0: the leaves). */
export interface TrackRecordTreeTable {
  level: number;
  idx: number;
  hash: string;
}

/** A checkpoint in the first, pre-C2SP format (no longer signed; kept as history); append-only. */
export interface TrackRecordCheckpointsTable {
  id: Generated<number>;
  size: number;
  head: string;
  root: string;
  signed_at: string;
  signature: string;
}

/** A checkpoint (signed note) the log signed, one per append and at least one per slot; append-only. */
export interface TrackRecordNotesTable {
  id: Generated<number>;
  size: number;
  /** The Merkle root at `size`, lowercase hex. */
  root: string;
  /** The note as signed: checkpoint text, blank line, the log's signature line(s). */
  note: string;
  signed_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A witness's cosignature of a note, as its signature line came back; append-only. */
export interface TrackRecordCosignaturesTable {
  id: Generated<number>;
  note_id: number;
  /** The witness's key name. */
  witness: string;
  /** Its key ID, 8 lowercase hex digits. */
  key_id: string;
  /** The witness's time of cosigning, POSIX seconds (a bigint column: read back as a string). */
  cosigned_at: ColumnType<string, number | string, never>;
  line: string;
  received_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A checkpoint a witness refused, with its answer: public evidence; append-only. */
export interface TrackRecordWitnessRefusalsTable {
  id: Generated<number>;
  witness: string;
  key_id: string;
  size: number;
  root: string;
  /** The HTTP status the witness answered (0 when the log itself could not offer a consistent checkpoint). */
  status: number;
  reason: string;
  refused_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A checkpoint a member's browser kept that the record no longer extends. */
export interface TrackRecordWitnessReportsTable {
  id: Generated<number>;
  size: number;
  root: string;
  /** The kept signed note (reports since checkpoints are notes). */
  note: string | null;
  /** The first format's fields (null in note reports). */
  head: string | null;
  signed_at: string | null;
  signature: string | null;
  reason: string;
  reported_at: Generated<Date>;
}

export interface TrackRecordTables {
  track_record_chain: TrackRecordChainTable;
  track_record_tree: TrackRecordTreeTable;
  track_record_checkpoints: TrackRecordCheckpointsTable;
  track_record_witness_reports: TrackRecordWitnessReportsTable;
  track_record_notes: TrackRecordNotesTable;
  track_record_cosignatures: TrackRecordCosignaturesTable;
  track_record_witness_refusals: TrackRecordWitnessRefusalsTable;
}
