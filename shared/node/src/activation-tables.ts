import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './database.js';

/**
 * Files kept in the database (the default file store): the bytes in `bytea`, so every server process
 * of the distributed shape reads the same files without a shared disk.
 */
export interface StoredFilesTable {
  id: Generated<string>;
  content: Uint8Array;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Date>;
}

/** One proof of deposit sent by a member for activation, and its review. */
export interface ActivationProofsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  broker_account: string;
  /** numeric(14, 2): comes back from pg as a string. */
  deposit_amount: ColumnType<string, number | string, number | string>;
  access_path: 'manual' | 'auto' | null;
  /** Key of the file in the file store (for the database store: a stored_files id). */
  file_key: string;
  /** Detected from the file's bytes. */
  file_type: string;
  file_size: number;
  /** The name the member's device gave the file; shown only. */
  file_name: string;
  submitted_at: Generated<Date>;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  tier: 'silver' | 'pro' | 'gold' | null;
  reason: string | null;
  /**
   * Active content found in the file at upload (`PROOF_ACTIVE_CONTENT` of shared): empty for a clean
   * file, null for a proof stored before files were inspected.
   */
  active_content: ColumnType<string[] | null, string[] | undefined, never>;
}

/** Tables of in-product activation. */
export interface ActivationTables {
  stored_files: StoredFilesTable;
  activation_proofs: ActivationProofsTable;
}
