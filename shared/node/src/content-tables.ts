import type { Generated } from 'kysely';

/** One saved version of one kind of operator content (the highest version of a kind is in force). */
export interface OperatorContentTable {
  kind: 'reviews' | 'offer' | 'successLinks' | 'business';
  version: number;
  /** The validated value, as JSON. */
  body: unknown;
  /** The admin who saved it (null once that account is deleted; the e-mail stays). */
  saved_by: string | null;
  saved_by_email: string;
  saved_at: Generated<Date>;
}

/**
 * A one-time first-run setup token (its SHA-256), printed while no admin exists; all go once one does.
 * It creates no admin after `expires_at` (SETUP_LINK_TTL_HOURS after it was printed).
 */
export interface SetupTokenTable {
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface ContentTables {
  operator_content: OperatorContentTable;
  setup_tokens: SetupTokenTable;
}
