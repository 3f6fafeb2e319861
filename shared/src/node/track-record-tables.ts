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
  appended_at: Generated<Date>;
}

export interface TrackRecordTables {
  track_record_chain: TrackRecordChainTable;
}
