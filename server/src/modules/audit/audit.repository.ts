import type { Database } from '@signalroom/shared-node';
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from './audit-actor.js';

/** JSON for a jsonb column; undefined (nothing to record) is stored as null. */
function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * Appends one audit row. Pass the transaction that makes the change, so the change and its record are
 * written together or not at all.
 */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      target_label: entry.targetLabel ?? null,
      before: json(entry.before),
      after: json(entry.after),
      reason: entry.reason ?? null,
      ip: entry.actor.ip,
    })
    .execute();
}
