import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One entry of the track record's hash chain; the database refuses UPDATE and DELETE. */
export interface TrackRecordChainTable {
  seq: number;
  kind: 'signal' | 'outcome';
  signal_id: string;
  prev_hash: string;
  hash: string;
  /** Canonical encoding of the payload as appended. */
  payload: string;
  /** From when the entry is public: the end of the signal's primary window. */
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

/** A signed checkpoint, in the order signed; append-only. */
export interface TrackRecordCheckpointsTable {
  id: Generated<number>;
  size: number;
  head: string;
  root: string;
  signed_at: string;
  signature: string;
}

/** A signed checkpoint a member's browser kept that the record no longer extends. */
export interface TrackRecordWitnessReportsTable extends Omit<TrackRecordCheckpointsTable, 'id'> {
  id: Generated<number>;
  reason: string;
  reported_at: Generated<Date>;
}

/** Signals written since they were issued, in order (the server's check re-verifies their entries). */
export interface TrackRecordSignalChangesTable {
  id: Generated<string>;
  signal_id: string;
  changed_at: Generated<Date>;
}

export interface TrackRecordTables {
  track_record_chain: TrackRecordChainTable;
  track_record_tree: TrackRecordTreeTable;
  track_record_checkpoints: TrackRecordCheckpointsTable;
  track_record_witness_reports: TrackRecordWitnessReportsTable;
  track_record_signal_changes: TrackRecordSignalChangesTable;
}
