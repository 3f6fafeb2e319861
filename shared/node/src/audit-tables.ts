import type { ColumnType, Generated } from 'kysely';

/**
 * One admin action: who, what, on whom, the values before and after, why and from where. Append-only: the
 * database refuses UPDATE and DELETE on it. The actor's e-mail is kept on the row so the trail still reads
 * after an account is gone (no foreign keys: a row outlives whatever it names).
 */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  ip: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
